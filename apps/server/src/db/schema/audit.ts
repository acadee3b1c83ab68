import { AUDIT_SEVERITIES } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: append-only (a trigger refuses UPDATE and DELETE) and hash-chained per team (each entry's hash covers
 * the previous entry's hash), so a removed or altered entry is detectable. No foreign keys: entries outlive the
 * users, teams and records they mention.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Insertion order; the chain and the pagination follow it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    teamId: uuid('team_id'),
    userId: text('user_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    severity: text('severity', { enum: AUDIT_SEVERITIES }).notNull().default('info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_logs_team_id_seq_idx').on(table.teamId, table.seq),
    index('audit_logs_user_id_idx').on(table.userId),
  ],
);
