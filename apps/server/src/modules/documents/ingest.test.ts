import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, documents } from '../../db/schema/index.ts';
import { rowsOf } from '../../platform/db.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { searchPassages } from '../search/index.ts';
import { type IngestTextInput, type IngestTextOutcome, ingestText, ingestTexts, isIngestFailure } from './index.ts';

let ctx: TestContext;
const db = () => ctx.app.database.db;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function newUserId(): Promise<string> {
  const { cookie } = await createSignedInUser(ctx);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return me.json<{ user: { id: string } }>().user.id;
}

function note(ownerId: string, id: string, text: string, extra: Partial<IngestTextInput> = {}): IngestTextInput {
  return {
    ownerId,
    source: 'dropbox',
    externalId: id,
    title: `${id}.txt`,
    mimeType: 'text/plain',
    pages: [{ page: null, text }],
    contentHash: `hash:${text}`,
    ...extra,
  };
}

function results(outcomes: IngestTextOutcome[]) {
  return outcomes.map((outcome) => {
    if (isIngestFailure(outcome)) throw outcome.error;
    return outcome;
  });
}

async function titlesFound(userId: string, query: string): Promise<string[]> {
  const found = await searchPassages(db(), { userId, query, limit: 20 });
  return [...new Set(found.map((result) => result.title))].sort();
}

/** search_stats against what the index holds: every chunk indexed once, the totals equal to the postings'. */
async function expectStatisticsTrue(): Promise<void> {
  const result = await db().execute(sql`
    SELECT (SELECT chunk_count FROM search_stats WHERE id = 1) AS stats_chunks,
           (SELECT total_length FROM search_stats WHERE id = 1) AS stats_length,
           (SELECT count(*) FROM chunks) AS chunks,
           (SELECT count(*) FROM chunks WHERE indexed_length > 0) AS indexed,
           (SELECT coalesce(sum(indexed_length), 0) FROM chunks) AS length`);
  const [row] = rowsOf<Record<string, string | number>>(result);
  expect(Number(row?.stats_chunks)).toBe(Number(row?.chunks));
  expect(Number(row?.indexed)).toBe(Number(row?.chunks));
  expect(Number(row?.stats_length)).toBe(Number(row?.length));
}

describe('ingestTexts', () => {
  it('indexes many documents at once, in the order of the inputs, each searchable with its own title', async () => {
    const owner = await newUserId();
    const inputs = Array.from({ length: 30 }, (_, index) =>
      note(owner, `n${index}`, `Harbour log ${index}: the ${index % 2 ? 'ferry' : 'tugboat'} left at dawn.`),
    );
    const outcomes = results(await ingestTexts(db(), inputs));
    expect(outcomes.every((outcome) => outcome.isIndexed && outcome.chunkCount === 1)).toBe(true);
    expect(new Set(outcomes.map((outcome) => outcome.documentId)).size).toBe(30);
    const rows = await db()
      .select({ id: documents.id, externalId: documents.externalId, status: documents.status })
      .from(documents)
      .where(eq(documents.ownerId, owner));
    const idOf = new Map(rows.map((row) => [row.externalId, row.id]));
    expect(outcomes.map((outcome) => outcome.documentId)).toEqual(
      inputs.map((input) => idOf.get(input.externalId ?? null)),
    );
    expect(rows.every((row) => row.status === 'ready')).toBe(true);
    expect(await titlesFound(owner, 'ferry')).toHaveLength(15);
    // The title is indexed with the text of its own document only.
    expect(await titlesFound(owner, 'n7')).toEqual(['n7.txt']);
    await expectStatisticsTrue();
  });

  it('is idempotent: the same batch again indexes nothing and keeps the documents', async () => {
    const owner = await newUserId();
    const inputs = [note(owner, 'a', 'Anchor chains rust.'), note(owner, 'b', 'Bollards hold the lines.')];
    const first = results(await ingestTexts(db(), inputs));
    const chunkCount = async () =>
      (
        await db()
          .select({ id: chunks.id })
          .from(chunks)
          .innerJoin(documents, eq(documents.id, chunks.documentId))
          .where(eq(documents.ownerId, owner))
      ).length;
    const before = await chunkCount();
    const again = results(await ingestTexts(db(), inputs));
    expect(again).toEqual(first.map((outcome) => ({ ...outcome, isIndexed: false })));
    expect(await chunkCount()).toBe(before);
    await expectStatisticsTrue();
  });

  it('handles new, changed and unchanged documents in one batch', async () => {
    const owner = await newUserId();
    const [kept, changed] = results(
      await ingestTexts(db(), [note(owner, 'kept', 'Lighthouse beams sweep.'), note(owner, 'changed', 'Old quay.')]),
    );
    const outcomes = results(
      await ingestTexts(db(), [
        note(owner, 'changed', 'The marina reopened.'),
        note(owner, 'kept', 'Lighthouse beams sweep.', { sharedWith: ['bob@example.com'], sourceVersion: 'v2' }),
        note(owner, 'fresh', 'Seagulls nest on the breakwater.'),
      ]),
    );
    expect(outcomes[0]).toEqual({ documentId: changed?.documentId, isIndexed: true, chunkCount: 1 });
    expect(outcomes[1]).toEqual({ documentId: kept?.documentId, isIndexed: false, chunkCount: 1 });
    expect(outcomes[2]).toMatchObject({ isIndexed: true, chunkCount: 1 });
    // The unchanged document's source fields moved without a re-index.
    const [keptRow] = await db()
      .select({ sharedWith: documents.sharedWith, sourceVersion: documents.sourceVersion })
      .from(documents)
      .where(eq(documents.id, kept?.documentId ?? ''));
    expect(keptRow).toEqual({ sharedWith: ['bob@example.com'], sourceVersion: 'v2' });
    expect(await titlesFound(owner, 'quay')).toEqual([]);
    expect(await titlesFound(owner, 'marina')).toEqual(['changed.txt']);
    expect(await titlesFound(owner, 'seagulls')).toEqual(['fresh.txt']);
    await expectStatisticsTrue();
  });

  it('reports a failing input and indexes the others of its batch', async () => {
    const owner = await newUserId();
    const inputs = [
      note(owner, 'one', 'Pilot boats wait.'),
      note(owner, 'two', 'Cranes unload containers.'),
      // A team that does not exist: the database refuses this document.
      note(owner, 'bad', 'Nobody reads this.', { teamId: randomUUID() }),
      note(owner, 'three', 'Dredgers deepen the channel.'),
      note(owner, 'four', 'Tides turn twice a day.'),
    ];
    const outcomes = await ingestTexts(db(), inputs);
    expect(outcomes.map((outcome) => isIngestFailure(outcome))).toEqual([false, false, true, false, false]);
    const stored = await db()
      .select({ externalId: documents.externalId })
      .from(documents)
      .where(and(eq(documents.ownerId, owner), eq(documents.status, 'ready')));
    expect(stored.map((row) => row.externalId).sort()).toEqual(['four', 'one', 'three', 'two']);
    expect(await titlesFound(owner, 'nobody')).toEqual([]);
    await expectStatisticsTrue();
    // The single-document entry throws what the batch reports.
    await expect(ingestText(db(), inputs[2] as IngestTextInput)).rejects.toBeTruthy();
  });

  it('indexes the same document twice in one call in order, the later input last', async () => {
    const owner = await newUserId();
    const outcomes = results(
      await ingestTexts(db(), [note(owner, 'twice', 'First draft about oars.'), note(owner, 'twice', 'Final: sails.')]),
    );
    expect(outcomes[0]?.documentId).toBe(outcomes[1]?.documentId);
    expect(await titlesFound(owner, 'oars')).toEqual([]);
    expect(await titlesFound(owner, 'sails')).toEqual(['twice.txt']);
    await expectStatisticsTrue();
  });

  it('matches documents without an external id by content hash', async () => {
    const owner = await newUserId();
    const input = note(owner, 'x', 'Rope knots: bowline and cleat hitch.', { externalId: null, source: 'upload' });
    const [first] = results(await ingestTexts(db(), [input]));
    const [second] = results(await ingestTexts(db(), [input, note(owner, 'y', 'Other.', { source: 'upload' })]));
    expect(second).toEqual({ documentId: first?.documentId, isIndexed: false, chunkCount: 1 });
  });
});
