import { createHash, randomUUID } from 'node:crypto';
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
  body: { id: string; text?: string; message?: Record<string, unknown>; spaceId?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: {
      id: body.id,
      ...(body.spaceId ? { spaceId: body.spaceId } : {}),
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
): Promise<string> {
  const { documentId } = await ingestText(ctx.app.database.db, {
    ownerId,
    source: 'upload',
    externalId: randomUUID(),
    title,
    mimeType,
    pages,
    contentHash: createHash('sha256').update(JSON.stringify(pages)).digest('hex'),
  });
  return documentId;
}
