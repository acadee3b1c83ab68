import { TASK_PRIORITIES, TASK_STATUSES } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { spaces } from './spaces.ts';
import { teams } from './teams.ts';

/** A link shared with the whole team (`sharedWithUserId` null) or with one member. */
export const sharedFiles = pgTable(
  'shared_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sharedWithUserId: text('shared_with_user_id').references(() => user.id, { onDelete: 'cascade' }),
    // A share with a space goes with the space: set null would turn it into a share with the whole team.
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    platform: text('platform'),
    sharedBy: text('shared_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shared_files_team_id_created_at_idx').on(table.teamId, table.createdAt)],
);

/** A task a manager assigned to a member of the team. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    assignedTo: text('assigned_to')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('todo'),
    /** Null sorts as medium (docs/product-rules.md#tasks-and-shared-files). */
    priority: text('priority', { enum: TASK_PRIORITIES }),
    dueDate: date('due_date'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('tasks_team_id_assigned_to_idx').on(table.teamId, table.assignedTo)],
);
