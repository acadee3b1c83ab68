import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { roleEnum, teams } from './teams.ts';

/** A team's shared workspace of files and members; `slug` is its URL name, unique per team. */
export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    isPrivate: boolean('is_private').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('spaces_team_id_slug_unique').on(table.teamId, table.slug)],
);

/** A member of a space with their space role (admin, team_lead, employee, viewer). */
export const spaceMembers = pgTable(
  'space_members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull().default('viewer'),
    status: text('status', { enum: ['active'] })
      .notNull()
      .default('active'),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('space_members_space_id_user_id_unique').on(table.spaceId, table.userId),
    index('space_members_user_id_idx').on(table.userId),
  ],
);

/** An invitation to a space by mail; the token is the link's secret. */
export const spaceInvitations = pgTable(
  'space_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    token: text('token').notNull().unique(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: roleEnum('role').notNull().default('viewer'),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [index('space_invitations_space_id_idx').on(table.spaceId)],
);
