import { z } from 'zod';
import {
  attachmentSchema,
  chatMessageMetadataSchema,
  citationSchema,
  conversationSchema,
  DOCUMENT_SOURCE_IDS,
} from './assistant.ts';
import { DEFAULT_LANGUAGE, DEFAULT_THEME, LANGUAGES, THEMES } from './constants.ts';

/**
 * The assistant's HTTP API beyond the streaming protocol in assistant.ts: chat request, conversations, model info,
 * preferences and the sidebar's Daily Updates.
 */

/** What the builtin model (and the system prompt of real models) says when the documents do not hold the answer. */
export const NO_ANSWER_REPLY = "Your documents don't seem to contain the answer to that question.";

/** The /api/ask error code for a model or provider failure (HTTP 502). */
export const AI_PROVIDER_ERROR_CODE = 'AI_PROVIDER_FAILED';

/** One part of a UI message as the client sends it; the server validates the parts it uses. */
/**
 * What one POST /api/chat may carry (issue #15): a person's message up to 32 KB of text in at most 100 parts; the
 * assistant message a client sends back with its approvals (it carries the tools' outputs) up to 256 KB. Larger is a
 * 413 with a clear message before anything is stored or asked.
 */
export const CHAT_LIMITS = {
  userTextKilobytes: 32,
  requestKilobytes: 256,
  maxParts: 100,
} as const;

/** The longest question a document tool takes; the search itself reads the first QUERY_SEARCH_CHARS of it. */
export const TOOL_QUERY_MAX_CHARS = CHAT_LIMITS.userTextKilobytes * 1024;

export const chatMessagePartSchema = z.looseObject({ type: z.string().min(1).max(100) });

/** A space's id where the chat is scoped to one space (its chat, its conversations). */
const spaceIdSchema = z.uuid({ error: 'spaceId must be a space id (a UUID)' });

/**
 * POST /api/chat. `message` is the new user message, or (after the user answered a confirmation, e.g. delete_file)
 * the last assistant message with its approval responses. `spaceId` scopes the conversation to one space: it is
 * stored when the conversation is created, and a continuation must carry the same one.
 */
export const chatRequestSchema = z.object({
  id: z.uuid({ error: 'id must be a conversation id (a UUID)' }),
  spaceId: spaceIdSchema.optional(),
  /**
   * Ask about one platform only (the /notion page's questions): every tool reads only documents from it, for this
   * message. The conversation itself is not tied to it.
   */
  platform: z
    .enum(DOCUMENT_SOURCE_IDS, { error: 'platform must be one of the platforms documents come from' })
    .optional(),
  message: z.object({
    id: z.string().trim().min(1).max(200),
    role: z.enum(['user', 'assistant']),
    parts: z.array(chatMessagePartSchema).min(1, { error: 'The message has no content' }).max(200),
    metadata: chatMessageMetadataSchema.optional(),
  }),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A stored message as GET /api/conversations/:id returns it (an AI SDK UIMessage). */
export const storedChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system']),
  parts: z.array(chatMessagePartSchema),
  metadata: z.object({
    createdAt: z.string(),
    attachments: z.array(attachmentSchema),
    citations: z.array(citationSchema),
  }),
});
export type StoredChatMessage = z.infer<typeof storedChatMessageSchema>;

/** GET /api/conversations: without `spaceId`, the conversations outside spaces; with it, that space's. */
export const conversationListQuerySchema = z.object({ spaceId: spaceIdSchema.optional() });
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
export const conversationListSchema = z.object({ conversations: z.array(conversationSchema) });
export const conversationDetailSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(storedChatMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const AI_PROVIDERS = ['builtin', 'openai-compatible', 'openai', 'anthropic'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** GET /api/assistant/model: which model answers (the settings popover shows `label`). */
export const assistantModelInfoSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: z.string(),
  label: z.string(),
});
export type AssistantModelInfo = z.infer<typeof assistantModelInfoSchema>;

/** Input of the delete_file tool (the confirmation UI shows `fileName`, else the document id). */
export const deleteFileInputSchema = z.object({
  documentId: z.string().optional(),
  fileName: z.string().optional(),
});
export type DeleteFileInput = z.infer<typeof deleteFileInputSchema>;

/** Preferences saved for the user (settings popover and workspace settings). */
export const userPreferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  notificationsEnabled: z.boolean(),
  theme: z.enum(THEMES),
  emailNotifications: z.boolean(),
  autoSaveDocuments: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
/** PUT /api/me/preferences: any subset; the rest keeps its saved (or default) value. */
export const updateUserPreferencesSchema = userPreferencesSchema.partial();
export const DEFAULT_USER_PREFERENCES: UserPreferences = {
  language: DEFAULT_LANGUAGE,
  notificationsEnabled: true,
  theme: DEFAULT_THEME,
  emailNotifications: true,
  autoSaveDocuments: true,
};

/** The six Daily Updates stats, in the sidebar's order. */
export const DAILY_STAT_LABELS = [
  'Files Processed',
  'New Clients',
  'AI Queries',
  'Spaces Created',
  'Files Organized',
  'Efficiency Gain',
] as const;
export const dailyStatSchema = z.object({
  label: z.enum(DAILY_STAT_LABELS),
  /** Display value: a count ('12') or a percentage ('75%'). */
  value: z.string(),
  /** Today against yesterday: '+3', '-1', '0', or percentage points '+5%'. */
  change: z.string(),
  description: z.string(),
});
export type DailyStat = z.infer<typeof dailyStatSchema>;
export const dailyUpdatesSchema = z.object({
  stats: z.array(dailyStatSchema),
  /** When the figures were computed (ISO); the sidebar refetches to refresh them. */
  generatedAt: z.string(),
});
export type DailyUpdates = z.infer<typeof dailyUpdatesSchema>;
