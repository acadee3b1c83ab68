import type { SearchResult, UploadedFile } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from '../../test/fakes/openai-embeddings.ts';
import { postFiles } from '../../test/multipart.ts';
import { ingestText } from '../documents/index.ts';
import { fuseRankings, getDocumentChunks, searchPassages } from './search.service.ts';

interface User {
  cookie: string;
  userId: string;
}

async function signIn(ctx: TestContext): Promise<User> {
  const { cookie } = await createSignedInUser(ctx);
  const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return { cookie, userId: me.json<{ user: { id: string } }>().user.id };
}

async function search(ctx: TestContext, user: User, query: Record<string, string | number>) {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/search?${params}`,
    headers: { cookie: user.cookie },
  });
  return { status: response.statusCode, body: response.json<{ results: SearchResult[]; tookMs: number }>(), response };
}

function ingest(
  ctx: TestContext,
  user: User,
  title: string,
  text: string,
  mimeType = 'text/plain',
  page: number | null = null,
) {
  return ingestText(ctx.app.database.db, {
    ownerId: user.userId,
    source: 'upload',
    externalId: `test:${title}`,
    title,
    mimeType,
    pages: [{ page, text }],
    contentHash: `${title}:${text.length}`,
  });
}

describe('lexical search', () => {
  let ctx: TestContext;
  let alice: User;
  let bob: User;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await buildTestApp();
    alice = await signIn(ctx);
    bob = await signIn(ctx);
    const corpus: Array<[string, string, string?, number?]> = [
      ['Aurora kickoff', 'The Aurora project kicks off on the fourteenth of March in the Lisbon office.'],
      [
        'Project handbook',
        'Every project starts with a kickoff meeting. Project leads plan the project timeline and the project budget.',
      ],
      ['Vacation policy', 'Employees have twenty-five days of paid vacation per year, carried over until March.'],
      [
        'Expense rules',
        'Travel expenses are reimbursed within thirty days when receipts are attached.',
        'application/pdf',
        3,
      ],
      ['Security notes', 'Never paste <script>alert("pwned")</script> into the wiki & always lock your screen.'],
    ];
    for (const [title, text, mimeType, page] of corpus) {
      ids[title] = (await ingest(ctx, alice, title, text, mimeType, page ?? null)).documentId;
    }
    ids.bobs = (
      await ingest(ctx, bob, 'Aurora secrets', 'Aurora Aurora Aurora kickoff: the Aurora budget is forty million.')
    ).documentId;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('ranks the right document first for a natural-language question', async () => {
    const { status, body } = await search(ctx, alice, { q: 'When does the Aurora project kick off?' });
    expect(status).toBe(200);
    expect(body.results[0]?.documentId).toBe(ids['Aurora kickoff']);
    expect(body.results[0]).toMatchObject({
      title: 'Aurora kickoff',
      source: 'upload',
      mimeType: 'text/plain',
      page: null,
    });
    expect(body.results[0]?.text).toContain('fourteenth of March');
    expect(body.results[0]?.score).toBeGreaterThan(body.results[1]?.score ?? 0);
    expect(typeof body.tookMs).toBe('number');
  });

  it('matches any of the words, stemmed', async () => {
    const { body } = await search(ctx, alice, { q: 'reimbursing receipts for the zeppelin' });
    expect(body.results.map((result) => result.documentId)).toEqual([ids['Expense rules']]);
  });

  it('finds nothing, without an error, for a question made of stop words', async () => {
    const { status, body } = await search(ctx, alice, { q: 'what is the and of it' });
    expect(status).toBe(200);
    expect(body.results).toEqual([]);
  });

  it("never returns another user's passages", async () => {
    const { body } = await search(ctx, alice, { q: 'Aurora budget kickoff', limit: 100 });
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.map((result) => result.documentId)).not.toContain(ids.bobs);
    const theirs = await search(ctx, bob, { q: 'Aurora budget kickoff', limit: 100 });
    expect(theirs.body.results.map((result) => result.documentId)).toEqual([ids.bobs]);
    const direct = await searchPassages(ctx.app.database.db, {
      userId: alice.userId,
      query: 'Aurora',
      limit: 10,
      documentIds: [ids.bobs ?? ''],
    });
    expect(direct).toEqual([]);
  });

  it('filters by MIME type (PDF only) and by document', async () => {
    const pdfOnly = await search(ctx, alice, { q: 'March expenses project', mimeType: 'application/pdf' });
    expect(pdfOnly.body.results.map((result) => [result.documentId, result.page])).toEqual([[ids['Expense rules'], 3]]);
    const oneDocument = await search(ctx, alice, { q: 'March', documentId: ids['Vacation policy'] ?? '' });
    expect(oneDocument.body.results.map((result) => result.documentId)).toEqual([ids['Vacation policy']]);
  });

  it('highlights matched words and escapes everything else in the snippet', async () => {
    const { body } = await search(ctx, alice, { q: 'script alert wiki' });
    const [result] = body.results;
    expect(result?.documentId).toBe(ids['Security notes']);
    expect(result?.snippet).toBe(
      'Never paste &lt;<mark>script</mark>&gt;<mark>alert</mark>(&quot;pwned&quot;)&lt;/<mark>script</mark>&gt; into the <mark>wiki</mark> &amp; always lock your screen.',
    );
    expect(result?.snippet).not.toMatch(/<(?!\/?mark>)/);
    expect(result?.text).toContain('<script>');
  });

  it('highlights the inflected forms that matched', async () => {
    const { body } = await search(ctx, alice, { q: 'project plans' });
    const handbook = body.results.find((result) => result.documentId === ids['Project handbook']);
    expect(handbook?.snippet).toContain('<mark>project</mark>');
    expect(handbook?.snippet).toContain('<mark>plan</mark>');
    expect(handbook?.snippet).toContain('<mark>Project</mark> leads');
  });

  it.each([
    [{}, 'Invalid input: expected string, received undefined'],
    [{ q: '   ' }, 'Type something to search for'],
    [{ q: 'x', limit: 0 }, 'Too small: expected number to be >=1'],
    [{ q: 'x', limit: 101 }, 'Too big: expected number to be <=100'],
    [{ q: 'x', documentId: 'nope' }, 'Invalid UUID'],
  ])('answers 400 with a clear message for %j', async (query, message) => {
    const { status, body } = await search(ctx, alice, query);
    expect(status).toBe(400);
    const error = (body as unknown as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(message);
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/search?q=aurora' });
    expect(response.statusCode).toBe(401);
  });

  it('gives the passages of a visible document in order, and NOT_FOUND otherwise', async () => {
    const long = Array.from({ length: 5 }, (_, index) => `Paragraph ${index} ${'filler '.repeat(120)}`).join('\n\n');
    const { documentId } = await ingest(ctx, alice, 'Long report', long);
    const passages = await getDocumentChunks(ctx.app.database.db, alice.userId, documentId);
    expect(passages.length).toBeGreaterThan(1);
    expect(passages.map((passage) => passage.ordinal)).toEqual(passages.map((_, index) => index));
    expect(passages[0]?.text.startsWith('Paragraph 0')).toBe(true);
    await expect(getDocumentChunks(ctx.app.database.db, bob.userId, documentId)).rejects.toThrow(AppError);
    await expect(getDocumentChunks(ctx.app.database.db, alice.userId, 'not-a-uuid')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('re-indexes changed content, skips unchanged content, and keeps the statistics true', async () => {
    const first = await ingest(ctx, alice, 'Changing note', 'The meeting room is called Saturn.');
    const unchanged = await ingest(ctx, alice, 'Changing note', 'The meeting room is called Saturn.');
    expect(unchanged).toEqual({ documentId: first.documentId, isIndexed: false, chunkCount: 1 });
    const changed = await ingestText(ctx.app.database.db, {
      ownerId: alice.userId,
      source: 'upload',
      externalId: 'test:Changing note',
      title: 'Changing note',
      mimeType: 'text/plain',
      pages: [{ page: null, text: 'The meeting room is now called Jupiter.' }],
      contentHash: 'v2',
    });
    expect(changed).toMatchObject({ documentId: first.documentId, isIndexed: true });
    expect((await search(ctx, alice, { q: 'Saturn' })).body.results).toEqual([]);
    expect((await search(ctx, alice, { q: 'Jupiter' })).body.results.map((result) => result.documentId)).toEqual([
      first.documentId,
    ]);
    const result = await ctx.app.database.db.execute(sql`
      SELECT (SELECT chunk_count FROM search_stats WHERE id = 1) AS stats,
             (SELECT count(*) FROM chunks WHERE indexed_length > 0) AS indexed,
             (SELECT count(*) FROM chunks) AS chunks`);
    const [row] = rowsOf<{ stats: number; indexed: number; chunks: number }>(result);
    expect(Number(row?.stats)).toBe(Number(row?.indexed));
    expect(Number(row?.indexed)).toBe(Number(row?.chunks));
  });
});

describe('fuseRankings', () => {
  it('adds 1 / (60 + rank) over the rankings', () => {
    const fused = fuseRankings(
      [
        [
          { chunkId: 1, score: 9 },
          { chunkId: 2, score: 5 },
        ],
        [
          { chunkId: 2, score: 0.9 },
          { chunkId: 3, score: 0.8 },
        ],
      ],
      10,
    );
    expect(fused.map((item) => item.chunkId)).toEqual([2, 1, 3]);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61);
  });
});

describe('hybrid search with embeddings', () => {
  let ctx: TestContext;
  let embeddings: FakeEmbeddingsServer;
  let user: User;

  beforeAll(async () => {
    embeddings = await startFakeEmbeddingsServer();
    ctx = await buildTestApp({
      EMBEDDINGS_BASE_URL: embeddings.baseUrl,
      EMBEDDINGS_MODEL: 'fake-embedding-model',
      EMBEDDINGS_API_KEY: 'sk-test-embeddings',
    });
    user = await signIn(ctx);
    const response = await postFiles(ctx, user.cookie, [
      { filename: 'garage.txt', content: 'My car broke down on the highway and the garage fixed the gearbox.' },
      { filename: 'kitchen.txt', content: 'The kitchen renovation needs new tiles and a larger sink.' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ files: UploadedFile[] }>().files).toHaveLength(2);
    await ctx.app.jobs.drain();
  });

  afterAll(async () => {
    await ctx?.close();
    await embeddings?.close();
  });

  it('is on only where the database has pgvector', () => {
    if (ctx.app.database.hasVector) expect(ctx.app.embeddings?.model).toBe('fake-embedding-model');
    else expect(ctx.app.embeddings).toBeNull();
  });

  it('embeds the chunks through the OpenAI wire format with the API key', async () => {
    if (!ctx.app.database.hasVector) return;
    const documentRequests = embeddings.requests.filter((request) =>
      request.inputs.some((input) => input.includes('garage')),
    );
    expect(documentRequests.length).toBeGreaterThan(0);
    expect(documentRequests[0]).toMatchObject({
      authorization: 'Bearer sk-test-embeddings',
      model: 'fake-embedding-model',
    });
    const result = await ctx.app.database.db.execute(sql`SELECT count(*)::int AS n FROM chunk_embeddings`);
    expect(rowsOf<{ n: number }>(result)[0]?.n).toBe(2);
  });

  it('finds by meaning what no word matches, and still ranks word matches', async () => {
    const semantic = await search(ctx, user, { q: 'automobile repair' });
    expect(semantic.status).toBe(200);
    if (ctx.app.database.hasVector) {
      expect(semantic.body.results[0]?.title).toBe('garage.txt');
    } else {
      // Lexical only (the PostgreSQL server here has no pgvector): no word of the question is in any file.
      expect(semantic.body.results).toEqual([]);
    }
    const lexical = await search(ctx, user, { q: 'kitchen tiles' });
    expect(lexical.body.results[0]?.title).toBe('kitchen.txt');
    expect(lexical.body.results[0]?.snippet).toContain('<mark>kitchen</mark>');
  });

  it('falls back to lexical results when the embeddings service fails', async () => {
    embeddings.failWith(503);
    try {
      const { status, body } = await search(ctx, user, { q: 'kitchen sink' });
      expect(status).toBe(200);
      expect(body.results[0]?.title).toBe('kitchen.txt');
    } finally {
      embeddings.failWith(0);
    }
  });
});
