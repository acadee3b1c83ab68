import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { departments } from './team-members.ts';
import { roleEnum, teams } from './teams.ts';

/**
 * An invitation to join a team. The id is the secret of the mailed link (gen_random_uuid draws from a strong random
 * source), so it is unguessable; the invited email must match the account that accepts it.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name'),
    role: roleEnum('role').notNull().default('employee'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    customRole: text('custom_role'),
    customDepartment: text('custom_department'),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('team_invitations_team_id_idx').on(table.teamId),
    index('team_invitations_email_idx').on(table.email),
  ],
);
