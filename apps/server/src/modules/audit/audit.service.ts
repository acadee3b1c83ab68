import { Readable } from 'node:stream';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  AUDIT_RANGE_DAYS,
  type AuditChainReport,
  type AuditEntry,
  type AuditExportQuery,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditRange,
  displayName,
} from '@lumen/contract';
import { verifyAuditChain } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { requireAuditReader } from '../access/index.ts';
import { type AuditFilter, type AuditRow, listAuditRows } from './audit.repository.ts';

/** What each action says in a sentence (the dashboard's and the CSV's Description). */
const ACTION_SENTENCES: Record<string, string> = {
  user_login: 'signed in',
  user_login_failed: 'failed to sign in',
  user_logout: 'signed out',
  password_reset: 'reset their password',
  password_change: 'changed their password',
  file_access: 'opened a file',
  file_edit: 'changed a file',
  file_delete: 'deleted a file',
  file_upload: 'uploaded a file',
  file_share: 'shared a file',
  permission_change: 'changed a role',
  ai_query: 'asked the assistant',
  integration_connect: 'connected an integration',
  integration_disconnect: 'disconnected an integration',
  integration_sync: 'synced an integration',
  integration_request_create: 'requested an integration',
  integration_request_decide: 'decided on an integration request',
  team_message_delete: 'deleted a team chat message',
  team_create: 'created the team',
  team_invite: 'invited someone to the team',
  invitation_revoke: 'revoked an invitation',
  team_join: 'joined the team',
  member_remove: 'removed a member',
  department_create: 'created a department',
  department_update: 'renamed a department',
  department_delete: 'deleted a department',
  space_create: 'created a space',
  space_update: 'changed a space',
  space_delete: 'deleted a space',
  task_create: 'created a task',
  task_complete: 'completed a task',
};

const TARGET_FIELDS = ['name', 'title', 'filename', 'email', 'target', 'platform', 'provider'];

/** The thing an entry is about, by name where its values or metadata carry one. */
function targetOf(row: AuditRow): string | null {
  for (const values of [row.newValues, row.oldValues, row.metadata]) {
    for (const field of TARGET_FIELDS) {
      const value = values?.[field];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

function describe(row: AuditRow, actorName: string | null): string {
  const who = actorName || (row.userId ? 'A former member' : 'Someone');
  const what = ACTION_SENTENCES[row.action] ?? row.action.replaceAll('_', ' ');
  const target = targetOf(row);
  return `${who} ${what}${target ? `: ${target}` : ''}`;
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const name = row.userId ? displayName(row) : null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    severity: row.severity,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    actor: row.userId ? { userId: row.userId, name: name ?? '', email: row.email } : null,
    description: describe(row, name),
    oldValues: row.oldValues ?? null,
    newValues: row.newValues ?? null,
    metadata: row.metadata,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

function sinceOf(range: AuditRange, now = new Date()): Date {
  return new Date(now.getTime() - AUDIT_RANGE_DAYS[range] * 24 * 60 * 60 * 1000);
}

/** Cursors are opaque to clients: the position of the last entry read, as a token they hand back. */
function encodeCursor(seq: number): string {
  return Buffer.from(`audit:${seq}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^audit:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const seq = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(seq) || seq < 1) throw AppError.of('AUDIT_CURSOR_INVALID');
  return seq;
}

async function filterFor(db: Database, userId: string, query: Omit<AuditLogQuery, 'cursor'>): Promise<AuditFilter> {
  const { teamId } = await requireAuditReader(db, userId);
  return {
    teamId,
    since: sinceOf(query.range),
    ...(query.action ? { action: query.action } : {}),
    ...(query.severity ? { severity: query.severity } : {}),
  };
}

/** GET /api/audit/logs: a page of the team's log, newest first (team admins only). */
export async function listAuditLog(db: Database, userId: string, query: AuditLogQuery): Promise<AuditLogPage> {
  const beforeSeq = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const filter = await filterFor(db, userId, query);
  const rows = await listAuditRows(db, filter, {
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    limit: AUDIT_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(toAuditEntry),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.seq) : null,
  };
}

/** Rows an export reads at a time: the whole range is streamed, never held. */
const EXPORT_BATCH = 1000;

async function* exportedEntries(db: Database, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let beforeSeq: number | undefined;
  for (;;) {
    const rows = await listAuditRows(db, filter, {
      ...(beforeSeq !== undefined ? { beforeSeq } : {}),
      limit: EXPORT_BATCH,
    });
    for (const row of rows) yield toAuditEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    beforeSeq = last.seq;
  }
}

/**
 * A spreadsheet cell: quoted when it holds a separator, a quote or a line break; a cell a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

async function* csvExport(entries: AsyncGenerator<AuditEntry>): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_COLUMNS);
  for await (const entry of entries) {
    const user = entry.actor ? entry.actor.name || entry.actor.email || entry.actor.userId : '';
    yield csvLine([entry.createdAt, user, entry.action, entry.resourceType, entry.severity, entry.description]);
  }
}

async function* jsonExport(entries: AsyncGenerator<AuditEntry>): AsyncGenerator<string> {
  yield '[';
  let isFirst = true;
  for await (const entry of entries) {
    yield `${isFirst ? '' : ','}\n${JSON.stringify(entry)}`;
    isFirst = false;
  }
  yield '\n]\n';
}

/**
 * GET /api/audit/export: every entry of the range and filters (not only a page), streamed as CSV or JSON. The access
 * check runs before the first byte, so a refusal is a proper 403.
 */
export async function exportAuditLog(db: Database, userId: string, query: AuditExportQuery): Promise<Readable> {
  const filter = await filterFor(db, userId, query);
  const entries = exportedEntries(db, filter);
  return Readable.from(query.format === 'csv' ? csvExport(entries) : jsonExport(entries));
}

/** GET /api/audit/verify: the team's chain checked from its first entry. */
export async function checkAuditChain(db: Database, userId: string): Promise<AuditChainReport> {
  const { teamId } = await requireAuditReader(db, userId);
  const check = await verifyAuditChain(db, teamId);
  return { isIntact: check.firstBrokenEntryId === null, ...check };
}
