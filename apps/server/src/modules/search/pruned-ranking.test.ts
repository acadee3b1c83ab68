import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../platform/db.ts';
import { insertSearchCast, openTestDatabase } from '../../test/test-database.ts';
import { type IngestTextInput, ingestTexts } from '../documents/index.ts';
import {
  analyzeQuery,
  type PassageFilter,
  planLexicalPruning,
  rankChunksLexically,
  rankPassagesLexically,
  type ScoredChunk,
} from './search.repository.ts';

/**
 * The pruned ranking (ADR 0092, MaxScore) returns exactly what ranking every posting returns: the same chunks in the
 * same order with the same scores, for users who see different scopes, with and without filters, at every limit; and
 * it does prune (reads only the essential terms' postings) on most queries of a corpus whose word frequencies are
 * skewed like real text. Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
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
 * scores (the pruned ranking adds a chunk's terms in another order, so equal scores may differ in the last bit and swap
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
  const cast = await insertSearchCast(db, 'Pruning');
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

describe('pruned lexical ranking', () => {
  const queries = queriesOf(25);

  it('returns exactly the exhaustive ranking for every user, limit and filter, and prunes most queries', async () => {
    let pruned = 0;
    let planned = 0;
    const filters: Array<(userId: string) => PassageFilter> = [
      (userId) => ({ userId }),
      (userId) => ({ userId, mimeType: 'application/pdf' }),
    ];
    for (const userId of Object.values(users)) {
      for (const makeFilter of filters) {
        const filter = makeFilter(userId);
        for (const query of queries) {
          const analysis = await analyzeQuery(db, query);
          for (const limit of [1, 10, 50]) {
            const exhaustive = await rankChunksLexically(db, analysis, filter, limit, { pruning: false });
            const actual = await rankChunksLexically(db, analysis, filter, limit, { minimumPostingsToPrune: 0 });
            expectSameRanking(actual, exhaustive, `${query} / ${limit}`);
            if (limit === 10 && filter.mimeType === undefined) {
              planned += 1;
              if (await planLexicalPruning(db, analysis, filter, limit, { minimumPostingsToPrune: 0 })) pruned += 1;
            }
          }
        }
      }
    }
    // Most queries of two or more words prune; one-word queries and users with few matches rank every posting.
    expect(pruned / planned).toBeGreaterThan(0.5);
  }, 180_000);

  it('returns the same passages as the exhaustive ranking, within a space and with snippets read by key', async () => {
    for (const query of queries.slice(0, 15)) {
      const analysis = await analyzeQuery(db, query);
      for (const filter of [{ userId: users.ben }, { userId: users.ann, spaceId }]) {
        const exhaustive = await rankPassagesLexically(db, analysis, filter, 10, { pruning: false });
        const actual = await rankPassagesLexically(db, analysis, filter, 10, { minimumPostingsToPrune: 0 });
        expectSameRanking(actual, exhaustive, query);
        const passageOf = new Map(exhaustive.map((row) => [row.chunkId, [row.documentId, row.text, row.title]]));
        for (const row of actual) {
          if (passageOf.has(row.chunkId))
            expect([row.documentId, row.text, row.title]).toEqual(passageOf.get(row.chunkId));
        }
      }
    }
  }, 120_000);
});
