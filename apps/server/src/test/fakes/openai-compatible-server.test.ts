import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './openai-compatible-server.ts';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake?.close();
});

function complete(body: object) {
  return fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake-model', ...body }),
  });
}

describe('the fake OpenAI-compatible server', () => {
  it('streams tool-call arguments in several deltas that join into the JSON', async () => {
    fake.enqueue({ toolCalls: [{ name: 'search_files', arguments: { query: 'lyon warehouse', pdfOnly: true } }] });
    const response = await complete({ stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const events = (await response.text())
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)) as { choices: Array<{ delta: { tool_calls?: unknown[] } }> });
    const argumentPieces = events.flatMap((event) =>
      (event.choices[0]?.delta.tool_calls ?? []).map(
        (call) => (call as { function: { arguments: string } }).function.arguments,
      ),
    );
    expect(argumentPieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(JSON.parse(argumentPieces.join(''))).toEqual({ query: 'lyon warehouse', pdfOnly: true });
  });

  it('answers non-streaming requests and scripted errors', async () => {
    fake.enqueue({ text: 'Hello.' }, { error: { status: 429, message: 'Slow down' } });
    const ok = await complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(((await ok.json()) as { choices: Array<{ message: unknown }> }).choices[0]?.message).toEqual({
      role: 'assistant',
      content: 'Hello.',
    });
    const failed = await complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(failed.status).toBe(429);
    expect(((await failed.json()) as { error: { message: string } }).error.message).toBe('Slow down');
  });

  it('answers 404 with an OpenAI-style error for unknown routes', async () => {
    const response = await fetch(`${fake.baseUrl}/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: expect.stringContaining('No route') } });
  });
});
