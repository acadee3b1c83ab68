import type { Citation } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

/**
 * The team's chat room (issue #13): the spec's "team chat message", whose conversation is the team. `seq` gives every
 * client the same order and is the page cursor (a reconnecting client asks for what came after its last one); the
 * author's account may go, the message stays ("Unknown User").
 */
export const teamMessages = pgTable(
  'team_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** 'member': written by `user_id`; 'assistant': Lumen's answer to a member's `@Lumen` question (`reply_to_id`). */
    kind: text('kind').$type<'member' | 'assistant'>().notNull().default('member'),
    /** An assistant answer is 'answering' while it streams, then 'done' or 'failed'; a member's message is 'done'. */
    status: text('status').$type<'answering' | 'done' | 'failed'>().notNull().default('done'),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => teamMessages.id, { onDelete: 'set null' }),
    /** The documents an assistant answer's [n] markers cite. */
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
  },
  (table) => [
    index('team_messages_team_id_seq_idx').on(table.teamId, table.seq),
    index('team_messages_answering_idx').on(table.teamId).where(sql`${table.status} = 'answering'`),
    check('team_messages_kind_check', sql`${table.kind} in ('member', 'assistant')`),
    check('team_messages_status_check', sql`${table.status} in ('answering', 'done', 'failed')`),
  ],
);

/** A team member's columns: both go when the account or the team does. */
function memberOfTeam() {
  return {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  };
}

/**
 * Who is connected to `/ws`, per instance (issue #13): a row per instance, user and team while that user has a socket
 * open there, its `seen_at` moved every few seconds. A team's online members are the distinct users of its fresh rows,
 * so two tabs count once, every instance sees the union, and the rows of an instance that died go stale and are swept.
 */
export const teamPresence = pgTable(
  'team_presence',
  {
    instanceId: text('instance_id').notNull(),
    ...memberOfTeam(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.userId, table.teamId] }),
    index('team_presence_team_id_seen_at_idx').on(table.teamId, table.seenAt),
  ],
);

/** How far each member has read their team's room (issue #13): the unread count on the dashboards' Team Chat link. */
export const teamChatReads = pgTable(
  'team_chat_reads',
  {
    ...memberOfTeam(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.teamId] })],
);
