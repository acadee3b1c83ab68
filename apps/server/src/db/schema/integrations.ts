import {
  CONNECTION_STATUSES,
  CONNECTOR_PROVIDERS,
  INTEGRATION_REQUEST_STATUSES,
  INTEGRATION_REQUEST_URGENCIES,
  SYNC_RUN_STATUSES,
} from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

export const connectorProviderEnum = pgEnum('connector_provider', CONNECTOR_PROVIDERS);
export const connectionStatusEnum = pgEnum('connection_status', CONNECTION_STATUSES);
export const syncRunStatusEnum = pgEnum('sync_run_status', SYNC_RUN_STATUSES);

/**
 * A user's connection to one provider (ADR 0080): at most one per user and provider. Tokens are stored only as
 * `platform/secrets.ts` values (AES-256-GCM); `cursor` is the provider's change cursor for the next incremental sync.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The team the user was in when connecting; synced files are shared by its rules (a later slice). */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    provider: connectorProviderEnum('provider').notNull(),
    status: connectionStatusEnum('status').notNull().default('connected'),
    /** The provider's stable id of the connected account: connecting another account starts the sync over. */
    accountId: text('account_id'),
    accountEmail: text('account_email'),
    accountName: text('account_name'),
    encryptedAccessToken: text('encrypted_access_token'),
    encryptedRefreshToken: text('encrypted_refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scopes: text('scopes'),
    cursor: text('cursor'),
    /**
     * When the full listing in progress started (null between listings): documents it reports are stamped with it
     * (`documents.last_listed_at`), and when it ends the others are removed. Committed with the listing's first cursor.
     */
    listingStartedAt: timestamp('listing_started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    itemsSeen: integer('items_seen').notNull().default(0),
    itemsIndexed: integer('items_indexed').notNull().default(0),
    itemsFailed: integer('items_failed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('connections_user_id_provider_unique').on(table.userId, table.provider)],
);

/**
 * The source's access groups a connection's account belongs to (ADR 0103): the Slack channels it is a member of, the
 * Confluence spaces it can read, its own account and groups there. Replaced at the start of every sync of the
 * connection; a teammate's synced document whose `shared_with` names one of them is visible to this connection's user
 * (modules/access). `user_id` repeats the connection's so the access rule reaches the groups by index.
 */
export const connectionAccessGroups = pgTable(
  'connection_access_groups',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.groupKey] }),
    index('connection_access_groups_user_id_group_key_idx').on(table.userId, table.groupKey),
  ],
);

/** An item a sync could not read, kept on its run so the user can see why. */
export interface FailedSyncItem {
  id: string;
  name: string;
  error: string;
}

/** One sync of one connection, from start to finish. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    status: syncRunStatusEnum('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Moved on after every item: a running run that stopped moving was left by a process that died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    filesSynced: integer('files_synced').notNull().default(0),
    failedItems: jsonb('failed_items').$type<FailedSyncItem[]>().notNull().default([]),
    error: text('error'),
  },
  (table) => [
    index('sync_runs_connection_id_started_at_idx').on(table.connectionId, table.startedAt),
    // At most one running sync per connection, whichever instance starts it.
    uniqueIndex('sync_runs_one_running_per_connection').on(table.connectionId).where(sql`${table.status} = 'running'`),
  ],
);

/**
 * An OAuth authorization in flight: the `state` sent to the provider, bound to the user who started it, single use and
 * valid for ten minutes. The PKCE code verifier is stored encrypted.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: connectorProviderEnum('provider').notNull(),
    encryptedCodeVerifier: text('encrypted_code_verifier').notNull(),
    /** The origin the user started from, where the callback sends them back (one of the trusted origins). */
    redirectOrigin: text('redirect_origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oauth_states_expires_at_idx').on(table.expiresAt)],
);

/**
 * A team member's request for an integration Lumen does not have (the Custom Integration card): the team's admins
 * answer it planned or declined. `seq` orders the admins' list and is its page cursor.
 */
export const integrationRequests = pgTable(
  'integration_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    purpose: text('purpose').notNull(),
    urgency: text('urgency', { enum: INTEGRATION_REQUEST_URGENCIES }).notNull(),
    status: text('status', { enum: INTEGRATION_REQUEST_STATUSES }).notNull().default('open'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('integration_requests_team_id_seq_idx').on(table.teamId, table.seq),
    index('integration_requests_requested_by_seq_idx').on(table.requestedBy, table.seq),
  ],
);
