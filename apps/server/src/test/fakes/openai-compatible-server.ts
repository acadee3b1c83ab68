import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI chat-completions wire format (what Ollama, vLLM, LM Studio and OpenAI speak),
 * scripted per test: streaming (SSE, tool-call arguments split across deltas) and non-streaming answers.
 * Embeddings have their own fake (openai-embeddings.ts).
 */

export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null | Array<{ type: string; text?: string }>;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface FakeChatRequest {
  model: string;
  stream?: boolean;
  messages: FakeChatMessage[];
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
}

export type ScriptedReply =
  | { text: string /** Wait this long between streamed pieces (a slow model). */; delayMs?: number }
  | { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }
  | { error: { status: number; message: string } };

export type ReplyScript = (request: FakeChatRequest) => ScriptedReply;

export interface FakeOpenAiServer {
  /** The base URL to give AI_BASE_URL (ends in /v1). */
  baseUrl: string;
  /** Every chat-completions request received, in order. */
  requests: FakeChatRequest[];
  /** Replies for the next requests, in order; once used up, `fallback` answers. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Answers requests when no queued reply is left. */
  setFallback(script: ReplyScript): void;
  close(): Promise<void>;
}

export function lastUserText(request: FakeChatRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  if (!last?.content) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((part) => part.text ?? '').join(' ');
}

/** The tool results the request carries (parsed JSON when possible). */
export function toolResults(request: FakeChatRequest): unknown[] {
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      const text = typeof message.content === 'string' ? message.content : '';
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    });
}

/**
 * The default script: a two-step RAG loop like a real model's. First a call to answer_from_documents with the
 * question; then a reply quoting the first passage returned, cited as its [n].
 */
export const ragScript: ReplyScript = (request) => {
  const results = toolResults(request);
  if (results.length === 0) {
    return { toolCalls: [{ name: 'answer_from_documents', arguments: { query: lastUserText(request) } }] };
  }
  const output = results.at(-1) as { passages?: Array<{ n: number; text: string }> } | undefined;
  const first = output?.passages?.[0];
  if (!first) return { text: "Your documents don't seem to contain the answer to that question." };
  return { text: `According to your documents: ${first.text.slice(0, 200)} [${first.n}]` };
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Splits a string into `count` roughly equal pieces (tool arguments arrive in pieces, as from real servers). */
function splitInPieces(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length ? pieces : [''];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendSse(response: ServerResponse, model: string, reply: Exclude<ScriptedReply, { error: unknown }>) {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk({ role: 'assistant', content: '' }));
  if ('text' in reply) {
    for (const piece of reply.text.match(/\S+\s*|\s+/g) ?? []) {
      if (reply.delayMs) await sleep(reply.delayMs);
      if (response.destroyed) return;
      response.write(chunk({ content: piece }));
    }
    response.write(chunk({}, 'stop'));
  } else {
    reply.toolCalls.forEach((call, index) => {
      const callId = `call_${randomUUID().slice(0, 8)}`;
      response.write(
        chunk({ tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] }),
      );
      for (const piece of splitInPieces(JSON.stringify(call.arguments), 3)) {
        response.write(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    response.write(chunk({}, 'tool_calls'));
  }
  response.write(
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
  );
  response.end('data: [DONE]\n\n');
}

function sendJson(response: ServerResponse, model: string, reply: Exclude<ScriptedReply, { error: unknown }>) {
  const message =
    'text' in reply
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: reply.toolCalls.map((call) => ({
            id: `call_${randomUUID().slice(0, 8)}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: ScriptedReply[] = [];
  const requests: FakeChatRequest[] = [];
  let fallback: ReplyScript = ragScript;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `No route ${request.method} ${url.pathname}` } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as FakeChatRequest;
    requests.push(body);
    const reply = queue.shift() ?? fallback(body);
    if ('error' in reply) {
      response.writeHead(reply.error.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: reply.error.message, type: 'invalid_request_error' } }));
      return;
    }
    if (body.stream) await sendSse(response, body.model, reply);
    else sendJson(response, body.model, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    setFallback: (script) => {
      fallback = script;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
