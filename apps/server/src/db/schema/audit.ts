import { ANOMALY_ALERT_TYPES, AUDIT_SEVERITIES, CLIENT_EVENT_TYPES } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

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
    // The analytics' and the dashboard's filters: one action of a team over a period.
    index('audit_logs_team_id_action_created_at_idx').on(table.teamId, table.action, table.createdAt),
  ],
);

/**
 * An anomaly the detection rules saw in a team's audit stream (issue #14). `dedupe_key` names the ongoing burst (the
 * rule and what it is about): while an alert with that key is open, the burst grows it instead of raising another.
 */
export const anomalyAlerts = pgTable(
  'anomaly_alerts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The account it is about (null when none, or when the account is gone). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    alertType: text('alert_type', { enum: ANOMALY_ALERT_TYPES }).notNull(),
    severity: text('severity', { enum: AUDIT_SEVERITIES }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    dedupeKey: text('dedupe_key').notNull(),
    entryCount: integer('entry_count').notNull().default(0),
    /** The newest audit entries that set it off (up to 50). */
    entryIds: jsonb('entry_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('anomaly_alerts_team_id_status_idx').on(table.teamId, table.status, table.createdAt),
    uniqueIndex('anomaly_alerts_open_dedupe_key_unique')
      .on(table.teamId, table.dedupeKey)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** How far the anomaly detection has read the audit stream (one row): it reads each entry once, on one instance. */
export const anomalyScanState = pgTable('anomaly_scan_state', {
  id: integer('id').primaryKey().default(1),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the web app reports on its own (issue #14): page visits, clicks on buttons and links, errors. Kept apart from the
 * tamper-evident log (a client can say anything), without personal content, and read by the analytics.
 */
export const clientEvents = pgTable(
  'client_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CLIENT_EVENT_TYPES }).notNull(),
    route: text('route').notNull(),
    element: text('element'),
    target: text('target'),
    errorName: text('error_name'),
    errorMessage: text('error_message'),
    /** When the client says it happened. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_events_team_id_received_at_idx').on(table.teamId, table.receivedAt)],
);

/**
 * The head of each team's chain, written down every hour (issue #14): a chain rewritten wholesale, every hash
 * recomputed, still links up, but no longer matches the hashes anchored before. Append-only like the log.
 */
export const auditAnchors = pgTable(
  'audit_anchors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: uuid('team_id').notNull(),
    /** The anchored entry: its position and hash. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_anchors_team_id_seq_idx').on(table.teamId, table.seq)],
);

/** The goals an admin sets against the team's figures (analytics' Business Impact); the spec's samples until then. */
export const analyticsGoals = pgTable('analytics_goals', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  documents: integer('documents').notNull(),
  organisationPercent: integer('organisation_percent').notNull(),
  accuracyPercent: integer('accuracy_percent').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Daily rollups of the audit stream for the analytics (issue #14), kept by the `audit.scan` job in the transaction that
 * moves its position, so each entry counts once; the analytics then read a row per day, not the log. No foreign keys:
 * like the log, they outlive what they count.
 */
export const teamDailyActivity = pgTable(
  'team_daily_activity',
  {
    teamId: uuid('team_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.day, table.userId] })],
);

/** Questions to the assistant per team and UTC day: answered, declined, and how long they took (`ANSWER_TIME_BOUNDS_MS`). */
export const teamDailyQueries = pgTable(
  'team_daily_queries',
  {
    teamId: uuid('team_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answered: integer('answered').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    /** Questions per response-time bucket: bucket i holds durations from bound i-1 up to bound i (the last is open). */
    durationBuckets: integer('duration_buckets').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.day] })],
);
