import { createHash, randomUUID } from 'node:crypto';
import type { DocumentSource } from '@lumen/contract';
import type { UIMessageChunk } from 'ai';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema/index.ts';
import { ingestText } from '../modules/documents/index.ts';
import type { TestContext } from './build-test-app.ts';

/** The chunks of an SSE UI message stream body. */
export function parseUIMessageStream(body: string): UIMessageChunk[] {
  return body
    .split('\n\n')
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice('data: '.length)) as UIMessageChunk);
}

export function streamedText(chunks: UIMessageChunk[]): string {
  return chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');
}

export function dataParts<T>(chunks: UIMessageChunk[], type: string): T[] {
  return chunks.flatMap((chunk) => (chunk.type === type && 'data' in chunk ? [chunk.data as T] : []));
}

export function postChat(
  ctx: TestContext,
  cookie: string,
  body: { id: string; text?: string; message?: Record<string, unknown>; spaceId?: string; platform?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: {
      id: body.id,
      ...(body.spaceId ? { spaceId: body.spaceId } : {}),
      ...(body.platform ? { platform: body.platform } : {}),
      message: body.message ?? { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: body.text ?? '' }] },
    },
  });
}

export async function userIdOf(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Indexes a text document for the user through the real ingestion function. */
export async function indexText(
  ctx: TestContext,
  ownerId: string,
  title: string,
  pages: Array<{ page: number | null; text: string }>,
  mimeType = 'text/plain',
  source: DocumentSource = 'upload',
): Promise<string> {
  const { documentId } = await ingestText(ctx.app.database.db, {
    ownerId,
    source,
    externalId: randomUUID(),
    title,
    mimeType,
    pages,
    contentHash: createHash('sha256').update(JSON.stringify(pages)).digest('hex'),
  });
  return documentId;
}

export interface ChatTurn {
  id: string;
  chunks: UIMessageChunk[];
  text: string;
  thinking: string[];
  citations: Array<{ documentId: string; index: number; page: number | null; url: string; title: string }>;
}

/** One message to /api/chat (a new conversation unless `id` is given), read to the end of its stream. */
export async function sendChat(
  ctx: TestContext,
  cookie: string,
  text: string,
  id: string = randomUUID(),
): Promise<ChatTurn> {
  const response = await postChat(ctx, cookie, { id, text });
  if (response.statusCode !== 200) throw new Error(`chat answered ${response.statusCode}: ${response.body}`);
  const chunks = parseUIMessageStream(response.body);
  return {
    id,
    chunks,
    text: streamedText(chunks),
    thinking: dataParts<{ type: string }>(chunks, 'data-thinking').map((d) => d.type),
    citations: dataParts<{ citations: ChatTurn['citations'] }>(chunks, 'data-citations')[0]?.citations ?? [],
  };
}

export type StoredPart = {
  type: string;
  state?: string;
  toolCallId?: string;
  approval?: { id: string };
  input?: unknown;
  output?: unknown;
};

export async function lastAssistantMessage(ctx: TestContext, cookie: string, conversationId: string) {
  const detail = (
    await ctx.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: { cookie } })
  ).json();
  return detail.messages.at(-1) as { id: string; role: string; parts: StoredPart[] };
}

/** Answers the confirmation the last assistant message asks for, as the chat's Confirm and Cancel buttons do. */
export async function answerConfirmation(ctx: TestContext, cookie: string, conversationId: string, approved: boolean) {
  const message = await lastAssistantMessage(ctx, cookie, conversationId);
  const parts = message.parts.map((part) =>
    part.state === 'approval-requested' && part.approval
      ? { ...part, state: 'approval-responded', approval: { id: part.approval.id, approved } }
      : part,
  );
  const response = await postChat(ctx, cookie, {
    id: conversationId,
    message: { id: message.id, role: 'assistant', parts },
  });
  if (response.statusCode !== 200) throw new Error(`confirmation answered ${response.statusCode}: ${response.body}`);
  const chunks = parseUIMessageStream(response.body);
  return { text: streamedText(chunks), chunks };
}
