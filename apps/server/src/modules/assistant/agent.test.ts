import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { ThinkingType } from '@lumen/contract';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexText, userIdOf } from '../../test/assistant-fixtures.ts';
import { buildTestApp, createSignedInUser, type TestContext } from '../../test/build-test-app.ts';
import { streamAgent } from './agent.ts';
import { createSession } from './session.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function streamOf(parts: LanguageModelV3StreamPart[]) {
  return { stream: simulateReadableStream({ chunks: parts }) };
}

/** A mock model: first a tool call, then the given answer. */
function scriptedModel(toolName: string, input: object, answer: string) {
  let call = 0;
  return new MockLanguageModelV3({
    doStream: async () => {
      call++;
      if (call === 1) {
        return streamOf([
          { type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) },
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
        ]);
      }
      return streamOf([
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: answer },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
      ]);
    },
  });
}

describe('the agent loop with a mock model', () => {
  it('cites only the passages the answer used, never a retrieved document it did not use', async () => {
    const me = await createSignedInUser(ctx);
    const userId = await userIdOf(ctx, me.user.email);
    const used = await indexText(ctx, userId, 'pricing.txt', [
      { page: null, text: 'The basic plan costs 12 euros a month.' },
    ]);
    const unused = await indexText(ctx, userId, 'pricing-old.txt', [
      { page: null, text: 'The basic plan used to cost 10 euros a month.' },
    ]);
    const thinking: ThinkingType[] = [];
    const session = createSession({
      db: ctx.app.database.db,
      storage: ctx.app.storage,
      embedder: null,
      log: ctx.app.log,
      userId,
      reportThinking: (type) => thinking.push(type),
    });
    // The model sees both passages; it answers from one of them.
    let answer = '';
    const model = new MockLanguageModelV3({
      doStream: async (options) => {
        const toolMessage = options.prompt.find((message) => message.role === 'tool');
        if (!toolMessage) {
          return streamOf([
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'answer_from_documents',
              input: '{"query":"basic plan cost"}',
            },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
          ]);
        }
        const part = toolMessage.content[0];
        const output = part?.type === 'tool-result' && part.output.type === 'json' ? part.output.value : null;
        const passages = (output as { passages: Array<{ n: number; documentId: string }> }).passages;
        expect(passages.map((p) => p.documentId).sort()).toEqual([used, unused].sort());
        const n = passages.find((p) => p.documentId === used)?.n;
        answer = `The basic plan costs 12 euros a month [${n}]. See also [99].`;
        return streamOf([
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: answer },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ]);
      },
    });
    const result = streamAgent({
      model,
      session,
      messages: [{ role: 'user', content: 'What does the basic plan cost?' }],
    });
    const text = await result.text;
    expect(text).toBe(answer);
    const citations = session.registry.citationsFor(text);
    expect(citations.map((c) => c.documentId)).toEqual([used]);
    expect(thinking).toEqual(['rag']);
  });

  it("reports 'pdf-search' for a search limited to PDFs, and passes the system prompt", async () => {
    const me = await createSignedInUser(ctx);
    const userId = await userIdOf(ctx, me.user.email);
    const thinking: ThinkingType[] = [];
    const session = createSession({
      db: ctx.app.database.db,
      storage: ctx.app.storage,
      embedder: null,
      log: ctx.app.log,
      userId,
      reportThinking: (type) => thinking.push(type),
    });
    const model = scriptedModel('search_files', { query: 'invoices', pdfOnly: true }, 'Nothing found.');
    const result = streamAgent({ model, session, messages: [{ role: 'user', content: 'Find PDF invoices' }] });
    await result.consumeStream();
    expect(thinking).toEqual(['pdf-search']);
    const system = model.doStreamCalls[0]?.prompt[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toMatch(/cite every fact/i);
    expect(model.doStreamCalls[0]?.tools?.map((t) => t.name).sort()).toEqual([
      'answer_from_documents',
      'search_files',
      'summarize_document',
      'workspace_overview',
    ]);
  });
});
