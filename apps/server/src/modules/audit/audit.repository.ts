import type { AuditAction, AuditSeverity } from '@lumen/contract';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLogs, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export interface AuditFilter {
  teamId: string;
  since: Date;
  action?: AuditAction;
  severity?: AuditSeverity;
}

export interface AuditRow {
  id: string;
  seq: number;
  createdAt: Date;
  action: string;
  severity: AuditSeverity;
  resourceType: string;
  resourceId: string | null;
  userId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  /** The actor's profile; null when the account is gone (or there was none). */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

function conditionOf(filter: AuditFilter, beforeSeq?: number): SQL | undefined {
  return and(
    eq(auditLogs.teamId, filter.teamId),
    gte(auditLogs.createdAt, filter.since),
    filter.action ? eq(auditLogs.action, filter.action) : undefined,
    filter.severity ? eq(auditLogs.severity, filter.severity) : undefined,
    beforeSeq !== undefined ? lt(auditLogs.seq, beforeSeq) : undefined,
  );
}

/** The team's entries matching the filter, newest first, older than `beforeSeq` when given. */
export async function listAuditRows(
  db: Database,
  filter: AuditFilter,
  { beforeSeq, limit }: { beforeSeq?: number; limit: number },
): Promise<AuditRow[]> {
  return db
    .select({
      id: auditLogs.id,
      seq: auditLogs.seq,
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      severity: auditLogs.severity,
      resourceType: auditLogs.resourceType,
      resourceId: auditLogs.resourceId,
      userId: auditLogs.userId,
      oldValues: auditLogs.oldValues,
      newValues: auditLogs.newValues,
      metadata: auditLogs.metadata,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })
    .from(auditLogs)
    .leftJoin(user, eq(user.id, auditLogs.userId))
    .where(conditionOf(filter, beforeSeq))
    .orderBy(desc(auditLogs.seq))
    .limit(limit);
}
