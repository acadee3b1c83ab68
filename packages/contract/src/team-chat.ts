import { z } from 'zod';
import { citationSchema } from './assistant.ts';
import { PRODUCT_NAME } from './constants.ts';
import { TEAM_CHAT_MESSAGES, TEAM_MESSAGE_MAX } from './team-chat-messages.ts';

/**
 * The team's chat room (/team-chat, issue #13): every member of a team reads and writes its messages, live. A message
 * is the spec's "team chat message" (conversation = the team); `seq` orders a team's messages for every client alike
 * and is the page cursor, so a client that reconnects asks for what came after the last one it has.
 */
export { TEAM_MESSAGE_MAX } from './team-chat-messages.ts';
/** Messages a page holds: the room opens on the last 50 (spec 001), older ones load a page at a time. */
export const TEAM_CHAT_PAGE_SIZE = 50;
/** Messages one person may send in `TEAM_CHAT_RATE_WINDOW_MS`. */
export const TEAM_CHAT_RATE_MAX = 20;
export const TEAM_CHAT_RATE_WINDOW_MS = 10_000;

export { TEAM_CHAT_MESSAGES } from './team-chat-messages.ts';

/**
 * A message that mentions the assistant (`@Lumen`, any case, at the start or after a space) asks it a question: it
 * answers in the room from the documents every member of the team may view.
 */
const ASSISTANT_MENTION = new RegExp(`(^|\\s)@${PRODUCT_NAME}\\b[,:]?`, 'i');

export function mentionsAssistant(content: string): boolean {
  return ASSISTANT_MENTION.test(content);
}

/** The question without the mention ("@Lumen, what is our refund policy?" -> "what is our refund policy?"). */
export function questionOfMention(content: string): string {
  return content.replace(new RegExp(ASSISTANT_MENTION.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
}

/** Questions to the assistant one team may have waiting or being answered; more are answered after them. */
export const TEAM_ROOM_ANSWERS_AT_ONCE = 4;

const contentSchema = z
  .string({ error: TEAM_CHAT_MESSAGES.contentRequired })
  .trim()
  .min(1, TEAM_CHAT_MESSAGES.contentRequired)
  .max(TEAM_MESSAGE_MAX, TEAM_CHAT_MESSAGES.contentTooLong);

export const sendTeamMessageSchema = z.object({ content: contentSchema });
export type SendTeamMessageInput = z.infer<typeof sendTeamMessageSchema>;

export const editTeamMessageSchema = z.object({ content: contentSchema });

const positionSchema = z
  .string()
  .regex(/^\d{1,15}$/, TEAM_CHAT_MESSAGES.cursorInvalid)
  .transform(Number);

/**
 * One page of the room: the newest `TEAM_CHAT_PAGE_SIZE` by default, those before `before` (scrolling up), or those
 * after `after` (oldest first: what a reconnecting client missed).
 */
export const teamMessagesQuerySchema = z.object({
  before: positionSchema.optional(),
  after: positionSchema.optional(),
});
export type TeamMessagesQuery = z.infer<typeof teamMessagesQuerySchema>;

export const teamMessageSenderSchema = z.object({
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

export const TEAM_MESSAGE_KINDS = ['member', 'assistant'] as const;
export const TEAM_MESSAGE_STATUSES = ['answering', 'done', 'failed'] as const;

export const teamMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  teamId: z.string(),
  /** A member's message, or the assistant's answer to one (`replyToId`). */
  kind: z.enum(TEAM_MESSAGE_KINDS),
  /** Null when the author's account is gone (shown as "Unknown User"), and for the assistant's answers. */
  userId: z.string().nullable(),
  sender: teamMessageSenderSchema,
  content: z.string(),
  /** An answer is 'answering' while it streams (its text grows by `team_message_delta` events). */
  status: z.enum(TEAM_MESSAGE_STATUSES),
  /** The question an answer replies to (null once that message was deleted). */
  replyToId: z.string().nullable(),
  /** The documents an answer cites as [n]. */
  citations: z.array(citationSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type TeamMessage = z.infer<typeof teamMessageSchema>;

export const teamMessagePageSchema = z.object({
  /** Oldest first. */
  messages: z.array(teamMessageSchema),
  /** More messages before the first one of this page. */
  hasOlder: z.boolean(),
});
export type TeamMessagePage = z.infer<typeof teamMessagePageSchema>;

/** Seconds after which a connection that stopped answering no longer counts as online (closed tab, dead instance). */
export const PRESENCE_TIMEOUT_SECONDS = 30;

export const onlineMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type OnlineMember = z.infer<typeof onlineMemberSchema>;

/** GET /api/team-chat/presence: the team's members with an open connection, each once, by name. */
export const teamPresenceSchema = z.object({ online: z.array(onlineMemberSchema) });
export type TeamPresence = z.infer<typeof teamPresenceSchema>;

/** Unread messages are counted up to this many (the link then says "99+"). */
export const TEAM_CHAT_UNREAD_CAP = 99;

/** PUT /api/team-chat/read: the reader has seen the room up to this message (a read position only moves forward). */
export const markTeamChatReadSchema = z.object({
  seq: z
    .number({ error: TEAM_CHAT_MESSAGES.cursorInvalid })
    .int(TEAM_CHAT_MESSAGES.cursorInvalid)
    .min(0, TEAM_CHAT_MESSAGES.cursorInvalid),
});
export type MarkTeamChatReadInput = z.infer<typeof markTeamChatReadSchema>;

/** GET /api/team-chat/unread: messages of others after the reader's read position, counted up to the cap. */
export const teamChatUnreadSchema = z.object({
  count: z.number().int().nonnegative(),
  isCapped: z.boolean(),
  /** The reader's read position (null: never opened the room): the room marks where the new messages start. */
  lastReadSeq: z.number().int().nullable(),
});
export type TeamChatUnread = z.infer<typeof teamChatUnreadSchema>;
