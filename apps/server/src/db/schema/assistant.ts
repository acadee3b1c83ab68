import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { spaces } from './spaces.ts';

export const messageRoleEnum = pgEnum('message_role', ['user', 'assistant', 'system']);

/** A user's conversation with the assistant; `spaceId` is set for a space's chat (fixed when it is created). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('conversations_user_idx').on(table.userId, table.updatedAt),
    // Serves a space's list of the caller's conversations, and the cascade when a space is deleted.
    index('conversations_space_idx').on(table.spaceId, table.userId, table.updatedAt),
  ],
);

/** A chat message with its UI parts (text, tool calls, thinking type), attachments and citations. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: messageRoleEnum('role').notNull(),
    parts: jsonb('parts').notNull().default([]),
    attachments: jsonb('attachments').notNull().default([]),
    citations: jsonb('citations').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('messages_conversation_idx').on(table.conversationId, table.createdAt)],
);

/** Preferences saved for the user (the chat settings popover and the workspace settings). */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
  theme: text('theme').notNull().default('dark'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  autoSaveDocuments: boolean('auto_save_documents').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
