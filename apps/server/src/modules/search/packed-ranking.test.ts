import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, rowsOf } from '../../platform/db.ts';
import { insertSearchCast, openTestDatabase } from '../../test/test-database.ts';
import { type IngestTextInput, ingestTexts } from '../documents/index.ts';
import { compactSearchSegments } from './compaction.ts';
import { configureSegmentCache, findSegmentFaults, readIndexedPostings, SEGMENTS_TO_MERGE } from './lexical-index.ts';
import { rankByChunkTerms } from './reference-ranking.ts';
import {
  analyzeQuery,
  BM25_B,
  BM25_K1,
  type PassageFilter,
  rankChunksLexically,
  rankPassagesLexically,
  type ScoredChunk,
} from './search.repository.ts';

/**
 * The packed index (ADR 0094) ranks exactly as BM25 computed by the database over the chunks' own terms: the same
 * chunks in the same order with the same scores, for users who see different scopes, with and without filters, at every
 * limit; and it stays so after documents are deleted and moved to other scopes (postings left in segments, tombstones)
 * and after the compaction job merged the segments and dropped those postings. Runs on PGlite and, with DATABASE_URL,
 * on the PostgreSQL server.
 */

let handle: DatabaseHandle;
let db: Database;
const users: Record<'ann' | 'ben' | 'cid', string> = { ann: '', ben: '', cid: '' };
let spaceId = '';

/** 300 made-up words; drawn with Zipf-like weights, so a few are everywhere and most are rare. */
const VOCABULARY = Array.from({ length: 300 }, (_, index) => `w${index.toString(36)}x${'abcdefghij'[index % 10]}`);

function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const CUMULATIVE = (() => {
  const weights = VOCABULARY.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => {
    running += weight / total;
    return running;
  });
})();

function wordAt(random: () => number): string {
  const draw = random();
  const index = CUMULATIVE.findIndex((bound) => bound >= draw);
  return VOCABULARY[index === -1 ? VOCABULARY.length - 1 : index] ?? 'w0xa';
}

function textOf(random: () => number, count: number): string {
  return Array.from({ length: count }, () => wordAt(random)).join(' ');
}

/**
 * The same ranking, ties aside: the same scores position by position, and the same chunks in each group of equal
 * scores (the server adds a chunk's terms in another order than the database, so equal scores may differ in the last bit and swap
 * places), except the last group, which the limit may cut at a different member.
 */
function expectSameRanking(actual: ScoredChunk[], expected: ScoredChunk[], label: string): void {
  expect(actual.length, label).toBe(expected.length);
  actual.forEach((row, index) => {
    expect(row.score, label).toBeCloseTo(expected[index]?.score ?? Number.NaN, 9);
  });
  const groups = (rows: ScoredChunk[]) => {
    const byScore = new Map<string, number[]>();
    for (const row of rows) {
      const key = row.score.toFixed(8);
      byScore.set(
        key,
        [...(byScore.get(key) ?? []), row.chunkId].sort((a, b) => a - b),
      );
    }
    const last = rows.at(-1)?.score.toFixed(8);
    if (last !== undefined) byScore.delete(last);
    return byScore;
  };
  expect(groups(actual), label).toEqual(groups(expected));
}

/** Queries of 2 to 8 words mixing common and rare ones, some repeated. */
function queriesOf(count: number): string[] {
  const random = createRandom(4242);
  return Array.from({ length: count }, () => textOf(random, 2 + Math.floor(random() * 7)));
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  const cast = await insertSearchCast(db, 'Packed');
  Object.assign(users, cast.users);
  spaceId = cast.spaceId;
  const random = createRandom(7);
  const inputs: IngestTextInput[] = [];
  for (let index = 0; index < 900; index++) {
    const owner = index % 3 === 0 ? users.ann : index % 3 === 1 ? users.ben : users.cid;
    const inSpace = index % 10 === 0;
    const pages = Array.from({ length: 1 + (index % 4 === 0 ? 2 : 0) }, (_, page) => ({
      page: page + 1,
      text: textOf(random, 6 + Math.floor(random() * 60)),
    }));
    inputs.push({
      ownerId: owner,
      source: inSpace ? 'space' : 'upload',
      ...(inSpace ? { teamId: cast.teamId, spaceId: cast.spaceId } : {}),
      externalId: `pruning:${index}`,
      title: textOf(random, 2),
      mimeType: index % 2 === 0 ? 'text/plain' : 'application/pdf',
      contentHash: `pruning:${index}`,
      pages,
    });
  }
  for (let start = 0; start < inputs.length; start += 150) await ingestTexts(db, inputs.slice(start, start + 150));
}, 180_000);

afterAll(async () => {
  await handle?.close();
});

const parameters = { k1: BM25_K1, b: BM25_B };

/** Every user, with and without a MIME filter, at limits 1, 10 and 50: the same ranking as the reference. */
async function expectReferenceRankings(queries: string[], label: string): Promise<void> {
  const filters: Array<(userId: string) => PassageFilter> = [
    (userId) => ({ userId }),
    (userId) => ({ userId, mimeType: 'application/pdf' }),
    (userId) => ({ userId, spaceId }),
  ];
  for (const userId of Object.values(users)) {
    for (const makeFilter of filters) {
      const filter = makeFilter(userId);
      for (const query of queries) {
        const analysis = await analyzeQuery(db, query);
        for (const limit of [1, 10, 50]) {
          const expected = await rankByChunkTerms(db, analysis, filter, limit, parameters);
          const actual = await rankChunksLexically(db, analysis, filter, limit);
          expectSameRanking(actual, expected, `${label}: ${query} / ${limit}`);
        }
      }
    }
  }
}

async function countRows(table: 'search_segments' | 'search_tombstones' | 'search_removed_chunks'): Promise<number> {
  const result = await db.execute(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n);
}

describe('packed lexical ranking', () => {
  const queries = queriesOf(20);

  it('ranks as BM25 over the chunks own terms for every user, limit and filter', async () => {
    await expectReferenceRankings(queries, 'as ingested');
    // Without the in-memory segments (SEARCH_CACHE_MB=0) every search reads them all: the same rankings.
    configureSegmentCache(db, 0);
    await expectReferenceRankings(queries.slice(0, 8), 'nothing kept in memory');
    configureSegmentCache(db, 64);
  }, 180_000);

  it('returns the passages of the ranked chunks, within a space and narrowed to some documents', async () => {
    const someDocuments = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM documents WHERE owner_id = ${users.ben} ORDER BY id LIMIT 40`),
    ).map((row) => row.id);
    for (const query of queries.slice(0, 10)) {
      const analysis = await analyzeQuery(db, query);
      for (const filter of [
        { userId: users.ben },
        { userId: users.ann, spaceId },
        { userId: users.ben, documentIds: someDocuments },
      ]) {
        const expected = await rankByChunkTerms(db, analysis, filter, 10, parameters);
        const actual = await rankPassagesLexically(db, analysis, filter, 10);
        expectSameRanking(actual, expected, query);
        const texts = await db.execute(
          sql`SELECT id, document_id AS "documentId", text FROM chunks WHERE id = ANY(${sql.param(actual.map((row) => row.chunkId))}::bigint[])`,
        );
        const byId = new Map(
          rowsOf<{ id: number | string; documentId: string; text: string }>(texts).map((row) => [
            Number(row.id),
            [row.documentId, row.text],
          ]),
        );
        for (const row of actual) expect([row.documentId, row.text]).toEqual(byId.get(row.chunkId));
      }
    }
  }, 120_000);

  it('stays exact after deletions and moves, and after compaction merged the segments and dropped the dead', async () => {
    // Deleted documents leave their postings in the segments; moved ones leave tombstoned postings in the old scope.
    await db.execute(sql`DELETE FROM documents WHERE external_id LIKE 'pruning:%7'`);
    await db.execute(sql`
      UPDATE documents SET space_id = ${spaceId}, team_id = (SELECT team_id FROM spaces WHERE id = ${spaceId}),
                           source = 'space'
      WHERE external_id LIKE 'pruning:%3' AND space_id IS NULL`);
    await db.execute(sql`
      UPDATE documents SET space_id = NULL, source = 'upload' WHERE external_id LIKE 'pruning:%50' AND space_id IS NOT NULL`);
    expect(await countRows('search_tombstones')).toBeGreaterThan(0);
    await expectReferenceRankings(queries.slice(0, 8), 'after deletions and moves');

    const segmentsBefore = await countRows('search_segments');
    const report = await compactSearchSegments(db);
    expect(report.tombstonesCleared).toBeGreaterThan(0);
    expect(report.removedChunksCleared).toBeGreaterThan(0);
    expect(report.dropped).toBeGreaterThan(0);
    expect(report.merged).toBeGreaterThan(report.written);
    expect(await countRows('search_tombstones')).toBe(0);
    expect(await countRows('search_removed_chunks')).toBe(0);
    expect(await countRows('search_segments')).toBeLessThan(segmentsBefore);
    // Nothing left of deleted chunks, every segment within the maximum, each chunk once per (lexeme, scope).
    const live = new Set(
      rowsOf<{ id: number | string }>(await db.execute(sql`SELECT id FROM chunks`)).map((row) => Number(row.id)),
    );
    const merged = await readIndexedPostings(db);
    expect(merged.filter((posting) => !live.has(posting.chunkId))).toEqual([]);
    const keys = new Set(merged.map((posting) => `${posting.scopeId}|${posting.lexeme}|${posting.chunkId}`));
    expect(keys.size).toBe(merged.length);
    expect(await findSegmentFaults(db)).toEqual([]);
    await expectReferenceRankings(queries.slice(0, 8), 'after compaction');
    // A second run finds nothing to do.
    const again = await compactSearchSegments(db);
    expect(again.merged + again.tombstonesCleared + again.removedChunksCleared).toBe(0);

    // New small segments after that: the next run looks at the pairs they touched and merges them.
    for (let index = 0; index < SEGMENTS_TO_MERGE + 2; index++) {
      await ingestTexts(db, [
        {
          ownerId: users.ann,
          source: 'upload',
          externalId: `late:${index}`,
          title: 'late note',
          mimeType: 'text/plain',
          contentHash: `late:${index}`,
          pages: [{ page: null, text: `${VOCABULARY[0]} ${VOCABULARY[1]} latecomer${index}` }],
        },
      ]);
    }
    const late = await compactSearchSegments(db);
    expect(late.merged).toBeGreaterThanOrEqual(SEGMENTS_TO_MERGE);
    expect(await findSegmentFaults(db)).toEqual([]);
    await expectReferenceRankings(queries.slice(0, 4), 'after a later compaction');
  }, 240_000);
});
