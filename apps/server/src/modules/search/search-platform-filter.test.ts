import type { DocumentSource, SearchResult } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { callApi, signInNewUser } from '../../test/team-fixtures.ts';
import { ingestTexts, isIngestFailure } from '../documents/index.ts';
import { searchPassages } from './search.service.ts';

/**
 * Search restricted to one platform ("what did we decide in Slack"): only that platform's documents, in the order the
 * whole ranking gives them (the filter is applied while ranking deeper, not by cutting the top 10 short).
 */

let ctx: TestContext;
let userId: string;
let cookie: string;
const SOURCES: DocumentSource[] = ['upload', 'slack', 'notion', 'confluence'];

beforeAll(async () => {
  ctx = await buildTestApp();
  const user = await signInNewUser(ctx);
  userId = user.userId;
  cookie = user.cookie;
  // Forty documents a platform; the uploads say "launch" most often, so an unfiltered top 10 holds no Slack page.
  const inputs = SOURCES.flatMap((source, sourceIndex) =>
    Array.from({ length: 40 }, (_, index) => ({
      ownerId: userId,
      source,
      externalId: `${source}:${index}`,
      title: `${source} note ${index}`,
      mimeType: 'text/plain',
      pages: [
        {
          page: null,
          text: `${'launch '.repeat(sourceIndex === 0 ? 6 : 1 + (index % 3))}plan number ${index} of the ${source} team, with the budget review and the harbour schedule`,
        },
      ],
      contentHash: `${source}:${index}`,
    })),
  );
  const outcomes = await ingestTexts(ctx.app.database.db, inputs);
  expect(outcomes.filter(isIngestFailure)).toEqual([]);
});

afterAll(async () => {
  await ctx?.close();
});

function sourcesOf(results: SearchResult[]): Set<DocumentSource> {
  return new Set(results.map((result) => result.source));
}

describe('search in one platform', () => {
  it('returns only that platform’s passages, in the order of the whole ranking', async () => {
    const db = ctx.app.database.db;
    const everything = await searchPassages(db, { userId, query: 'launch plan', limit: 160, snippets: false });
    expect(sourcesOf(everything.slice(0, 10))).toEqual(new Set(['upload']));
    for (const source of ['slack', 'notion', 'confluence'] as const) {
      const filtered = await searchPassages(db, { userId, query: 'launch plan', limit: 10, sources: [source] });
      expect(filtered).toHaveLength(10);
      expect(sourcesOf(filtered)).toEqual(new Set([source]));
      expect(filtered.map((result) => result.chunkId)).toEqual(
        everything
          .filter((result) => result.source === source)
          .slice(0, 10)
          .map((result) => result.chunkId),
      );
    }
  });

  it('takes several platforms at once', async () => {
    const results = await searchPassages(ctx.app.database.db, {
      userId,
      query: 'budget review',
      limit: 30,
      sources: ['notion', 'confluence'],
    });
    expect(results).toHaveLength(30);
    expect([...sourcesOf(results)].sort()).toEqual(['confluence', 'notion']);
  });

  it('is the search API’s `source` parameter, and an unknown platform is refused with a message', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?q=launch&source=slack&limit=5',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<{ results: SearchResult[] }>();
    expect(results).toHaveLength(5);
    expect(sourcesOf(results)).toEqual(new Set(['slack']));

    const refused = await callApi(ctx, { cookie, userId, email: '' }, 'GET', '/api/search?q=launch&source=fax');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      reason: 'SEARCH_SOURCE_INVALID',
      message: 'source: source must be one of the platforms documents come from',
    });
  });
});
