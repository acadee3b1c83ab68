import { randomUUID } from 'node:crypto';
import { AI_PROVIDER_ERROR_CODE, NO_ANSWER_REPLY } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexText, userIdOf } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fakes/openai-compatible-server.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function ask(context: TestContext, cookie: string, payload: unknown) {
  return context.app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

describe('POST /api/ask with the builtin model', () => {
  it("answers from the signed-in user's documents, with a citation marker", async () => {
    const owner = await createSignedInUser(ctx);
    const ownerId = await userIdOf(ctx, owner.user.email);
    await indexText(ctx, ownerId, 'travel-policy.txt', [
      {
        page: null,
        text: 'Employees book flights through the Skyward portal. Economy class is required for flights shorter than six hours. Hotel stays are capped at 180 euros per night.',
      },
    ]);
    const response = await ask(ctx, owner.cookie, { query: 'What is the hotel cap per night?' });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toContain('180 euros');
    expect(response.json().response).toMatch(/\[1\]/);
  });

  it("never answers from another user's documents", async () => {
    const owner = await createSignedInUser(ctx);
    await indexText(ctx, await userIdOf(ctx, owner.user.email), 'secret-plan.txt', [
      { page: null, text: 'The launch codename for the new product is Bluefin Horizon.' },
    ]);
    const outsider = await createSignedInUser(ctx);
    const response = await ask(ctx, outsider.cookie, { query: 'What is the launch codename for the new product?' });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toBe(NO_ANSWER_REPLY);
  });

  it.each([
    ['a missing query', {}],
    ['a non-string query', { query: 42 }],
    ['a blank query', { query: '   ' }],
  ])('refuses %s with 400 and a clear message', async (_label, payload) => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await ask(ctx, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('query is required') }),
    );
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/ask', payload: { query: 'hello' } });
    expect(response.statusCode).toBe(401);
  });

  it('does not delete files: that needs a confirmation only the chat can show', async () => {
    const owner = await createSignedInUser(ctx);
    await indexText(ctx, await userIdOf(ctx, owner.user.email), 'budget.txt', [{ page: null, text: 'Budget.' }]);
    const response = await ask(ctx, owner.cookie, { query: 'Delete the file budget.txt' });
    expect(response.json().response).toMatch(/confirm/i);
  });
});

describe('POST /api/ask with a failing provider', () => {
  let failing: TestContext;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    failing = await buildTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      ASSISTANT_RATE_LIMIT_MAX: '3',
    });
  });
  afterAll(async () => {
    await failing?.close();
    await fake?.close();
  });

  it('answers 502 with the provider message', async () => {
    const { cookie } = await createSignedInUser(failing);
    fake.enqueue({ error: { status: 400, message: 'The model fake-model does not exist' } });
    const response = await ask(failing, cookie, { query: 'Anything?' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: AI_PROVIDER_ERROR_CODE, message: expect.stringContaining('The model fake-model does not exist') },
    });
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const unreachable = await buildTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'fake-model',
    });
    try {
      const { cookie } = await createSignedInUser(unreachable);
      const response = await ask(unreachable, cookie, { query: 'Anything?' });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toMatch(/could not be reached/);
    } finally {
      await unreachable.close();
    }
  });

  it('rate-limits each user per minute with a clear 429', async () => {
    const first = await createSignedInUser(failing);
    const second = await createSignedInUser(failing);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ask(failing, first.cookie, { query: `Question ${i}` })).statusCode);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    const limited = await ask(failing, first.cookie, { query: 'again' });
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      reason: 'MESSAGES_TOO_FAST',
      message: expect.stringMatching(/too quickly\. Please wait \d+ seconds/),
      params: { seconds: expect.any(Number) },
    });
    // Another user has their own budget.
    expect((await ask(failing, second.cookie, { query: 'Mine?' })).statusCode).not.toBe(429);
    // The chat has the same rule.
    const chatter = await createSignedInUser(failing);
    const chatStatuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const chat = await failing.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { cookie: chatter.cookie, origin: 'http://localhost:3000' },
        payload: {
          id: randomUUID(),
          message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'hi' }] },
        },
      });
      chatStatuses.push(chat.statusCode);
    }
    expect(chatStatuses).toEqual([200, 200, 200, 429]);
  });
});
