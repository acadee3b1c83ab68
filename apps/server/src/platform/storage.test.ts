import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, ObjectTooLargeError, readObject, type Storage } from './storage.ts';

let root: string;
let storage: Storage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lumen-storage-'));
  storage = createLocalStorage(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local storage', () => {
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

  it('refuses content over the limit and leaves nothing behind', async () => {
    const before = await filesUnder(root);
    await expect(
      storage.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }),
    ).rejects.toThrow(ObjectTooLargeError);
    expect(await filesUnder(root)).toEqual(before);
  });

  it('leaves nothing behind when the source fails', async () => {
    const before = await filesUnder(root);
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('connection reset');
    }
    await expect(storage.put(failing())).rejects.toThrow('connection reset');
    expect(await filesUnder(root)).toEqual(before);
  });

  it('answers NOT_FOUND for unknown keys and never resolves paths outside its root', async () => {
    await expect(storage.open('ab/00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(storage.open('../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storage.exists('../secret')).toBe(false);
    await expect(storage.delete('../secret')).resolves.toBeUndefined();
  });
});
