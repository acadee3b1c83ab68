import { AI_PROCESSED_TAG, type DocumentListResponse, type DocumentSummary } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { buildTestApp, createSignedInUser, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { postFiles } from '../../test/multipart.ts';

let ctx: TestContext;
let cookie: string;
let otherCookie: string;
const ids: Record<string, string> = {};

async function list(query: string, as = cookie): Promise<DocumentSummary[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/documents?${query}`, headers: { cookie: as } });
  expect(response.statusCode).toBe(200);
  return response.json<DocumentListResponse>().documents;
}

function processDocuments(payload: object, as = cookie) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/documents/process',
    headers: { ...TEST_ORIGIN, cookie: as },
    payload,
  });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ cookie } = await createSignedInUser(ctx));
  ({ cookie: otherCookie } = await createSignedInUser(ctx));
  const uploaded = await postFiles(ctx, cookie, [
    { filename: 'Quarterly plan.md', content: '# Plan\nShip the hub.' },
    { filename: 'budget.csv', content: 'item,cost\ndesks,300\n' },
  ]);
  for (const file of uploaded.json<{ files: Array<{ filename: string; document: { id: string } }> }>().files) {
    ids[file.filename] = file.document.id;
  }
  await ctx.app.jobs.drain();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the document hub', () => {
  it('filters by title, type and source', async () => {
    expect((await list('q=PLAN')).map((document) => document.title)).toEqual(['Quarterly plan.md']);
    expect((await list('type=excel')).map((document) => document.title)).toEqual(['budget.csv']);
    expect(await list('source=google-drive')).toEqual([]);
    expect((await list('source=upload')).length).toBe(2);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/documents?type=video', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it("processes the selection: the ingestion runs again and the documents get the 'AI-processed' tag", async () => {
    const documentId = ids['budget.csv'] ?? '';
    const response = await processDocuments({ documentIds: [documentId] });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ documents: DocumentSummary[] }>().documents).toEqual([
      expect.objectContaining({ id: documentId, tags: [AI_PROCESSED_TAG], status: expect.any(String) }),
    ]);
    await ctx.app.jobs.drain();
    const [processed] = await list('processed=processed');
    expect(processed).toMatchObject({ id: documentId, status: 'ready', tags: [AI_PROCESSED_TAG] });
    expect((await list('processed=unprocessed')).map((document) => document.title)).toEqual(['Quarterly plan.md']);
    // Processing again does not add the tag twice.
    await processDocuments({ documentIds: [documentId] });
    expect((await list('processed=processed'))[0]?.tags).toEqual([AI_PROCESSED_TAG]);
  });

  it("answers 'Please select assets to process' with none selected, and 404 for another user's documents", async () => {
    const none = await processDocuments({ documentIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { message: 'Please select assets to process' } });
    const foreign = await processDocuments({ documentIds: [ids['Quarterly plan.md']] }, otherCookie);
    expect(foreign.statusCode).toBe(404);
    expect((await list('processed=unprocessed')).map((document) => document.title)).toEqual(['Quarterly plan.md']);
  });

  it('processes a selection of files with one ingestion job for all of them', async () => {
    const selected = [ids['budget.csv'] ?? '', ids['Quarterly plan.md'] ?? ''];
    await ctx.app.jobs.drain();
    // The ingestion jobs queued since now: whether a worker took them already or not.
    const queuedSince = async (afterId: number) => {
      const queued = await ctx.app.database.db.execute(sql`
        SELECT id, payload FROM jobs WHERE kind = 'documents.ingest' AND id > ${afterId} ORDER BY id`);
      return rowsOf<{ id: number | string; payload: { documentIds?: string[] } | string }>(queued).map((row) => ({
        id: Number(row.id),
        payload:
          typeof row.payload === 'string' ? (JSON.parse(row.payload) as { documentIds?: string[] }) : row.payload,
      }));
    };
    const lastId = Math.max(0, ...(await queuedSince(0)).map((job) => job.id));
    expect((await processDocuments({ documentIds: selected })).statusCode).toBe(200);
    const jobs = await queuedSince(lastId);
    expect(jobs).toHaveLength(1);
    expect([...(jobs[0]?.payload.documentIds ?? [])].sort()).toEqual([...selected].sort());
    await ctx.app.jobs.drain();
    const listed = await list('processed=processed');
    expect(listed.filter((document) => selected.includes(document.id)).map((document) => document.status)).toEqual([
      'ready',
      'ready',
    ]);
  });
});
