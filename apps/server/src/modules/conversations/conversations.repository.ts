import type { Attachment, Citation } from '@lumen/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MessageRole = MessageRow['role'];

export async function findConversation(db: Database, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

/** Creates the conversation unless it exists (a concurrent first message); returns the stored row. */
export async function createConversation(
  db: Database,
  values: { id: string; userId: string; spaceId: string | null; title: string },
): Promise<ConversationRow | null> {
  await db.insert(conversations).values(values).onConflictDoNothing({ target: conversations.id });
  return findConversation(db, values.id);
}

/** The user's conversations of one space, or (spaceId null) those outside every space. */
export async function listConversations(
  db: Database,
  userId: string,
  spaceId: string | null,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        spaceId ? eq(conversations.spaceId, spaceId) : isNull(conversations.spaceId),
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt));
}

export async function deleteConversation(db: Database, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return deleted.length > 0;
}

export async function touchConversation(db: Database, id: string): Promise<void> {
  await db.update(conversations).set({ updatedAt: sql`now()` }).where(eq(conversations.id, id));
}

export async function listMessages(db: Database, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function findMessage(db: Database, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

export interface NewMessage {
  id: string;
  conversationId: string;
  role: MessageRole;
  parts: unknown[];
  attachments: Attachment[];
  citations: Citation[];
}

/** Inserts the message; false when its id is already taken. */
export async function insertMessage(db: Database, message: NewMessage): Promise<boolean> {
  const inserted = await db
    .insert(messages)
    .values(message)
    .onConflictDoNothing({ target: messages.id })
    .returning({ id: messages.id });
  return inserted.length > 0;
}

/** Saves an assistant message: its parts and citations replace the stored ones (a continued message grows). */
export async function saveAssistantMessage(db: Database, message: Omit<NewMessage, 'role' | 'attachments'>) {
  await db
    .insert(messages)
    .values({ ...message, role: 'assistant', attachments: [] })
    .onConflictDoUpdate({
      target: messages.id,
      set: { parts: message.parts, citations: message.citations },
      // Never touch a message of another conversation that happens to share the id.
      setWhere: eq(messages.conversationId, message.conversationId),
    });
}

export async function updateMessageParts(db: Database, id: string, parts: unknown[]): Promise<void> {
  await db.update(messages).set({ parts }).where(eq(messages.id, id));
}

/** How many conversations the user has (all of them). */
export async function countUserConversations(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.userId, userId));
  return row?.value ?? 0;
}
