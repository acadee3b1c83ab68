import { createHash } from 'node:crypto';
import type { AuditSeverity } from '@lumen/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { auditAnchors, auditLogs } from '../db/schema/index.ts';
import { type Database, lockKeysForTransaction, rowsOf } from './db.ts';
import type { Actor } from './request-user.ts';

/** Who acted and from where: a signed-in user, or an attempt without one (a failed sign-in) that still has an address. */
export type AuditActor = Omit<Actor, 'userId'> & { userId: string | null };

export interface AuditEntryInput {
  teamId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  metadata?: Record<string, unknown>;
  severity?: AuditSeverity;
}

export type ChainedFields = {
  prevHash: string | null;
  teamId: string | null;
  userId: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
  severity: AuditSeverity;
  createdAt: string;
};

/** JSON with sorted keys at every level, so the same entry always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** An entry's hash over its fields and the previous hash (the chain's whole algorithm: no secret in it). */
export function hashEntry(fields: ChainedFields): string {
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

function teamCondition(teamId: string | null) {
  return teamId === null ? isNull(auditLogs.teamId) : eq(auditLogs.teamId, teamId);
}

/**
 * Appends an entry to the team's chain. Call it inside the transaction that makes the change, so the change and its
 * audit entry land together or not at all; a per-team advisory lock keeps concurrent writers in one chain.
 */
export async function writeAuditEntry(db: Database, actor: AuditActor | null, input: AuditEntryInput): Promise<void> {
  await lockKeysForTransaction(db, [`audit:${input.teamId ?? 'none'}`]);
  const [previous] = await db
    .select({ hash: auditLogs.hash })
    .from(auditLogs)
    .where(teamCondition(input.teamId))
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  const fields: ChainedFields = {
    prevHash: previous?.hash ?? null,
    teamId: input.teamId,
    userId: actor?.userId ?? null,
    action: input.action,
    resourceType: input.resourceType,
    resourceId: input.resourceId ?? null,
    oldValues: input.oldValues ?? null,
    newValues: input.newValues ?? null,
    metadata: input.metadata ?? {},
    severity: input.severity ?? 'info',
    createdAt: new Date().toISOString(),
  };
  await db.insert(auditLogs).values({
    ...fields,
    createdAt: new Date(fields.createdAt),
    userAgent: actor?.userAgent ?? null,
    ipAddress: actor?.ipAddress ?? null,
    hash: hashEntry(fields),
  });
}

/** How many entries a chain check reads at a time: a long chain is walked in pages, never held whole. */
const VERIFY_BATCH = 1000;

export interface AuditChainCheck {
  checkedCount: number;
  /** Anchors (heads written down earlier) compared with the entries they name. */
  anchorsChecked: number;
  /** The first entry whose hash or link does not hold; null when the chain is intact. */
  firstBrokenEntryId: string | null;
  /** The newest entry's hash (null: no entries). */
  headHash: string | null;
}

/** Recomputes a team's chain from its first entry, a page at a time, stopping at the first entry that does not hold. */
export async function verifyAuditChain(db: Database, teamId: string | null): Promise<AuditChainCheck> {
  let prevHash: string | null = null;
  let checkedCount = 0;
  let afterSeq = 0;
  // A chain rewritten wholesale links up again; the hashes anchored before it was rewritten do not.
  const anchors = new Map(
    teamId === null
      ? []
      : (
          await db
            .select({ seq: auditAnchors.seq, hash: auditAnchors.hash })
            .from(auditAnchors)
            .where(eq(auditAnchors.teamId, teamId))
        ).map((anchor) => [anchor.seq, anchor.hash]),
  );
  let anchorsChecked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(teamCondition(teamId), gt(auditLogs.seq, afterSeq)))
      .orderBy(asc(auditLogs.seq))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      const expected = hashEntry({
        prevHash,
        teamId: row.teamId,
        userId: row.userId,
        action: row.action,
        resourceType: row.resourceType,
        resourceId: row.resourceId,
        oldValues: row.oldValues ?? null,
        newValues: row.newValues ?? null,
        metadata: row.metadata,
        severity: row.severity,
        createdAt: row.createdAt.toISOString(),
      });
      checkedCount += 1;
      const anchored = anchors.get(row.seq);
      if (anchored !== undefined) anchorsChecked += 1;
      if (row.prevHash !== prevHash || row.hash !== expected || (anchored !== undefined && anchored !== row.hash)) {
        return { checkedCount, anchorsChecked, firstBrokenEntryId: row.id, headHash: null };
      }
      prevHash = row.hash;
      afterSeq = row.seq;
    }
    if (rows.length < VERIFY_BATCH) {
      // An anchored entry that is gone (the chain was cut back) breaks it at its end.
      if (anchorsChecked < anchors.size) {
        return { checkedCount, anchorsChecked, firstBrokenEntryId: rows.at(-1)?.id ?? 'missing', headHash: null };
      }
      return { checkedCount, anchorsChecked, firstBrokenEntryId: null, headHash: prevHash };
    }
  }
}

/** The first entry of a team's chain that does not hold, or null when the chain is intact. */
export async function findBrokenAuditEntry(db: Database, teamId: string | null): Promise<string | null> {
  return (await verifyAuditChain(db, teamId)).firstBrokenEntryId;
}

/**
 * Writes down the head of every team chain that grew since its last anchor (the `audit.anchor` job, hourly): its seq
 * and hash. Returns how many chains were anchored.
 */
export async function anchorAuditChains(db: Database): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO ${auditAnchors} (team_id, seq, hash)
    SELECT DISTINCT ON (entry.team_id) entry.team_id, entry.seq, entry.hash
    FROM ${auditLogs} AS entry
    WHERE entry.team_id IS NOT NULL
      AND entry.seq > coalesce((SELECT max(anchor.seq) FROM ${auditAnchors} AS anchor WHERE anchor.team_id = entry.team_id), 0)
    ORDER BY entry.team_id, entry.seq DESC
    RETURNING team_id`);
  return rowsOf<{ team_id: string }>(result).length;
}
