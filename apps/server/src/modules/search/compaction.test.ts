import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, rowsOf } from '../../platform/db.ts';
import { insertSearchCast, openTestDatabase } from '../../test/test-database.ts';
import { ingestTexts } from '../documents/index.ts';
import { compactSearchSegments } from './compaction.ts';
import { decodePostings, findSegmentFaults } from './lexical-index.ts';

/**
 * The compaction's merge policy (ADR 0094, size tiers): a word's small segments are merged a tier at a time, so a
 * merged list is not rewritten with every new segment; runs whose chunk ranges overlap (a document moved out of a scope
 * and back) are merged in chunk order. PGlite and, with DATABASE_URL, the PostgreSQL server.
 */

let handle: DatabaseHandle;
let db: Database;
let cast: Awaited<ReturnType<typeof insertSearchCast>>;
let documentNumber = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  cast = await insertSearchCast(db, 'Compaction');
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

/** One ingestion per call (so one new segment per word), each document a text of its own. */
async function ingestNotes(texts: string[]): Promise<void> {
  await ingestTexts(
    db,
    texts.map((text) => {
      documentNumber += 1;
      return {
        ownerId: cast.users.ann,
        source: 'upload' as const,
        externalId: `compaction:${documentNumber}`,
        title: `note ${documentNumber}`,
        mimeType: 'text/plain',
        contentHash: `compaction:${documentNumber}`,
        pages: [{ page: null, text }],
      };
    }),
  );
}

/** The segments of one word, oldest first, with their chunk ids. */
async function segmentsOf(lexeme: string): Promise<Array<{ id: number; chunkIds: number[] }>> {
  const result = await db.execute(sql`
    SELECT id, encode(postings, 'base64') AS postings FROM search_segments WHERE lexeme = ${lexeme} ORDER BY id`);
  return rowsOf<{ id: number | string; postings: string }>(result).map((row) => ({
    id: Number(row.id),
    chunkIds: decodePostings(Buffer.from(row.postings, 'base64')).map((posting) => posting.chunkId),
  }));
}

async function chunkIdsWith(lexeme: string): Promise<number[]> {
  const result = await db.execute(sql`SELECT id FROM chunks WHERE ${lexeme} = ANY(lexemes) ORDER BY id`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

describe('segment compaction', () => {
  it('merges a word’s small segments a size tier at a time, leaving a merged segment alone', async () => {
    for (let index = 0; index < 8; index++) await ingestNotes(['zzyzx']);
    expect((await segmentsOf('zzyzx')).length).toBe(8);
    await compactSearchSegments(db);
    const [first, ...others] = await segmentsOf('zzyzx');
    expect(others).toEqual([]);
    expect(first?.chunkIds).toEqual(await chunkIdsWith('zzyzx'));

    // Eight more one-posting segments: they are merged with each other, the segment of eight stays as it is.
    for (let index = 0; index < 8; index++) await ingestNotes(['zzyzx']);
    await compactSearchSegments(db);
    const after = await segmentsOf('zzyzx');
    expect(after.length).toBe(2);
    expect(after[0]).toEqual(first);
    expect(after.flatMap((segment) => segment.chunkIds)).toEqual(await chunkIdsWith('zzyzx'));
    expect(await findSegmentFaults(db)).toEqual([]);
  });

  it('merges segments whose chunk ranges overlap in chunk order', async () => {
    await ingestNotes(['quokka one', 'quokka two', 'quokka three']);
    const [, middle] = await chunkIdsWith('quokka');
    // The middle document leaves the owner's scope and comes back: its postings return in a segment of their own, and
    // once the tombstones are cleared the first segment spans the second's chunk.
    const moveMiddle = (toSpace: boolean) =>
      db.execute(sql`
        UPDATE documents SET space_id = ${toSpace ? cast.spaceId : null}, team_id = ${toSpace ? cast.teamId : null},
                             source = ${toSpace ? 'space' : 'upload'}
        WHERE id = (SELECT document_id FROM chunks WHERE id = ${middle ?? 0})`);
    await moveMiddle(true);
    await moveMiddle(false);
    for (let index = 0; index < 6; index++) await ingestNotes(['quokka again']);

    const report = await compactSearchSegments(db);
    expect(report.tombstonesCleared).toBeGreaterThan(0);
    const segments = await segmentsOf('quokka');
    expect(segments.length).toBe(1);
    expect(segments[0]?.chunkIds).toEqual(await chunkIdsWith('quokka'));
    expect(await findSegmentFaults(db)).toEqual([]);
  });
});
