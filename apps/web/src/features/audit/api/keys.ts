import type { AuditLogQuery } from '@lumen/contract';

/** What the Audit Logs view filters by: everything of the query but the page cursor. */
export type AuditLogFilters = Omit<AuditLogQuery, 'cursor'>;

/** The audit dashboard's query keys; each filter combination is its own list (its pages cached together). */
export const auditKeys = {
  all: ['audit'] as const,
  logs: ({ range, action, severity }: AuditLogFilters) =>
    ['audit', 'logs', { range, action: action ?? null, severity: severity ?? null }] as const,
  /** The team's open anomaly alerts, newest first (one list, kept current by the realtime events). */
  alerts: ['audit', 'alerts'] as const,
};
