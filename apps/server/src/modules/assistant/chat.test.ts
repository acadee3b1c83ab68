import { randomUUID } from 'node:crypto';
import { NO_ANSWER_REPLY } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataParts,
  indexText,
  parseUIMessageStream,
  postChat,
  streamedText,
  userIdOf,
} from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fakes/openai-compatible-server.ts';

let ctx: TestContext;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  ctx = await buildTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('POST /api/chat with an OpenAI-compatible model (real HTTP to a local fake)', () => {
  it('runs the tool loop, streams thinking, text and citations, and saves both messages', async () => {
    const owner = await createSignedInUser(ctx);
    const ownerId = await userIdOf(ctx, owner.user.email);
    const documentId = await indexText(ctx, ownerId, 'handbook.txt', [
      { page: null, text: 'The office coffee machine is serviced every Tuesday by Brewline Ltd.' },
    ]);
    await indexText(ctx, ownerId, 'unrelated.txt', [{ page: null, text: 'Quarterly parking permits are blue.' }]);
    const conversationId = randomUUID();
    const requestsBefore = fake.requests.length;

    const response = await postChat(ctx, owner.cookie, {
      id: conversationId,
      text: 'When is the coffee machine serviced?',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const chunks = parseUIMessageStream(response.body);
    expect(dataParts<{ type: string }>(chunks, 'data-thinking').map((d) => d.type)).toEqual(['general', 'rag', 'rag']);
    const text = streamedText(chunks);
    expect(text).toContain('Tuesday');
    expect(text).toContain('[1]');
    const [citations] = dataParts<{ citations: Array<{ documentId: string; index: number; url: string }> }>(
      chunks,
      'data-citations',
    );
    expect(citations?.citations).toEqual([
      expect.objectContaining({
        index: 1,
        documentId,
        title: 'handbook.txt',
        url: `/api/documents/${documentId}/content`,
      }),
    ]);
    // Two model calls: the tool call (streamed in pieces), then the answer with the tool result in the prompt.
    const calls = fake.requests.slice(requestsBefore);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.stream).toBe(true);
    expect(calls[0]?.tools?.map((t) => t.function.name)).toContain('delete_file');
    expect(calls[1]?.messages.some((m) => m.role === 'tool')).toBe(true);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie: owner.cookie },
    });
    expect(detail.statusCode).toBe(200);
    const { conversation, messages } = detail.json();
    expect(conversation.title).toBe('When is the...');
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].metadata.citations).toEqual([expect.objectContaining({ documentId, index: 1 })]);
    expect(messages[1].parts.some((p: { type: string }) => p.type === 'text')).toBe(true);
    expect(messages[0].metadata.createdAt).toEqual(expect.any(String));
  });

  it('turns a provider failure into an error part with a clear message', async () => {
    const { cookie } = await createSignedInUser(ctx);
    fake.enqueue({ error: { status: 401, message: 'Invalid API key provided' } });
    const conversationId = randomUUID();
    const response = await postChat(ctx, cookie, { id: conversationId, text: 'Hello there' });
    expect(response.statusCode).toBe(200);
    const errors = parseUIMessageStream(response.body).filter((chunk) => chunk.type === 'error');
    expect(errors).toEqual([{ type: 'error', errorText: expect.stringContaining('Invalid API key provided') }]);
    expect(errors[0]).toEqual({ type: 'error', errorText: expect.stringContaining('401') });
    // The question is kept; the failed answer is not.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversationId}`,
      headers: { cookie },
    });
    expect(detail.json().messages.map((m: { role: string }) => m.role)).toEqual(['user']);
  });

  it("answers that the documents don't say when nothing is retrieved", async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await postChat(ctx, cookie, { id: randomUUID(), text: 'What is our refund policy?' });
    const chunks = parseUIMessageStream(response.body);
    expect(streamedText(chunks)).toBe(NO_ANSWER_REPLY);
    expect(dataParts<{ citations: unknown[] }>(chunks, 'data-citations')).toEqual([{ citations: [] }]);
  });
});

describe('a client that disconnects mid-answer', () => {
  it('still gets the whole answer saved', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const conversationId = randomUUID();
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    fake.enqueue({ text: `Slow answer: ${words}.`, delayMs: 20 });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/chat`, {
      method: 'POST',
      signal: controller.signal,
      headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify({
        id: conversationId,
        message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'Tell me slowly' }] },
      }),
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    controller.abort();
    await expect
      .poll(
        async () => {
          const detail = await ctx.app.inject({
            method: 'GET',
            url: `/api/conversations/${conversationId}`,
            headers: { cookie },
          });
          const assistant = detail.json().messages[1];
          return assistant?.parts.find((part: { type: string }) => part.type === 'text')?.text;
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(`Slow answer: ${words}.`);
  });
});

describe('GET /api/assistant/model', () => {
  it('says which model answers', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/assistant/model', headers: { cookie } });
    expect(response.json()).toEqual({
      provider: 'openai-compatible',
      model: 'fake-model',
      label: 'fake-model (OpenAI-compatible)',
    });
  });
});
