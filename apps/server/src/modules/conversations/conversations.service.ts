import {
  type Attachment,
  type Citation,
  type Conversation,
  type ConversationDetail,
  EMPTY_CONVERSATION_TITLE,
  type StoredChatMessage,
} from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSpaceAccess } from '../access/index.ts';
import {
  type ConversationRow,
  deleteConversation,
  findConversation,
  listConversations,
  listMessages,
  type MessageRow,
} from './conversations.repository.ts';

export function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    spaceId: row.spaceId,
    title: row.title ?? EMPTY_CONVERSATION_TITLE,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored message as the AI SDK UIMessage the web app renders (parts as saved; metadata from the columns). */
export function toStoredChatMessage(row: MessageRow): StoredChatMessage {
  return {
    id: row.id,
    role: row.role,
    parts: Array.isArray(row.parts) ? (row.parts as StoredChatMessage['parts']) : [],
    metadata: {
      createdAt: row.createdAt.toISOString(),
      attachments: Array.isArray(row.attachments) ? (row.attachments as Attachment[]) : [],
      citations: Array.isArray(row.citations) ? (row.citations as Citation[]) : [],
    },
  };
}

/** The conversation when it belongs to the user; anyone else's (or a missing one) is 404, never 403. */
export async function requireOwnConversation(db: Database, userId: string, id: string): Promise<ConversationRow> {
  const row = await findConversation(db, id);
  if (!row || row.userId !== userId) throw AppError.of('CONVERSATION_NOT_FOUND');
  return row;
}

/**
 * The user's conversations outside spaces (the /chat sidebar), or, with `spaceId`, their conversations of that space
 * once they may view it (404 'Space not found' otherwise).
 */
export async function listUserConversations(
  db: Database,
  userId: string,
  spaceId: string | null = null,
): Promise<Conversation[]> {
  const scope = spaceId ? (await requireSpaceAccess(db, userId, { id: spaceId })).space.id : null;
  return (await listConversations(db, userId, scope)).map(toConversation);
}

export async function getConversationDetail(db: Database, userId: string, id: string): Promise<ConversationDetail> {
  const conversation = await requireOwnConversation(db, userId, id);
  const rows = await listMessages(db, conversation.id);
  return { conversation: toConversation(conversation), messages: rows.map(toStoredChatMessage) };
}

export async function deleteUserConversation(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteConversation(db, id, userId))) throw AppError.of('CONVERSATION_NOT_FOUND');
}
