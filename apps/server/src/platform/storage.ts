import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

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

/** Where uploaded bytes live: local disk in the embedded mode; S3-compatible storage later, behind the same interface. */
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

function newKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
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
 * Files under `root` as `ab/<uuid>`. Writes go to a temporary file first and are renamed into place once complete, so
 * a failed or refused upload never leaves a partial object behind.
 */
export function createLocalStorage(root: string): Storage {
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new AppError('NOT_FOUND', 'The stored file was not found.');
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(source, options = {}) {
      await mkdir(tmpDir, { recursive: true });
      const key = newKey();
      const tmpFile = path.join(tmpDir, key.replace('/', '-'));
      const { transform, result } = measure(options.maxBytes);
      const input = source instanceof Readable ? source : Readable.from(source);
      try {
        await pipeline(input, transform, createWriteStream(tmpFile, { flags: 'wx', mode: 0o600 }));
        const target = fileOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmpFile, target);
      } catch (error) {
        await rm(tmpFile, { force: true });
        throw error;
      }
      return { key, ...result() };
    },

    async open(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        throw new AppError('NOT_FOUND', 'The stored file was not found.');
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

/** Reads a whole object into memory (extraction needs random access to PDFs and ZIP-based formats). */
export async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Decorates `app.storage`: local disk under `DATA_DIR/files` (or the storage a test passes in). */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<Config, 'DATA_DIR'>; storage?: Storage }) => {
    app.decorate('storage', options.storage ?? createLocalStorage(path.join(options.config.DATA_DIR, 'files')));
  },
  { name: 'storage' },
);
