import { z } from 'zod';
import { AUDIT_MESSAGES, CLIENT_EVENT_BATCH_MAX, CLIENT_EVENT_MESSAGES } from './audit-messages.ts';
import { AUDIT_SEVERITIES, TEAM_AUDIT_ACTIONS } from './teams.ts';

/**
 * The audit dashboard (/audit, team admins only; issue #14): the team's tamper-evident log read a page at a time,
 * filtered by range, action and severity, exported whole, and its chain verified.
 */

export { AUDIT_MESSAGES } from './audit-messages.ts';

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
  'alert_resolve',
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
  /** Heads anchored earlier (hourly) found unchanged; a chain rewritten wholesale fails here. */
  anchorsChecked: z.number().int().nonnegative(),
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

// ---- Anomaly alerts ----

/** What the detection rules look for (docs/product-rules.md#anomaly-alerts). */
export const ANOMALY_ALERT_TYPES = [
  'failed_login_burst_account',
  'failed_login_burst_ip',
  'mass_deletion',
  'mass_download',
  'permission_escalation',
  'unusual_hour',
  'new_device',
] as const;
export type AnomalyAlertType = (typeof ANOMALY_ALERT_TYPES)[number];

export const ANOMALY_ALERT_STATUSES = ['open', 'resolved'] as const;

export const anomalyAlertSchema = z.object({
  id: z.string(),
  alertType: z.enum(ANOMALY_ALERT_TYPES),
  severity: z.enum(AUDIT_SEVERITIES),
  /** One sentence saying what was seen (English). */
  description: z.string(),
  status: z.enum(ANOMALY_ALERT_STATUSES),
  /** The account it is about, when there is one. */
  userId: z.string().nullable(),
  /** How many audit entries set it off so far (a burst that goes on grows one alert). */
  entryCount: z.number().int().nonnegative(),
  /** The audit entries that set it off (the newest up to 50). */
  entryIds: z.array(z.string()),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AnomalyAlert = z.infer<typeof anomalyAlertSchema>;

export const anomalyAlertListSchema = z.object({ alerts: z.array(anomalyAlertSchema) });
export type AnomalyAlertList = z.infer<typeof anomalyAlertListSchema>;

/**
 * The detection rules' thresholds (each also settable with the ANOMALY_RULES environment variable, a JSON object of
 * the same shape). Windows in minutes.
 */
export const DEFAULT_ANOMALY_RULES = {
  /** Failed sign-ins on one account. */
  failedLoginsPerAccount: { count: 10, windowMinutes: 10 },
  /** Failed sign-ins from one address (any accounts of the team). */
  failedLoginsPerAddress: { count: 20, windowMinutes: 10 },
  /** Documents one person deleted. */
  massDeletion: { count: 20, windowMinutes: 5 },
  /** Documents one person opened. */
  massDownload: { count: 50, windowMinutes: 5 },
  /**
   * A sign-in at an hour (UTC) that holds at most this share of the person's earlier sign-ins, once they have at least
   * `minHistory` of them over at least `minDays` days.
   */
  unusualHour: { maxShare: 0.02, minHistory: 20, minDays: 7 },
  /** A sign-in from a browser and system never seen for the person, once they have `minHistory` earlier sign-ins. */
  newDevice: { minHistory: 5 },
} as const;
export type AnomalyRules = {
  [Rule in keyof typeof DEFAULT_ANOMALY_RULES]: { [Field in keyof (typeof DEFAULT_ANOMALY_RULES)[Rule]]: number };
};

// ---- Client events ----

/** What the web app reports on its own (stored apart from the tamper-evident log; issue #14). */
export const CLIENT_EVENT_TYPES = [
  'page_visit',
  'ui_interaction',
  'client_error',
  'unhandled_promise_rejection',
] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

export { CLIENT_EVENT_BATCH_MAX, CLIENT_EVENT_BATCHES_PER_MINUTE, CLIENT_EVENT_MESSAGES } from './audit-messages.ts';

/**
 * One event, without personal content: the route's pattern (`/spaces/:id`, never ids, queries or what was typed), the
 * element's kind and its stable name (`data-track` or its test id, never its text), and for errors the error's kind
 * and message with addresses and long numbers masked.
 */
export const clientEventSchema = z.object({
  type: z.enum(CLIENT_EVENT_TYPES),
  /** The route pattern the event happened on. */
  route: z.string().min(1).max(200),
  /** ui_interaction: 'button' or 'link'. */
  element: z.enum(['button', 'link']).optional(),
  /** ui_interaction: the element's stable name. */
  target: z.string().max(100).optional(),
  /** Errors: the error's name and message (masked, cut to 500 characters). */
  errorName: z.string().max(100).optional(),
  errorMessage: z.string().max(500).optional(),
  /** When it happened on the client (ISO time). */
  at: z.iso.datetime(),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;

export const clientEventBatchSchema = z.object({
  events: z
    .array(clientEventSchema, { error: CLIENT_EVENT_MESSAGES.batchInvalid })
    .min(1, CLIENT_EVENT_MESSAGES.batchInvalid)
    .max(CLIENT_EVENT_BATCH_MAX, CLIENT_EVENT_MESSAGES.batchInvalid),
});
export type ClientEventBatch = z.infer<typeof clientEventBatchSchema>;

const EMAIL_PATTERN = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
const LONG_NUMBER_PATTERN = /\d{4,}/g;
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** An error message without what could name someone or something of theirs: addresses, ids and long numbers masked. */
export function maskClientText(text: string, max = 500): string {
  return text
    .replace(EMAIL_PATTERN, '[email]')
    .replace(UUID_PATTERN, '[id]')
    .replace(LONG_NUMBER_PATTERN, '[number]')
    .slice(0, max);
}
