import { randomUUID } from 'node:crypto';
import { type ApiErrorBody, CHAT_LIMITS } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexText, parseUIMessageStream, postChat, streamedText, userIdOf } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  const owner = await createSignedInUser(ctx);
  cookie = owner.cookie;
  const ownerId = await userIdOf(ctx, owner.user.email);
  await indexText(ctx, ownerId, 'handbook.txt', [
    { page: null, text: 'The office coffee machine is serviced every Tuesday by Brewline Ltd.' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

async function conversationExists(id: string): Promise<boolean> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie } });
  return response.statusCode === 200;
}

function expectTooLarge(response: { statusCode: number; json: () => unknown }, kilobytes: number): void {
  expect(response.statusCode).toBe(413);
  const { error } = response.json() as ApiErrorBody;
  expect(error.reason).toBe('CHAT_REQUEST_TOO_LARGE');
  expect(error.message).toBe(
    `This message is too large to send. Keep it under ${kilobytes} KB and ${CHAT_LIMITS.maxParts} parts.`,
  );
}

describe('POST /api/chat size limits (issue #15)', () => {
  it('refuses 200 parts of 4 KB (806 KB) with a clear 413 at once, storing nothing', async () => {
    const id = randomUUID();
    const parts = Array.from({ length: 200 }, () => ({ type: 'text', text: 'word '.repeat(800) }));
    const started = Date.now();
    const response = await postChat(ctx, cookie, { id, message: { id: randomUUID(), role: 'user', parts } });
    expectTooLarge(response, CHAT_LIMITS.requestKilobytes);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await conversationExists(id)).toBe(false);
  });

  it('refuses more parts than the limit, and more text than a person may send, with the same message', async () => {
    const manyParts = Array.from({ length: CHAT_LIMITS.maxParts + 1 }, () => ({ type: 'text', text: 'hi' }));
    const id = randomUUID();
    expectTooLarge(
      await postChat(ctx, cookie, { id, message: { id: randomUUID(), role: 'user', parts: manyParts } }),
      CHAT_LIMITS.userTextKilobytes,
    );
    const tooMuchText = 'é'.repeat(CHAT_LIMITS.userTextKilobytes * 512 + 1); // two bytes each: just over the limit
    expectTooLarge(await postChat(ctx, cookie, { id, text: tooMuchText }), CHAT_LIMITS.userTextKilobytes);
    expect(await conversationExists(id)).toBe(false);
  });

  it('answers a long pasted question within the limit, without a tool error echoing it', async () => {
    const question = `When is the coffee machine serviced? ${'Some pasted context about the office. '.repeat(700)}`;
    expect(Buffer.byteLength(question)).toBeLessThan(CHAT_LIMITS.userTextKilobytes * 1024);
    expect(question.length).toBeGreaterThan(1000);
    const response = await postChat(ctx, cookie, { id: randomUUID(), text: question });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('expected string');
    const chunks = parseUIMessageStream(response.body);
    expect(chunks.some((chunk) => chunk.type === 'error')).toBe(false);
    expect(streamedText(chunks).length).toBeGreaterThan(10);
    // The stream carries the question in the tool's input and output, never word by word (it was 11.8 MB).
    expect(response.body.length).toBeLessThan(4 * question.length);
  });
});
