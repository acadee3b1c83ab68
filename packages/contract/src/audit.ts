import { z } from 'zod';
import { AUDIT_SEVERITIES, TEAM_AUDIT_ACTIONS } from './teams.ts';

/**
 * The audit dashboard (/audit, team admins only; issue #14): the team's tamper-evident log read a page at a time,
 * filtered by range, action and severity, exported whole, and its chain verified.
 */

export const AUDIT_MESSAGES = {
  accessDenied: 'Access Denied - Only administrators can access audit logs.',
  loadFailed: 'Failed to load audit data',
  exportFailed: 'Failed to export data',
  resolveFailed: 'Failed to resolve alert',
  rangeInvalid: 'range must be one of 1d, 7d, 30d',
  actionInvalid: 'action must be one of the audited actions',
  severityInvalid: 'severity must be one of info, low, medium, high, critical',
  formatInvalid: 'format must be csv or json',
  cursorInvalid: 'cursor must be the nextCursor of an earlier page',
} as const;

/** Date ranges of the dashboard, newest entries first; 7d by default (spec 001). */
export const AUDIT_RANGES = ['1d', '7d', '30d'] as const;
export type AuditRange = (typeof AUDIT_RANGES)[number];
export const DEFAULT_AUDIT_RANGE: AuditRange = '7d';
export const AUDIT_RANGE_DAYS: Record<AuditRange, number> = { '1d': 1, '7d': 7, '30d': 30 };

/** Rows a page of the audit log holds (spec 001: 100), more on demand. */
export const AUDIT_PAGE_SIZE = 100;

/**
 * Every action the audit log records (docs/product-rules.md#audit-log). The first five are the spec's filter; the team
 * events of the Activity lists follow.
 */
export const AUDIT_ACTIONS = [
  'user_login',
  'file_access',
  'file_edit',
  'file_delete',
  'permission_change',
  'user_login_failed',
  'user_logout',
  'password_reset',
  'password_change',
  'file_upload',
  'file_share',
  'ai_query',
  'integration_connect',
  'integration_disconnect',
  'integration_sync',
  'integration_request_create',
  'integration_request_decide',
  'team_message_delete',
  ...TEAM_AUDIT_ACTIONS.filter((action) => action !== 'permission_change'),
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditLogQuerySchema = z.object({
  range: z.enum(AUDIT_RANGES, { error: AUDIT_MESSAGES.rangeInvalid }).default(DEFAULT_AUDIT_RANGE),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.actionInvalid }).optional(),
  severity: z.enum(AUDIT_SEVERITIES, { error: AUDIT_MESSAGES.severityInvalid }).optional(),
  /** The `nextCursor` of the page before (an opaque token). */
  cursor: z.string().max(200).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

export const auditExportQuerySchema = auditLogQuerySchema.omit({ cursor: true }).extend({
  format: z.enum(AUDIT_EXPORT_FORMATS, { error: AUDIT_MESSAGES.formatInvalid }).default('csv'),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** The columns of the CSV export, in order (spec 001). */
export const AUDIT_CSV_COLUMNS = ['Timestamp', 'User', 'Action', 'Resource Type', 'Severity', 'Description'] as const;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  severity: z.enum(AUDIT_SEVERITIES),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  /** Who did it (null: the system, or an attempt without an account); the name is '' when the account is gone. */
  actor: z.object({ userId: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** One sentence saying what happened, in English (the CSV's Description). */
  description: z.string(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /api/audit/verify: the team's chain walked from its first entry. */
export const auditChainReportSchema = z.object({
  isIntact: z.boolean(),
  /** Entries checked. */
  checkedCount: z.number().int().nonnegative(),
  /** The first entry whose hash or link to the one before does not hold. */
  firstBrokenEntryId: z.string().nullable(),
  /** The newest entry's hash (what an anchor records). */
  headHash: z.string().nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;

/** The name of an export file: the date it was made (the reader's day) in it, e.g. audit-logs-2026-11-29.csv. */
export function auditExportFileName(format: AuditExportFormat, date: Date = new Date()): string {
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `audit-logs-${day}.${format}`;
}
