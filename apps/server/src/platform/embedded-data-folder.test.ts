import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkpointEmbeddedDatabase, type DatabaseHandle, openDatabase, rowsOf } from './db.ts';

/** WAL segment files (24 hexadecimal digits) in a data folder. */
async function walSegments(dataDir: string): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'pg_wal'))).filter((name) => /^[0-9A-F]{24}$/.test(name));
}

async function databaseNames(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(sql`SELECT datname AS name FROM pg_database ORDER BY datname`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

// The embedded database's own data folder (a real one on disk); the server keeps its files its own way.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database’s data folder (ADR 0099)', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-data-folder-'));
    handle = await openDatabase({ kind: 'pglite', dataDir });
  });
  afterAll(async () => {
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds only the app’s database: the template databases are dropped', async () => {
    expect(await databaseNames(handle)).toEqual(['postgres']);
  });

  it('keeps one write-ahead log segment after a checkpoint, however much log bulk work wrote', async () => {
    // About 40 MB of log: more than two 16 MB segments.
    await handle.db.execute(sql`CREATE TABLE filler AS SELECT g AS id, repeat(md5(g::text), 32) AS text
                                FROM generate_series(1, 36000) AS g`);
    expect((await walSegments(dataDir)).length).toBeGreaterThan(1);
    await checkpointEmbeddedDatabase(handle.db);
    expect(await walSegments(dataDir)).toHaveLength(1);
  });

  it('opens again on the same folder with everything in it', async () => {
    await handle.close();
    handle = await openDatabase({ kind: 'pglite', dataDir });
    expect(await databaseNames(handle)).toEqual(['postgres']);
    const result = await handle.db.execute(sql`SELECT count(*)::int AS count FROM filler`);
    expect(rowsOf<{ count: number }>(result)[0]?.count).toBe(36000);
  });
});
