import { type ChatRequest, type DocumentSource, readApiErrorBody } from '@lumen/contract';
import { DefaultChatTransport, type UIMessageChunk } from 'ai';
import { API_BASE_PATH } from '@/lib/api-client';
import type { ChatMessage } from '../types';
import {
  ChatHttpError,
  ChatMissingResponseError,
  ChatNetworkError,
  ChatParseError,
  ChatStreamError,
} from '../utils/chat-errors';

/** POST /api/chat: sends one message of a conversation and reads the answer as an AI SDK UI message stream (SSE). */
export const CHAT_API_PATH = `${API_BASE_PATH}/chat`;

/** Reason phrases for responses that carry none (HTTP/2). */
const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ChatParseError(error);
  }
}

/** The server's explanation in an error body: `error.message` (our API), else `detail` or `message`. */
async function readErrorDetail(response: Response): Promise<string> {
  const text = await response.text();
  if (text.trim() === '') return '';
  const body = parseJson(text);
  const apiError = readApiErrorBody(body);
  if (apiError) return apiError.error.message;
  if (isRecord(body)) {
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.message === 'string') return body.message;
  }
  return '';
}

/** The text of a non-streaming answer `{ response }` (the /api/ask shape), or why it cannot be read. */
async function readPlainAnswer(response: Response): Promise<string> {
  const body = parseJson(await response.text());
  if (!isRecord(body) || typeof body.response !== 'string') throw new ChatMissingResponseError();
  return body.response;
}

/** A one-message UI message stream holding `text`, so a plain JSON answer renders like a streamed one. */
function toStreamResponse(text: string): Response {
  const chunks: UIMessageChunk[] = [
    { type: 'start' },
    { type: 'text-start', id: 'text' },
    { type: 'text-delta', id: 'text', delta: text },
    { type: 'text-end', id: 'text' },
    { type: 'finish' },
  ];
  const body = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/**
 * fetch for the chat transport: turns every way the request can fail into a typed error
 * (docs/product-rules.md#chat-errors), so the chat can say what happened. The AI SDK's own transport would only keep
 * the body text.
 */
export async function fetchChatResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (error instanceof TypeError) throw new ChatNetworkError(error);
    throw error;
  }
  if (!response.ok) {
    const detail = await readErrorDetail(response);
    throw new ChatHttpError(response.status, response.statusText || STATUS_TEXTS[response.status] || '', detail);
  }
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) return response;
  return toStreamResponse(await readPlainAnswer(response));
}

/** What the server needs of a message: the client-only markers (upload and error notices) never leave the browser. */
export function toRequestMessage(message: ChatMessage): ChatRequest['message'] {
  const metadata = message.metadata;
  return {
    id: message.id,
    role: message.role === 'assistant' ? 'assistant' : 'user',
    parts: message.parts,
    ...(metadata
      ? {
          metadata: {
            ...(metadata.createdAt ? { createdAt: metadata.createdAt } : {}),
            ...(metadata.attachments?.length ? { attachments: metadata.attachments } : {}),
          },
        }
      : {}),
  };
}

/** Error parts of the stream become a ChatStreamError, so the chat can tell them from other failures. */
class LumenChatTransport extends DefaultChatTransport<ChatMessage> {
  protected override processResponseStream(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    return super.processResponseStream(stream).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          if (chunk.type === 'error') controller.error(new ChatStreamError(chunk.errorText));
          else controller.enqueue(chunk);
        },
      }),
    );
  }
}

export type ChatTransportOptions = {
  /** A space's chat: the conversation belongs to that space, and the assistant reads only its files. */
  spaceId?: string | undefined;
  /** Questions about one platform only (the /notion page): the assistant reads only that platform's documents. */
  platform?: DocumentSource | undefined;
};

/**
 * The transport of one conversation. The body is the contract's chat request `{ id, spaceId?, platform?, message }`: the new
 * user message, or (after a confirmation) the assistant message holding the user's approval responses.
 */
export function createChatTransport({
  spaceId,
  platform,
}: ChatTransportOptions = {}): DefaultChatTransport<ChatMessage> {
  return new LumenChatTransport({
    api: CHAT_API_PATH,
    credentials: 'same-origin',
    fetch: fetchChatResponse,
    prepareSendMessagesRequest: ({ id, messages, messageId }) => {
      const message =
        (messageId ? messages.find((candidate) => candidate.id === messageId) : undefined) ?? messages.at(-1);
      if (!message) throw new Error('There is no message to send.');
      const body: ChatRequest = {
        id,
        ...(spaceId ? { spaceId } : {}),
        ...(platform ? { platform } : {}),
        message: toRequestMessage(message),
      };
      return { body };
    },
  });
}
