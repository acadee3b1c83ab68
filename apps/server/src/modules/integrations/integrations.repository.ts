import type { ConnectorProvider } from '@lumen/contract';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  connectionAccessGroups,
  connections,
  type FailedSyncItem,
  oauthStates,
  syncRuns,
} from '../../db/schema/index.ts';
import { type AuditActor, type AuditEntryInput, writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';

/** An audit entry written in the same transaction as the change it records. */
export interface AuditWithChange {
  actor: AuditActor;
  entry: AuditEntryInput;
}

/** What the list shows of a connection: every column but the tokens, the cursor and the scopes. */
const connectionSummaryColumns = {
  provider: connections.provider,
  status: connections.status,
  accountEmail: connections.accountEmail,
  accountName: connections.accountName,
  lastSyncedAt: connections.lastSyncedAt,
  itemsSeen: connections.itemsSeen,
  itemsIndexed: connections.itemsIndexed,
  itemsFailed: connections.itemsFailed,
  lastError: connections.lastError,
  // Qualified by hand: in a select list drizzle prints columns without their table, and both tables have an `id`.
  isSyncing:
    sql<boolean>`exists (select 1 from ${syncRuns} where ${syncRuns}.${sql.identifier('connection_id')} = ${connections}.${sql.identifier('id')} and ${syncRuns}.${sql.identifier('status')} = 'running')`.mapWith(
      Boolean,
    ),
};

export type ConnectionSummary = {
  [Column in Exclude<keyof typeof connectionSummaryColumns, 'isSyncing'>]: (typeof connections.$inferSelect)[Column];
} & { isSyncing: boolean };

export async function listConnectionSummaries(db: Database, userId: string): Promise<ConnectionSummary[]> {
  return db.select(connectionSummaryColumns).from(connections).where(eq(connections.userId, userId));
}

/** Deletes the user's connection to the provider (its tokens with it, its sync runs by cascade); false when none. */
export async function deleteConnection(db: Database, userId: string, provider: ConnectorProvider): Promise<boolean> {
  const deleted = await db
    .delete(connections)
    .where(and(eq(connections.userId, userId), eq(connections.provider, provider)))
    .returning({ id: connections.id });
  return deleted.length > 0;
}

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(db: Database, row: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** Removes and returns the state if it belongs to this user and provider: a state is used once, expired or not. */
export async function takeOAuthState(
  db: Database,
  state: string,
  userId: string,
  provider: ConnectorProvider,
): Promise<OAuthStateRow | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state, state), eq(oauthStates.userId, userId), eq(oauthStates.provider, provider)))
    .returning();
  return row ?? null;
}

export async function deleteExpiredOAuthStates(db: Database, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

// --- connections, for the connect flow and the sync ---

export type ConnectionRow = typeof connections.$inferSelect;

export async function findConnection(
  db: Database,
  userId: string,
  provider: ConnectorProvider,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.provider, provider)));
  return row ?? null;
}

export async function findConnectionById(db: Database, connectionId: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(connections).where(eq(connections.id, connectionId));
  return row ?? null;
}

export interface ConnectedAccount {
  userId: string;
  provider: ConnectorProvider;
  teamId: string | null;
  accountId: string;
  accountEmail: string | null;
  accountName: string | null;
  encryptedAccessToken: string;
  encryptedRefreshToken: string | null;
  tokenExpiresAt: Date | null;
  scopes: string;
}

/**
 * Creates or renews the user's connection to the provider: new tokens, status connected, no error. The change cursor
 * survives a reconnect of the same account and is dropped for another account (its files are other files). Returns
 * the row and whether the account changed.
 */
export async function upsertConnection(
  db: Database,
  account: ConnectedAccount,
  audit?: (connection: ConnectionRow) => AuditWithChange,
): Promise<{ connection: ConnectionRow; isAccountChanged: boolean }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ accountId: connections.accountId })
      .from(connections)
      .where(and(eq(connections.userId, account.userId), eq(connections.provider, account.provider)))
      .for('update');
    const isAccountChanged = previous !== undefined && previous.accountId !== account.accountId;
    const now = new Date();
    const values = {
      ...account,
      status: 'connected' as const,
      lastError: null,
      updatedAt: now,
    };
    const [connection] = await tx
      .insert(connections)
      .values(values)
      .onConflictDoUpdate({
        target: [connections.userId, connections.provider],
        set: {
          ...values,
          ...(isAccountChanged
            ? {
                cursor: null,
                listingStartedAt: null,
                lastSyncedAt: null,
                itemsSeen: 0,
                itemsIndexed: 0,
                itemsFailed: 0,
              }
            : {}),
        },
      })
      .returning();
    if (!connection) throw new Error('connection not stored');
    // Another account's channels and spaces are not this one's: its next sync reads them again.
    if (isAccountChanged) {
      await tx.delete(connectionAccessGroups).where(eq(connectionAccessGroups.connectionId, connection.id));
    }
    if (audit) {
      const { actor, entry } = audit(connection);
      await writeAuditEntry(tx, actor, entry);
    }
    return { connection, isAccountChanged };
  });
}

export async function updateConnectionTokens(
  db: Database,
  connectionId: string,
  tokens: {
    encryptedAccessToken: string;
    encryptedRefreshToken: string | null;
    tokenExpiresAt: Date | null;
    scopes: string;
  },
): Promise<void> {
  await db
    .update(connections)
    .set({ ...tokens, updatedAt: new Date() })
    .where(eq(connections.id, connectionId));
}

export async function setConnectionStatus(
  db: Database,
  connectionId: string,
  status: ConnectionRow['status'],
  lastError: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(connections)
      .set({ status, lastError, updatedAt: new Date() })
      .where(eq(connections.id, connectionId));
    // A grant the source refused no longer proves membership of anything (ADR 0103).
    if (status === 'needs_reconnect') {
      await tx.delete(connectionAccessGroups).where(eq(connectionAccessGroups.connectionId, connectionId));
    }
  });
}

/** Rows per INSERT when the groups are replaced (PostgreSQL takes at most 65,535 parameters a statement). */
const ACCESS_GROUP_BATCH = 5000;

/**
 * Replaces the access groups of the connection with those its account holds at the source now (ADR 0103), in one
 * transaction, so a reader sees the old set or the new one. False when the connection is gone (disconnected meanwhile).
 */
export async function replaceConnectionAccessGroups(
  db: Database,
  connection: { id: string; userId: string },
  groupKeys: readonly string[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [present] = await tx
      .select({ id: connections.id })
      .from(connections)
      .where(eq(connections.id, connection.id))
      .for('update');
    if (!present) return false;
    await tx.delete(connectionAccessGroups).where(eq(connectionAccessGroups.connectionId, connection.id));
    const unique = [...new Set(groupKeys)];
    for (let start = 0; start < unique.length; start += ACCESS_GROUP_BATCH) {
      await tx
        .insert(connectionAccessGroups)
        .values(
          unique
            .slice(start, start + ACCESS_GROUP_BATCH)
            .map((groupKey) => ({ connectionId: connection.id, userId: connection.userId, groupKey })),
        );
    }
    return true;
  });
}

/** Every connection a scheduled sync should visit: all but those waiting for the user to connect again. */
export async function listSyncableConnectionIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(ne(connections.status, 'needs_reconnect'));
  return rows.map((row) => row.id);
}

// --- sync runs ---

export type SyncRunRow = typeof syncRuns.$inferSelect;

const INTERRUPTED_RUN_ERROR = 'Interrupted: the server stopped during this sync.';

/**
 * Starts a run for the connection, or null when another one is running and alive. A running run whose heartbeat is
 * older than `staleBefore` was left by a process that died: it is closed as failed and this run takes over (the
 * cursor committed before it died is where the new run resumes). The partial unique index keeps two live runs out
 * even when two instances race here.
 */
export async function startSyncRun(db: Database, connectionId: string, staleBefore: Date): Promise<SyncRunRow | null> {
  return db.transaction(async (tx) => {
    await tx
      .update(syncRuns)
      .set({ status: 'failed', finishedAt: new Date(), error: INTERRUPTED_RUN_ERROR })
      .where(
        and(
          eq(syncRuns.connectionId, connectionId),
          eq(syncRuns.status, 'running'),
          lt(syncRuns.heartbeatAt, staleBefore),
        ),
      );
    const [run] = await tx
      .insert(syncRuns)
      .values({ connectionId, status: 'running' })
      .onConflictDoNothing({ target: syncRuns.connectionId, where: sql`${syncRuns.status} = 'running'` })
      .returning();
    if (!run) return null;
    await tx
      .update(connections)
      .set({ itemsSeen: 0, itemsIndexed: 0, itemsFailed: 0, updatedAt: new Date() })
      .where(eq(connections.id, connectionId));
    return run;
  });
}

/**
 * Closes the connection's running run as interrupted: its sync job gave up after its last attempt died with its
 * process, so nobody will finish it (the card must not say "syncing" for `staleRunMs`).
 */
export async function closeInterruptedSyncRun(db: Database, connectionId: string): Promise<void> {
  await db
    .update(syncRuns)
    .set({ status: 'failed', finishedAt: new Date(), error: INTERRUPTED_RUN_ERROR })
    .where(and(eq(syncRuns.connectionId, connectionId), eq(syncRuns.status, 'running')));
}

export async function touchSyncRun(db: Database, runId: string): Promise<void> {
  await db.update(syncRuns).set({ heartbeatAt: new Date() }).where(eq(syncRuns.id, runId));
}

export interface PageCounts {
  seen: number;
  indexed: number;
  failed: FailedSyncItem[];
}

/**
 * Commits one handled page in one transaction: the connection's new cursor and counts, the run's files and failed
 * items, and (when given) the start of the full listing in progress — set with the listing's first cursor, cleared
 * with its last, so a resumed run knows whether its cursor continues a listing. False when the connection is gone
 * (disconnected meanwhile): the sync stops.
 */
export async function commitSyncPage(
  db: Database,
  input: { connectionId: string; runId: string; cursor: string; counts: PageCounts; listingStartedAt?: Date | null },
): Promise<boolean> {
  const { counts } = input;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(connections)
      .set({
        cursor: input.cursor,
        ...(input.listingStartedAt !== undefined ? { listingStartedAt: input.listingStartedAt } : {}),
        itemsSeen: sql`${connections.itemsSeen} + ${counts.seen}`,
        itemsIndexed: sql`${connections.itemsIndexed} + ${counts.indexed}`,
        itemsFailed: sql`${connections.itemsFailed} + ${counts.failed.length}`,
        updatedAt: new Date(),
      })
      .where(eq(connections.id, input.connectionId))
      .returning({ id: connections.id });
    if (updated.length === 0) return false;
    await tx
      .update(syncRuns)
      .set({
        filesSynced: sql`${syncRuns.filesSynced} + ${counts.indexed}`,
        failedItems: sql`${syncRuns.failedItems} || ${JSON.stringify(counts.failed)}::jsonb`,
        heartbeatAt: new Date(),
      })
      .where(eq(syncRuns.id, input.runId));
    return true;
  });
}

/** Ends the run; a completed run also marks the connection synced now, a failed one records the error on it. */
export async function finishSyncRun(
  db: Database,
  input: {
    connectionId: string;
    runId: string;
    error: string | null;
    connectionStatus: ConnectionRow['status'] | null;
  },
  audit?: AuditWithChange,
): Promise<SyncRunRow | null> {
  return db.transaction(async (tx) => {
    if (audit) await writeAuditEntry(tx, audit.actor, audit.entry);
    const now = new Date();
    const [run] = await tx
      .update(syncRuns)
      .set({ status: input.error ? 'failed' : 'completed', finishedAt: now, error: input.error })
      .where(eq(syncRuns.id, input.runId))
      .returning();
    if (input.connectionStatus) {
      await tx
        .update(connections)
        .set({
          status: input.connectionStatus,
          lastError: input.error,
          ...(input.error ? {} : { lastSyncedAt: now }),
          updatedAt: now,
        })
        .where(eq(connections.id, input.connectionId));
    }
    return run ?? null;
  });
}

/** The failed items of the connection's latest run; empty before the first run. */
export async function findLastRunFailures(db: Database, connectionId: string): Promise<FailedSyncItem[]> {
  const [run] = await db
    .select({ failedItems: syncRuns.failedItems })
    .from(syncRuns)
    .where(eq(syncRuns.connectionId, connectionId))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  return run?.failedItems ?? [];
}

/** The user's connections to these providers with their status (what the assistant may save to). No token. */
export async function listConnectionStatuses(
  db: Database,
  userId: string,
  providers: readonly ConnectorProvider[],
): Promise<Array<{ provider: ConnectorProvider; status: ConnectionRow['status'] }>> {
  return db
    .select({ provider: connections.provider, status: connections.status })
    .from(connections)
    .where(and(eq(connections.userId, userId), inArray(connections.provider, [...providers])));
}
