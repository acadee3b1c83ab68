import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { createS3Client, createS3Storage, isBucketFull } from './storage-s3.ts';

export interface StoredObject {
  /** Where the object lives, e.g. `3f/3f2c...`: generated, never derived from a user-supplied name. */
  key: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

export interface PutOptions {
  /** Refuse (and store nothing) when the content is longer than this. */
  maxBytes?: number;
}

/** Where uploaded bytes live: local disk in the embedded mode, or an S3-compatible bucket (`storage-s3.ts`). */
export interface Storage {
  put(source: Readable | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<StoredObject>;
  /** A stream of the object's bytes; NOT_FOUND when there is no such object. */
  open(key: string): Promise<Readable>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Thrown by `put` when the content exceeds `maxBytes`; nothing is stored. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh `ab/<uuid>` key: the first two characters of the uuid spread objects over 256 directories or prefixes. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export function storedFileNotFound(): AppError {
  return AppError.of('STORED_FILE_NOT_FOUND');
}

/** Hashes and counts what flows through, and stops the flow past `maxBytes`. */
function measure(maxBytes: number | undefined) {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) {
        callback(new ObjectTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Writes `source` to a new private `file` while measuring it. On a refusal (ObjectTooLargeError) or a failing source
 * the file is removed and the error rethrown, so callers only ever see complete, accepted content.
 */
export async function writeMeasured(
  source: Readable | AsyncIterable<Uint8Array>,
  file: string,
  maxBytes: number | undefined,
): Promise<{ size: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const { transform, result } = measure(maxBytes);
  const input = source instanceof Readable ? source : Readable.from(source);
  const output = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(input, transform, output);
  } catch (error) {
    // A refusal can come while the file is still being opened: removed before the stream closes, it would be created
    // after the removal and left behind.
    if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
    await rm(file, { force: true });
    throw error;
  }
  return result();
}

/**
 * Files under `root` as `ab/<uuid>`. Writes go to a temporary file first and are renamed into place once complete, so
 * a failed or refused upload never leaves a partial object behind.
 */
export function createLocalStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw storedFileNotFound();
    return path.join(root, ...key.split('/'));
  };

  // Folders this process made or found: a put then skips the mkdir (a folder removed behind its back is made again).
  const knownFolders = new Set<string>();
  const renameInto = async (from: string, to: string) => {
    const folder = path.dirname(to);
    if (!knownFolders.has(folder)) {
      await mkdir(folder, { recursive: true });
      knownFolders.add(folder);
    }
    try {
      await rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync(from)) throw error;
      knownFolders.delete(folder);
      await mkdir(folder, { recursive: true });
      await rename(from, to);
    }
  };

  return {
    async put(source, options = {}) {
      const key = newStorageKey();
      const tmpFile = path.join(tmpDir, key.replace('/', '-'));
      const measured = await writeMeasured(source, tmpFile, options.maxBytes);
      try {
        await renameInto(tmpFile, fileOf(key));
      } catch (error) {
        await rm(tmpFile, { force: true });
        throw error;
      }
      return { key, ...measured };
    },

    async open(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        throw storedFileNotFound();
      }
      return createReadStream(file);
    },

    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },

    async exists(key) {
      if (!isStorageKey(key)) return false;
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

/**
 * A disk with no free space (ENOSPC) or a user over its disk quota (EDQUOT). Node 20's libuv has no name for EDQUOT, so
 * such an error only carries its number (code 'UNKNOWN', errno -122 on Linux).
 */
const FULL_DISK_CODES = new Set(['ENOSPC', 'EDQUOT']);
const FULL_DISK_ERRNOS = new Set(
  [osConstants.errno.ENOSPC, osConstants.errno.EDQUOT].filter((errno) => errno !== undefined).map((errno) => -errno),
);

/** True when a write was refused for want of space: a full disk or quota here, a full bucket (`storage-s3.ts`). */
export function isStorageFull(error: unknown): boolean {
  // A few causes deep: a stream or SDK layer may wrap the system error.
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const { code, errno } = current as NodeJS.ErrnoException;
    if ((code && FULL_DISK_CODES.has(code)) || (errno !== undefined && FULL_DISK_ERRNOS.has(errno))) return true;
    if (isBucketFull(current)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The storage as the app uses it: a write refused for want of space becomes STORAGE_FULL (507), whatever the driver,
 * so every caller meets the same catalogued error (a request answers it, a job fails and is retried like any failure).
 * The driver has already removed what it staged; the system error stays as the cause, for the log.
 */
export function reportFullStorage(storage: Storage): Storage {
  return {
    async put(source, options) {
      try {
        return await storage.put(source, options);
      } catch (error) {
        if (!isStorageFull(error)) throw error;
        const full = AppError.of('STORAGE_FULL');
        full.cause = error;
        throw full;
      }
    },
    open: (key) => storage.open(key),
    delete: (key) => storage.delete(key),
    exists: (key) => storage.exists(key),
  };
}

/** Reads a whole object into memory (extraction needs random access to PDFs and ZIP-based formats). */
export async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The folder where content is written (local disk) or spooled (S3) until it is accepted whole. */
export function stagingDirOf(dataDir: string): string {
  return path.join(dataDir, 'files', '.tmp');
}

/**
 * A file staged by another process than a running one on this folder was left by a process that died mid-upload: the
 * request never finished, no row points at it. Staged files last written before `writtenBefore` are removed; returns
 * how many.
 */
export async function removeStaleStagedFiles(stagingDir: string, writtenBefore: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(stagingDir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || info.mtime >= writtenBefore) continue;
      await rm(file, { force: true });
      removed += 1;
    } catch {
      // Gone meanwhile (its upload finished or failed): nothing to do.
    }
  }
  return removed;
}

/**
 * How long an upload on a shared staging folder may sit unwritten and still be alive: an S3 spool is written whole,
 * then sent, which can take minutes for a large file.
 */
const SHARED_STAGING_GRACE_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` from `config.storage`: local disk under `DATA_DIR/files` by default, or an S3-compatible
 * bucket (or the storage a test passes in).
 */
export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      config: Pick<Config, 'DATA_DIR' | 'storage'>;
      storage?: Storage;
      /**
       * True when no other process can use this `DATA_DIR` (PGlite owns it): every staged file found at start was left
       * by a process that died. Otherwise only those untouched for an hour are removed, in case the folder is shared.
       */
      isSoleProcess?: boolean;
    },
  ) => {
    app.decorate('storage', reportFullStorage(options.storage ?? storageFromConfig(app, options.config)));
    const startedAt = Date.now();
    const writtenBefore = new Date(options.isSoleProcess ? startedAt : startedAt - SHARED_STAGING_GRACE_MS);
    const removed = await removeStaleStagedFiles(stagingDirOf(options.config.DATA_DIR), writtenBefore);
    if (removed > 0) app.log.warn({ removed }, 'removed staged uploads left by a stopped process');
  },
  { name: 'storage' },
);

function storageFromConfig(app: FastifyInstance, config: Pick<Config, 'DATA_DIR' | 'storage'>): Storage {
  const filesDir = path.join(config.DATA_DIR, 'files');
  if (config.storage.driver === 'local') return createLocalStorage(filesDir);
  const client = createS3Client(config.storage, app.log);
  app.addHook('onClose', async () => client.destroy());
  return createS3Storage({
    client,
    bucket: config.storage.bucket,
    prefix: config.storage.prefix,
    spoolDir: stagingDirOf(config.DATA_DIR),
  });
}
