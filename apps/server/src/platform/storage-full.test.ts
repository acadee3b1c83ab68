import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import type { DocumentSummary, Space, SpaceFile } from '@lumen/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, jobs } from '../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../test/build-test-app.ts';
import { type S3Peer, startS3Peer } from '../test/fakes/s3-peer.ts';
import { type FilePart, postFiles, postSpaceFiles } from '../test/multipart.ts';
import { type Actor, callApi, createTeamWithAdmin, errorOf } from '../test/team-fixtures.ts';
import { AppError } from './errors.ts';
import { createLocalStorage, reportFullStorage, type Storage } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

const FULL_MESSAGE = 'Lumen has run out of storage space, so the file was not saved. Please tell your administrator.';

/** What fs throws when a write meets a full disk. */
function noSpaceLeft(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/** Passes the first chunk on (it reaches the staged file), then fails the way the write of the next one would. */
async function* runOutOfSpace(source: Readable | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    yield chunk as Uint8Array;
    throw noSpaceLeft();
  }
  throw noSpaceLeft();
}

/**
 * The real local disk driver under `root`, with a disk that can fill up: `fill(room)` lets `room` more objects be
 * written, then every write fails part-way with ENOSPC; `free()` makes room again.
 */
function createFillingDisk(root: string) {
  const disk = createLocalStorage(root);
  let room = Number.POSITIVE_INFINITY;
  const storage: Storage = {
    put(source, options) {
      if (room <= 0) return disk.put(runOutOfSpace(source), options);
      room -= 1;
      return disk.put(source, options);
    },
    open: (key) => disk.open(key),
    delete: (key) => disk.delete(key),
    exists: (key) => disk.exists(key),
  };
  return {
    storage,
    fill(roomLeft = 0) {
      room = roomLeft;
    },
    free() {
      room = Number.POSITIVE_INFINITY;
    },
  };
}

/** Every file under `dir`, staged ones (`.tmp/…`) included. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

function expectStorageFull(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(507);
  expect(errorOf(response)).toEqual({
    code: 'INSUFFICIENT_STORAGE',
    reason: 'STORAGE_FULL',
    message: FULL_MESSAGE,
  });
}

describe('the app on a full disk', () => {
  let ctx: TestContext;
  let root: string;
  let disk: ReturnType<typeof createFillingDisk>;
  let owner: Actor;
  let space: Space;

  const storedFiles = () => filesUnder(root);
  const fileRows = async () => (await ctx.app.database.db.select({ id: files.id }).from(files)).length;
  const jobRows = async () => (await ctx.app.database.db.select({ id: jobs.id }).from(jobs)).length;
  const myDocuments = async () =>
    (await callApi(ctx, owner, 'GET', '/api/documents')).json<{ documents: DocumentSummary[] }>().documents;
  const spaceFiles = async () =>
    (await callApi(ctx, owner, 'GET', `/api/spaces/${space.id}/files`)).json<{ files: SpaceFile[] }>().files;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lumen-full-disk-'));
    disk = createFillingDisk(root);
    ctx = await buildTestApp({}, undefined, { storage: disk.storage });
    ({ admin: owner } = await createTeamWithAdmin(ctx, 'Orchard'));
    space = (await callApi(ctx, owner, 'POST', '/api/spaces', { name: 'Harvest' })).json<Space>();
  });

  afterAll(async () => {
    await ctx?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const minutes: FilePart = { filename: 'minutes.txt', content: 'Minutes of the orchard committee.\n' };
  const ledger: FilePart = { filename: 'ledger.txt', content: 'Apples sold: 1,200 crates.\n' };

  it('answers an upload to My files with 507 STORAGE_FULL and records nothing', async () => {
    const before = { documents: await myDocuments(), files: await fileRows(), jobs: await jobRows() };
    disk.fill();

    expectStorageFull(await postFiles(ctx, owner.cookie, [minutes]));

    expect(await myDocuments()).toEqual(before.documents);
    expect(await fileRows()).toBe(before.files);
    expect(await jobRows()).toBe(before.jobs);
    expect(await storedFiles()).toEqual([]);
  });

  it('keeps nothing of a batch whose second file no longer fits, not even the first one', async () => {
    disk.fill(1);

    expectStorageFull(await postFiles(ctx, owner.cookie, [minutes, ledger]));

    expect(await myDocuments()).toEqual([]);
    expect(await fileRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('answers an upload to a space with 507 STORAGE_FULL and records nothing', async () => {
    disk.fill();

    expectStorageFull(await postSpaceFiles(ctx, owner.cookie, space.id, [minutes]));

    expect(await spaceFiles()).toEqual([]);
    expect(await fileRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
    const stats = (await callApi(ctx, owner, 'GET', `/api/spaces/${space.id}`)).json<Space>();
    expect(stats.fileCount).toBe(0);
  });

  it('stores the next uploads once the disk has room again', async () => {
    disk.free();

    const mine = await postFiles(ctx, owner.cookie, [minutes]);
    expect(mine.statusCode).toBe(201);
    const inSpace = await postSpaceFiles(ctx, owner.cookie, space.id, [ledger]);
    expect(inSpace.statusCode).toBe(201);

    expect((await myDocuments()).map((document) => document.title)).toContain('minutes.txt');
    expect((await spaceFiles()).map((file) => file.filename)).toEqual(['ledger.txt']);
    const stored = await storedFiles();
    expect(stored).toHaveLength(2);
    expect(stored.filter((name) => name.startsWith('.tmp'))).toEqual([]);
  });
});

describe('a write refused for want of space, whatever the driver', () => {
  it('is STORAGE_FULL for a disk quota error too, which Node only knows by its number', async () => {
    // What fs throws for EDQUOT in Node 20: libuv has no name for it.
    const quota = Object.assign(new Error('UNKNOWN: unknown error, write'), {
      code: 'UNKNOWN',
      errno: -122,
      syscall: 'write',
    });
    const overQuota = reportFullStorage({
      put: () => Promise.reject(quota),
      open: () => Promise.reject(new Error('unused')),
      delete: async () => {},
      exists: async () => false,
    });
    const failure = await overQuota.put(Readable.from(['x'])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'INSUFFICIENT_STORAGE', reason: 'STORAGE_FULL', cause: quota });
  });

  it('leaves other write failures as they are', async () => {
    const denied = Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES', errno: -13 });
    const storage = reportFullStorage({
      put: () => Promise.reject(denied),
      open: () => Promise.reject(new Error('unused')),
      delete: async () => {},
      exists: async () => false,
    });
    await expect(storage.put(Readable.from(['x']))).rejects.toBe(denied);
  });

  describe('on S3', () => {
    const BUCKET = 'lumen-full-bucket';
    let s3: S3Peer;
    let spoolDir: string;

    beforeAll(async () => {
      s3 = await startS3Peer([BUCKET]);
      spoolDir = await mkdtemp(path.join(tmpdir(), 'lumen-spool-'));
    });

    afterAll(async () => {
      await s3?.close();
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    });

    it('is STORAGE_FULL when the server answers 507: sent once, not retried, the spool emptied', async () => {
      const storage = reportFullStorage(createS3Storage({ client: s3.client, bucket: BUCKET, spoolDir }));
      let putAttempts = 0;
      // What MinIO answers below its free drive threshold.
      s3.client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName !== 'PutObjectCommand') return next(args);
          putAttempts += 1;
          throw new S3ServiceException({
            name: 'XMinioStorageFull',
            $fault: 'server',
            $metadata: { httpStatusCode: 507 },
            message: 'Storage backend has reached its minimum free drive threshold.',
          });
        },
        { step: 'build', name: 'storageFull' },
      );
      try {
        await expect(storage.put(Readable.from([Buffer.from('one crate too many')]))).rejects.toMatchObject({
          code: 'INSUFFICIENT_STORAGE',
          reason: 'STORAGE_FULL',
          message: FULL_MESSAGE,
        });
      } finally {
        s3.client.middlewareStack.remove('storageFull');
      }
      expect(putAttempts).toBe(1);
      expect(await s3.listObjects(BUCKET)).toEqual([]);
      expect(await filesUnder(spoolDir)).toEqual([]);
    });
  });
});
