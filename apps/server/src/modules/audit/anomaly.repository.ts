import type { AnomalyAlertType, AuditSeverity } from '@lumen/contract';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { anomalyAlerts, anomalyScanState, auditLogs, user, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type AnomalyAlertRow = typeof anomalyAlerts.$inferSelect;

export interface StreamEntry {
  id: string;
  seq: number;
  teamId: string;
  userId: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  newValues: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/** The actions the rules read; other entries only move the scan on. */
export const WATCHED_ACTIONS = ['user_login_failed', 'user_login', 'file_delete', 'file_access', 'permission_change'];

export async function readScanPosition(db: Database): Promise<number> {
  const [row] = await db.select({ lastSeq: anomalyScanState.lastSeq }).from(anomalyScanState).limit(1);
  return row?.lastSeq ?? 0;
}

export async function saveScanPosition(db: Database, lastSeq: number): Promise<void> {
  await db
    .insert(anomalyScanState)
    .values({ id: 1, lastSeq })
    .onConflictDoUpdate({ target: anomalyScanState.id, set: { lastSeq, updatedAt: new Date() } });
}

/**
 * The teams' entries after `afterSeq` written before `writtenBefore` (so a transaction still open with a smaller seq is
 * not passed by), oldest first; `lastSeq` is where the next read starts, including entries no rule watches.
 */
export async function readStream(
  db: Database,
  { afterSeq, writtenBefore, limit }: { afterSeq: number; writtenBefore: Date; limit: number },
): Promise<{ entries: StreamEntry[]; rows: StreamEntry[]; lastSeq: number }> {
  const rows = await db
    .select({
      id: auditLogs.id,
      seq: auditLogs.seq,
      teamId: auditLogs.teamId,
      userId: auditLogs.userId,
      action: auditLogs.action,
      resourceType: auditLogs.resourceType,
      resourceId: auditLogs.resourceId,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      newValues: auditLogs.newValues,
      metadata: auditLogs.metadata,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(and(gt(auditLogs.seq, afterSeq), lt(auditLogs.createdAt, writtenBefore)))
    .orderBy(asc(auditLogs.seq))
    .limit(limit);
  const teamRows = rows.filter((row): row is StreamEntry => row.teamId !== null);
  const entries = teamRows.filter((row) => WATCHED_ACTIONS.includes(row.action));
  return { entries, rows: teamRows, lastSeq: rows.at(-1)?.seq ?? afterSeq };
}

/** What a burst rule counts: one team's entries of one action sharing one value (account, address, actor). */
export interface BurstKey {
  teamId: string;
  action: string;
  by: 'resourceId' | 'ipAddress' | 'userId';
  value: string;
}

const BURST_COLUMNS = { resourceId: auditLogs.resourceId, ipAddress: auditLogs.ipAddress, userId: auditLogs.userId };

/** The entries of the burst in the window ending at `until`: how many, and the newest 50 ids. */
export async function countBurst(
  db: Database,
  key: BurstKey,
  { since, until }: { since: Date; until: Date },
): Promise<{ count: number; entryIds: string[] }> {
  const where = and(
    eq(auditLogs.teamId, key.teamId),
    eq(auditLogs.action, key.action),
    eq(BURST_COLUMNS[key.by], key.value),
    gte(auditLogs.createdAt, since),
    lte(auditLogs.createdAt, until),
  );
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(where);
  const newest = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.seq))
    .limit(50);
  return { count: Number(counted?.count ?? 0), entryIds: newest.map((row) => row.id) };
}

/** A person's sign-ins before an entry: when and with which browser (their history for the hour and device rules). */
export async function readSignInHistory(
  db: Database,
  { teamId, userId, beforeSeq }: { teamId: string; userId: string; beforeSeq: number },
): Promise<Array<{ createdAt: Date; userAgent: string | null }>> {
  return db
    .select({ createdAt: auditLogs.createdAt, userAgent: auditLogs.userAgent })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.teamId, teamId),
        eq(auditLogs.action, 'user_login'),
        eq(auditLogs.userId, userId),
        lt(auditLogs.seq, beforeSeq),
      ),
    )
    .orderBy(desc(auditLogs.seq))
    .limit(1000);
}

export async function findNames(
  db: Database,
  userIds: string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(user)
    .where(inArray(user.id, userIds));
  return new Map(
    rows.map((row) => [
      row.id,
      { name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email, email: row.email },
    ]),
  );
}

export async function findTeamAdminIds(db: Database, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.teamId, teamId), eq(userRoles.role, 'admin')));
  return rows.map((row) => row.userId);
}

export interface RaisedAlert {
  teamId: string;
  userId: string | null;
  alertType: AnomalyAlertType;
  severity: AuditSeverity;
  description: string;
  dedupeKey: string;
  entryCount: number;
  entryIds: string[];
}

/**
 * Raises the alert, or grows the open one of the same burst (its count and entries, its last sighting); null when
 * nothing changed. Resolved alerts are left alone: a burst after a resolution is a new alert.
 */
export async function raiseAlert(db: Database, alert: RaisedAlert): Promise<AnomalyAlertRow | null> {
  const rows = await db
    .insert(anomalyAlerts)
    .values({ ...alert, lastSeenAt: new Date() })
    .onConflictDoUpdate({
      target: [anomalyAlerts.teamId, anomalyAlerts.dedupeKey],
      targetWhere: sql`${anomalyAlerts.status} = 'open'`,
      set: {
        entryCount: sql`greatest(${anomalyAlerts.entryCount}, excluded.entry_count)`,
        entryIds: sql`excluded.entry_ids`,
        description: sql`excluded.description`,
        lastSeenAt: sql`excluded.last_seen_at`,
      },
      setWhere: sql`${anomalyAlerts.entryCount} < excluded.entry_count`,
    })
    .returning();
  return rows[0] ?? null;
}

/** Whether an alert was ever raised under this key (single-entry rules raise once per entry, open or resolved). */
export async function hasAlertWithKey(db: Database, teamId: string, dedupeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: anomalyAlerts.id })
    .from(anomalyAlerts)
    .where(and(eq(anomalyAlerts.teamId, teamId), eq(anomalyAlerts.dedupeKey, dedupeKey)))
    .limit(1);
  return row !== undefined;
}

export async function listOpenAlerts(db: Database, teamId: string): Promise<AnomalyAlertRow[]> {
  return db
    .select()
    .from(anomalyAlerts)
    .where(and(eq(anomalyAlerts.teamId, teamId), eq(anomalyAlerts.status, 'open')))
    .orderBy(desc(anomalyAlerts.createdAt))
    .limit(200);
}

/** Resolves the team's open alert; null when there is no such open alert of that team. */
export async function resolveAlert(
  db: Database,
  { teamId, alertId, userId }: { teamId: string; alertId: string; userId: string },
): Promise<AnomalyAlertRow | null> {
  const [row] = await db
    .update(anomalyAlerts)
    .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: userId })
    .where(and(eq(anomalyAlerts.id, alertId), eq(anomalyAlerts.teamId, teamId), eq(anomalyAlerts.status, 'open')))
    .returning();
  return row ?? null;
}
