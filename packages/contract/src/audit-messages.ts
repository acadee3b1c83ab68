/**
 * The audit dashboard's and the client events' messages, apart from their schemas: the error catalogue imports these,
 * and the landing page loads the catalogue, so they stay light (no schema is built here).
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
  alertNotFound: 'Alert not found',
} as const;

/** Events one batch may carry, and batches one person may send a minute. */
export const CLIENT_EVENT_BATCH_MAX = 50;
export const CLIENT_EVENT_BATCHES_PER_MINUTE = 30;

export const CLIENT_EVENT_MESSAGES = {
  batchInvalid: `events must be a list of 1 to ${CLIENT_EVENT_BATCH_MAX} client events`,
} as const;
