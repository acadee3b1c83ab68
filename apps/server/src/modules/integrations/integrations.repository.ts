import type { ConnectorProvider } from '@lumen/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { connections, oauthStates, syncRuns } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

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
  isSyncing:
    sql<boolean>`exists (select 1 from ${syncRuns} where ${syncRuns.connectionId} = ${connections.id} and ${syncRuns.status} = 'running')`.mapWith(
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
