import type { DocumentSummary, SearchResult, UploadedFile } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { postFiles } from '../../test/multipart.ts';
import { INGEST_DOCUMENT_JOB } from './ingestion.service.ts';

/**
 * What a crash leaves of an ingestion: the document 'processing' and its job 'running' under a worker that is gone.
 * The queue sweeps expired leases every 20 ms here, so a lease made old by hand is taken over at once.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { jobs: { sweepIntervalMs: 20 } });
  ({ cookie } = await createSignedInUser(ctx));
});
afterAll(async () => {
  await ctx?.close();
});

async function upload(filename: string, content: string): Promise<string> {
  const response = await postFiles(ctx, cookie, [{ filename, content, contentType: 'text/plain' }]);
  expect(response.statusCode).toBe(201);
  await ctx.app.jobs.drain();
  const id = response.json<{ files: UploadedFile[] }>().files[0]?.document.id;
  if (!id) throw new Error('no document');
  return id;
}

async function documentOf(id: string): Promise<DocumentSummary> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { cookie } });
  return response.json<DocumentSummary>();
}

/** Puts the document back in 'processing' with its job running under a dead worker whose lease ran out long ago. */
async function crashMidIngestion(documentId: string, { isLastAttempt }: { isLastAttempt: boolean }): Promise<void> {
  await ctx.app.database.db.execute(sql`UPDATE documents SET status = 'processing' WHERE id = ${documentId}`);
  await ctx.app.database.db.execute(sql`
    UPDATE jobs SET status = 'running', locked_by = 'a-dead-worker', locked_at = now() - interval '1 hour',
                    attempts = CASE WHEN ${isLastAttempt}::boolean THEN max_attempts ELSE 1 END
    WHERE kind = ${INGEST_DOCUMENT_JOB} AND payload->'documentIds' @> jsonb_build_array(${documentId}::text)`);
}

async function waitForStatus(id: string, status: DocumentSummary['status']): Promise<DocumentSummary> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    ctx.app.jobs.wake();
    const document = await documentOf(id);
    if (document.status === status) return document;
    if (Date.now() > deadline) throw new Error(`still ${document.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an ingestion cut off by a crash', () => {
  it('is taken over and redone: the document is ready again, indexed once', async () => {
    const id = await upload('tides.txt', 'The spring tide at Skerry Point peaks at dawn.');
    await crashMidIngestion(id, { isLastAttempt: false });
    const document = await waitForStatus(id, 'ready');
    expect(document.error).toBeNull();
    const search = await ctx.app.inject({ method: 'GET', url: '/api/search?q=skerry+tide', headers: { cookie } });
    const results = search.json<{ results: SearchResult[] }>().results;
    expect(results.map((result) => result.documentId)).toEqual([id]);
  });

  it('fails the document with a reason when its last attempt was the one cut off', async () => {
    const id = await upload('crashes.txt', 'A file that takes the server down each time it is read.');
    await crashMidIngestion(id, { isLastAttempt: true });
    const document = await waitForStatus(id, 'failed');
    expect(document.error).toBe('The file could not be processed. Please upload it again.');
  });
});
