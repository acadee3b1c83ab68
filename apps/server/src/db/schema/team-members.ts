import { TEAM_EMPLOYEE_STATUSES } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

/** A team's departments; names are unique per team regardless of case. */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('departments_team_id_name_unique').on(table.teamId, sql`lower(${table.name})`)],
);

/** A user's membership record in a team: status, department and free-text role/department. */
export const teamEmployees = pgTable(
  'team_employees',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TEAM_EMPLOYEE_STATUSES }).notNull().default('active'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    customRole: text('custom_role'),
    customDepartment: text('custom_department'),
  },
  (table) => [
    uniqueIndex('team_employees_team_id_user_id_unique').on(table.teamId, table.userId),
    index('team_employees_user_id_idx').on(table.userId),
  ],
);
