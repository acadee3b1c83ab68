import { type Conversation, EMPTY_CONVERSATION_TITLE, previewTitle } from '@lumen/contract';
import { formatMonthDay } from '@/lib/format-date';

export type DateLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Today, Yesterday, or the short month and day ('Nov 21') of a conversation's last activity, in local time. */
export function getDateLabel(iso: string, now: Date, language: string): DateLabel {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  return { kind: 'date', text: formatMonthDay(iso, language) };
}

/**
 * A conversation's name in the list: the title the server derived from its first message, else its last message cut
 * to 50 characters, else 'New conversation' (returned as EMPTY_CONVERSATION_TITLE for the caller to translate).
 */
export function getConversationTitle(conversation: Pick<Conversation, 'title'>, lastMessage?: string): string {
  const title = conversation.title.trim();
  if (title && title !== EMPTY_CONVERSATION_TITLE) return title;
  return previewTitle(lastMessage);
}
