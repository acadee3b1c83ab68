import { type AnomalyAlert, type AnomalyAlertList, type AnomalyRules, isUuid } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, lockKeysForTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Actor } from '../../platform/request-user.ts';
import { requireAuditReader } from '../access/index.ts';
import {
  type AnomalyAlertRow,
  type BurstKey,
  countBurst,
  findNames,
  findTeamAdminIds,
  hasAlertWithKey,
  listOpenAlerts,
  type RaisedAlert,
  raiseAlert,
  readScanPosition,
  readSignInHistory,
  readStream,
  resolveAlert,
  type StreamEntry,
  saveScanPosition,
} from './anomaly.repository.ts';
import { applyRollups } from './rollups.ts';

export interface AnomalyDeps {
  db: Database;
  realtime: Realtime;
  rules: AnomalyRules;
  log: FastifyBaseLogger;
}

/** Entries one scan reads at most; a backlog takes several scans. */
const SCAN_BATCH = 2000;
const MINUTE = 60_000;

export function toAnomalyAlert(row: AnomalyAlertRow): AnomalyAlert {
  return {
    id: row.id,
    alertType: row.alertType,
    severity: row.severity,
    description: row.description,
    status: row.status,
    userId: row.userId,
    entryCount: row.entryCount,
    entryIds: row.entryIds,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Tells the team's admins (their sockets only): an alert raised, grown or resolved. */
async function tellAdmins(deps: Pick<AnomalyDeps, 'db' | 'realtime' | 'log'>, row: AnomalyAlertRow): Promise<void> {
  const event = { type: 'anomaly_alert' as const, alert: toAnomalyAlert(row) };
  try {
    for (const adminId of await findTeamAdminIds(deps.db, row.teamId))
      await deps.realtime.publishToUser(adminId, event);
  } catch (error) {
    deps.log.warn({ err: error }, 'anomaly alert not pushed');
  }
}

/** A browser and system in a few words ("Chrome on Windows"): what the new-device rule compares. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : (userAgent.split(/[\s/]/)[0] ?? 'Unknown');
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

interface BurstRule {
  alertType: RaisedAlert['alertType'];
  severity: RaisedAlert['severity'];
  action: string;
  by: BurstKey['by'];
  threshold: { count: number; windowMinutes: number };
  describe: (count: number, subject: string, windowMinutes: number) => string;
  /** The account the alert is about, from the burst's key. */
  subjectUserId: (value: string) => string | null;
}

function burstRules(rules: AnomalyRules): BurstRule[] {
  return [
    {
      alertType: 'failed_login_burst_account',
      severity: 'high',
      action: 'user_login_failed',
      by: 'resourceId',
      threshold: rules.failedLoginsPerAccount,
      describe: (count, subject, minutes) =>
        `${count} failed sign-ins on ${subject}'s account within ${minutes} minutes`,
      subjectUserId: (value) => value,
    },
    {
      alertType: 'failed_login_burst_ip',
      severity: 'high',
      action: 'user_login_failed',
      by: 'ipAddress',
      threshold: rules.failedLoginsPerAddress,
      describe: (count, subject, minutes) => `${count} failed sign-ins from ${subject} within ${minutes} minutes`,
      subjectUserId: () => null,
    },
    {
      alertType: 'mass_deletion',
      severity: 'high',
      action: 'file_delete',
      by: 'userId',
      threshold: rules.massDeletion,
      describe: (count, subject, minutes) => `${subject} deleted ${count} documents within ${minutes} minutes`,
      subjectUserId: (value) => value,
    },
    {
      alertType: 'mass_download',
      severity: 'medium',
      action: 'file_access',
      by: 'userId',
      threshold: rules.massDownload,
      describe: (count, subject, minutes) => `${subject} opened ${count} documents within ${minutes} minutes`,
      subjectUserId: (value) => value,
    },
  ];
}

type Names = Map<string, { name: string; email: string }>;

function nameOf(names: Names, userId: string | null): string {
  return (userId && names.get(userId)?.name) || 'A former member';
}

/**
 * The burst rules over the scanned entries: for each (team, rule, key) seen, the entries in the window ending at the
 * newest one seen are counted; at the threshold the alert is raised, and while it stays open a longer burst grows it.
 */
async function checkBursts(deps: AnomalyDeps, entries: StreamEntry[], names: Names): Promise<AnomalyAlertRow[]> {
  const changed: AnomalyAlertRow[] = [];
  for (const rule of burstRules(deps.rules)) {
    const newestByKey = new Map<string, { key: BurstKey; at: Date }>();
    for (const entry of entries) {
      const value = entry.action === rule.action ? entry[rule.by] : null;
      if (!value) continue;
      const id = `${entry.teamId} ${value}`;
      newestByKey.set(id, {
        key: { teamId: entry.teamId, action: rule.action, by: rule.by, value },
        at: entry.createdAt,
      });
    }
    for (const { key, at } of newestByKey.values()) {
      const windowMs = rule.threshold.windowMinutes * MINUTE;
      const burst = await countBurst(deps.db, key, { since: new Date(at.getTime() - windowMs), until: at });
      if (burst.count < rule.threshold.count) continue;
      const subject =
        rule.by === 'ipAddress'
          ? key.value
          : rule.by === 'resourceId'
            ? (names.get(key.value)?.email ?? 'an')
            : nameOf(names, key.value);
      const row = await raiseAlert(deps.db, {
        teamId: key.teamId,
        userId: rule.subjectUserId(key.value),
        alertType: rule.alertType,
        severity: rule.severity,
        description: rule.describe(burst.count, subject, rule.threshold.windowMinutes),
        dedupeKey: `${rule.alertType}:${key.value}`,
        entryCount: burst.count,
        entryIds: burst.entryIds,
      });
      if (row) changed.push(row);
    }
  }
  return changed;
}

/** Rules that look at one entry: an admin role granted; a sign-in at an unusual hour or from a new device. */
async function checkSingleEntries(deps: AnomalyDeps, entries: StreamEntry[], names: Names): Promise<AnomalyAlertRow[]> {
  const changed: AnomalyAlertRow[] = [];
  const raiseOnce = async (
    entry: StreamEntry,
    alert: Omit<RaisedAlert, 'teamId' | 'dedupeKey' | 'entryCount' | 'entryIds'>,
  ) => {
    const dedupeKey = `${alert.alertType}:${entry.id}`;
    if (await hasAlertWithKey(deps.db, entry.teamId, dedupeKey)) return;
    const row = await raiseAlert(deps.db, {
      ...alert,
      teamId: entry.teamId,
      dedupeKey,
      entryCount: 1,
      entryIds: [entry.id],
    });
    if (row) changed.push(row);
  };
  for (const entry of entries) {
    if (entry.action === 'permission_change' && entry.newValues?.role === 'admin' && entry.resourceType !== 'space') {
      await raiseOnce(entry, {
        userId: entry.resourceId,
        alertType: 'permission_escalation',
        severity: 'medium',
        description: `${nameOf(names, entry.userId)} made ${nameOf(names, entry.resourceId)} a workspace admin`,
      });
    }
    if (entry.action !== 'user_login' || !entry.userId) continue;
    const history = await readSignInHistory(deps.db, {
      teamId: entry.teamId,
      userId: entry.userId,
      beforeSeq: entry.seq,
    });
    const who = nameOf(names, entry.userId);
    const { unusualHour, newDevice } = deps.rules;
    const oldest = history.at(-1)?.createdAt;
    const spanDays = oldest ? (entry.createdAt.getTime() - oldest.getTime()) / (24 * 60 * MINUTE) : 0;
    if (history.length >= unusualHour.minHistory && spanDays >= unusualHour.minDays) {
      const hour = entry.createdAt.getUTCHours();
      const atThisHour = history.filter((earlier) => earlier.createdAt.getUTCHours() === hour).length;
      if (atThisHour / history.length <= unusualHour.maxShare) {
        await raiseOnce(entry, {
          userId: entry.userId,
          alertType: 'unusual_hour',
          severity: 'low',
          description: `${who} signed in at ${String(hour).padStart(2, '0')}:00 UTC, an hour they almost never sign in`,
        });
      }
    }
    const device = deviceOf(entry.userAgent);
    if (
      device &&
      history.length >= newDevice.minHistory &&
      !history.some((earlier) => deviceOf(earlier.userAgent) === device)
    ) {
      await raiseOnce(entry, {
        userId: entry.userId,
        alertType: 'new_device',
        severity: 'low',
        description: `${who} signed in from a browser and system never seen for them: ${device}`,
      });
    }
  }
  return changed;
}

/**
 * One pass of the detection over the audit stream (the `audit.scan` job): the entries written since the last pass
 * (and at least `lagMs` ago, so an entry of a transaction still open is not passed by), every rule over them, the
 * alerts raised or grown pushed to the team's admins, and the position saved. One instance scans at a time.
 */
export async function scanAuditStream(deps: AnomalyDeps, { lagMs }: { lagMs: number }): Promise<number> {
  const changed = await deps.db.transaction(async (tx) => {
    await lockKeysForTransaction(tx, ['anomaly-scan']);
    const afterSeq = await readScanPosition(tx);
    const { entries, rows, lastSeq } = await readStream(tx, {
      afterSeq,
      writtenBefore: new Date(Date.now() - lagMs),
      limit: SCAN_BATCH,
    });
    const ids = new Set<string>();
    for (const entry of entries) {
      if (entry.userId) ids.add(entry.userId);
      if (entry.resourceId) ids.add(entry.resourceId);
    }
    const names = await findNames(tx, [...ids]);
    const scanDeps = { ...deps, db: tx };
    const raised = [
      ...(await checkBursts(scanDeps, entries, names)),
      ...(await checkSingleEntries(scanDeps, entries, names)),
    ];
    // The analytics' daily rollups count each entry once: with the position, in this transaction.
    await applyRollups(tx, rows);
    if (lastSeq !== afterSeq) await saveScanPosition(tx, lastSeq);
    return raised;
  });
  for (const row of changed) await tellAdmins(deps, row);
  return changed.length;
}

/** GET /api/audit/alerts: the team's open alerts, newest first (admins). */
export async function listAlerts(db: Database, userId: string): Promise<AnomalyAlertList> {
  const { teamId } = await requireAuditReader(db, userId);
  return { alerts: (await listOpenAlerts(db, teamId)).map(toAnomalyAlert) };
}

/** POST /api/audit/alerts/:id/resolve: the alert leaves the active list (audited; the other admins are told). */
export async function resolveAnomalyAlert(
  deps: Pick<AnomalyDeps, 'db' | 'realtime' | 'log'>,
  actor: Actor,
  alertId: string,
): Promise<AnomalyAlert> {
  const { teamId } = await requireAuditReader(deps.db, actor.userId);
  const row = await deps.db.transaction(async (tx) => {
    const resolved = isUuid(alertId) ? await resolveAlert(tx, { teamId, alertId, userId: actor.userId }) : null;
    if (!resolved) return null;
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'alert_resolve',
      resourceType: 'anomaly_alert',
      resourceId: resolved.id,
      oldValues: { status: 'open' },
      newValues: { status: 'resolved', type: resolved.alertType, description: resolved.description },
    });
    return resolved;
  });
  if (!row) throw AppError.of('ANOMALY_ALERT_NOT_FOUND');
  await tellAdmins(deps, row);
  return toAnomalyAlert(row);
}
