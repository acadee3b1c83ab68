import {
  type Attachment,
  type Citation,
  citationSchema,
  type StoredChatMessage,
  THINKING_TYPES,
  type ThinkingType,
} from '@lumen/contract';
import { isToolUIPart } from 'ai';
import type { ChatMessage } from '../types';

/** The text of a message: its text parts, joined. */
export function getMessageText(message: Pick<ChatMessage, 'parts'>): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

function isThinkingType(value: unknown): value is ThinkingType {
  return typeof value === 'string' && (THINKING_TYPES as readonly string[]).includes(value);
}

/** The thinking type the assistant reported last in its reply ('general' until it reports one). */
export function getThinkingType(messages: ChatMessage[]): ThinkingType {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return 'general';
  let type: ThinkingType = 'general';
  for (const part of last.parts) {
    if (part.type === 'data-thinking' && isThinkingType(part.data.type)) type = part.data.type;
  }
  return type;
}

/** The sources of an answer: its streamed `data-citations` part, else the citations stored with it. */
export function getCitations(message: ChatMessage): Citation[] {
  for (const part of message.parts) {
    if (part.type === 'data-citations' && Array.isArray(part.data.citations)) {
      return part.data.citations.filter((citation) => citationSchema.safeParse(citation).success);
    }
  }
  return message.metadata?.citations ?? [];
}

/** A finished reply that says nothing: no text and no tool call to show (a confirmation, say). */
export function isEmptyReply(message: ChatMessage): boolean {
  if (message.role !== 'assistant') return false;
  return getMessageText(message) === '' && !message.parts.some(isToolUIPart);
}

/** Whether a message has anything to show (assistant messages without content are left out of the list). */
export function hasVisibleContent(message: ChatMessage): boolean {
  if (message.role !== 'assistant') return true;
  return getMessageText(message) !== '' || message.parts.some(isToolUIPart) || getCitations(message).length > 0;
}

/**
 * Files uploaded and not yet sent: they go with the next message as its attachments, so the server stores them with
 * the conversation. Returns them with the ids of their upload notices (to mark those as sent).
 */
export function collectPendingAttachments(
  messages: ChatMessage[],
  sentUploadIds: ReadonlySet<string>,
): { uploadIds: string[]; attachments: Attachment[] } {
  const uploadIds: string[] = [];
  const attachments: Attachment[] = [];
  for (const message of messages) {
    const upload = message.metadata?.upload;
    if (upload?.status !== 'uploaded' || sentUploadIds.has(message.id)) continue;
    uploadIds.push(message.id);
    attachments.push(...upload.attachments);
  }
  return { uploadIds, attachments };
}

/** Stored messages (GET /api/conversations/:id) as chat messages. */
export function toChatMessages(stored: StoredChatMessage[]): ChatMessage[] {
  return stored
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      id: message.id,
      role: message.role,
      parts: message.parts as ChatMessage['parts'],
      metadata: {
        createdAt: message.metadata.createdAt,
        attachments: message.metadata.attachments,
        citations: message.metadata.citations,
      },
    }));
}
