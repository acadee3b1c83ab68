import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Peer, startS3Peer } from '../test/fakes/s3-peer.ts';
import {
  createLocalStorage,
  ObjectTooLargeError,
  readObject,
  removeStaleStagedFiles,
  type Storage,
} from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

interface Harness {
  storage: Storage;
  /** Everything the driver keeps anywhere (objects, temporary and spool files), to prove nothing is left behind. */
  storedThings(): Promise<string[]>;
  close(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** The behaviour every driver must have: the same tests run against local disk and a real S3-compatible server. */
function describeStorage(driver: string, start: () => Promise<Harness>, driverSpecificTests?: () => void) {
  describe(`${driver} storage`, () => {
    let harness: Harness;
    let storage: Storage;

    beforeAll(async () => {
      harness = await start();
      storage = harness.storage;
    });

    afterAll(async () => {
      await harness?.close();
    });

    it('stores a stream under a generated key with its size and SHA-256', async () => {
      const stored = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(stored.key).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{6}-[0-9a-f-]{27}$/);
      expect(stored.size).toBe(11);
      expect(stored.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9');
      expect(await storage.exists(stored.key)).toBe(true);
      expect((await readObject(storage, stored.key)).toString()).toBe('hello world');
      await storage.delete(stored.key);
      expect(await storage.exists(stored.key)).toBe(false);
      await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    });

    it('keeps binary content byte for byte, from an async iterable too', async () => {
      const content = randomBytes(3 * 1024 * 1024 + 17);
      async function* inPieces() {
        for (let offset = 0; offset < content.length; offset += 64 * 1024)
          yield content.subarray(offset, offset + 65536);
      }
      const stored = await storage.put(inPieces(), { maxBytes: content.length });
      expect(stored.size).toBe(content.length);
      expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      expect((await readObject(storage, stored.key)).equals(content)).toBe(true);
      await storage.delete(stored.key);
    });

    it('refuses content over the limit and leaves nothing behind', async () => {
      const before = await harness.storedThings();
      await expect(
        storage.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
      ).rejects.toThrow(ObjectTooLargeError);
      expect(await harness.storedThings()).toEqual(before);
    });

    it('leaves nothing behind when the source fails', async () => {
      const before = await harness.storedThings();
      async function* failing() {
        yield Buffer.from('partial');
        throw new Error('connection reset');
      }
      await expect(storage.put(failing())).rejects.toThrow('connection reset');
      expect(await harness.storedThings()).toEqual(before);
    });

    it('answers NOT_FOUND for unknown keys and never resolves names outside its root', async () => {
      await expect(storage.open('ab/00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'The stored file was not found.',
      });
      await expect(storage.open('../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await storage.exists('ab/00000000-0000-0000-0000-000000000000')).toBe(false);
      expect(await storage.exists('../secret')).toBe(false);
      await expect(storage.delete('../secret')).resolves.toBeUndefined();
    });

    driverSpecificTests?.();
  });
}

describeStorage('local', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'lumen-storage-'));
  return {
    storage: createLocalStorage(root),
    storedThings: () => filesUnder(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local storage folders', () => {
  it('stores again after its folders were removed behind its back', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lumen-storage-'));
    try {
      const storage = createLocalStorage(root);
      const first = await Promise.all(
        Array.from({ length: 40 }, (_, index) => storage.put(Readable.from([`a${index}`]))),
      );
      // Every folder goes, the staging folder too; the storage remembers having made them.
      for (const entry of await readdir(root)) await rm(path.join(root, entry), { recursive: true, force: true });
      expect(await Promise.all(first.map((stored) => storage.exists(stored.key)))).not.toContain(true);
      const again = await Promise.all(
        Array.from({ length: 40 }, (_, index) => storage.put(Readable.from([`b${index}`]))),
      );
      for (const [index, stored] of again.entries()) {
        expect((await readObject(storage, stored.key)).toString()).toBe(`b${index}`);
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

const BUCKET = 'lumen-storage-test';
const PREFIX = 'tenant/files';
let s3: S3Peer;
let spoolDir: string;

describeStorage(
  'S3',
  async () => {
    s3 = await startS3Peer([BUCKET]);
    spoolDir = await mkdtemp(path.join(tmpdir(), 'lumen-spool-'));
    return {
      storage: createS3Storage({ client: s3.client, bucket: BUCKET, prefix: PREFIX, spoolDir }),
      storedThings: async () => [...(await s3.listObjects(BUCKET)), ...(await filesUnder(spoolDir))],
      async close() {
        await s3.close();
        await rm(spoolDir, { recursive: true, force: true });
      },
    };
  },
  () => {
    it('names objects prefix/ab/<uuid> and stores the raw bytes, without chunk framing', async () => {
      const storage = createS3Storage({ client: s3.client, bucket: BUCKET, prefix: PREFIX, spoolDir });
      const stored = await storage.put(Readable.from([Buffer.from('plain bytes')]));
      expect(await s3.listObjects(BUCKET)).toContain(`${PREFIX}/${stored.key}`);
      expect((await s3.readObject(BUCKET, `${PREFIX}/${stored.key}`)).toString()).toBe('plain bytes');
      expect(await filesUnder(spoolDir)).toEqual([]);
      await storage.delete(stored.key);
      expect(await s3.listObjects(BUCKET)).not.toContain(`${PREFIX}/${stored.key}`);
    });

    it('retries a transient failure of the upload from the spooled copy', async () => {
      const storage = createS3Storage({ client: s3.client, bucket: BUCKET, prefix: PREFIX, spoolDir });
      let putAttempts = 0;
      s3.client.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'PutObjectCommand' && ++putAttempts === 1) {
            throw new S3ServiceException({
              name: 'SlowDown',
              $fault: 'server',
              $metadata: { httpStatusCode: 503 },
              message: 'Please reduce your request rate.',
            });
          }
          return next(args);
        },
        { step: 'build', name: 'slowDownOnce' },
      );
      try {
        const stored = await storage.put(Readable.from([Buffer.from('second time lucky')]));
        expect(putAttempts).toBe(2);
        expect((await readObject(storage, stored.key)).toString()).toBe('second time lucky');
        expect(await filesUnder(spoolDir)).toEqual([]);
        await storage.delete(stored.key);
      } finally {
        s3.client.middlewareStack.remove('slowDownOnce');
      }
    });

    it('reports a missing bucket as an error, not as a missing file', async () => {
      const storage = createS3Storage({ client: s3.client, bucket: 'no-such-bucket', spoolDir });
      const failure = await storage.open('ab/00000000-0000-0000-0000-000000000000').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toMatchObject({ code: 'NOT_FOUND' });
      await expect(storage.put(Readable.from([Buffer.from('x')]))).rejects.toThrow();
      expect(await filesUnder(spoolDir)).toEqual([]);
    });
  },
);

describe('staged files left by a stopped process', () => {
  it('removes those last written before the given time and keeps the newer ones', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lumen-staging-'));
    try {
      const staging = path.join(dir, '.tmp');
      await mkdir(staging);
      const old = path.join(staging, 'ab-left-by-a-crash');
      await writeFile(old, 'half an upload');
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      await utimes(old, anHourAgo, anHourAgo);
      await writeFile(path.join(staging, 'cd-in-flight'), 'being written');

      expect(await removeStaleStagedFiles(staging, new Date(Date.now() - 60_000))).toBe(1);
      expect(await readdir(staging)).toEqual(['cd-in-flight']);
      expect(await removeStaleStagedFiles(path.join(dir, 'missing'), new Date())).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
