import type { AuditLogFilters } from '../api/keys';

/** The filters as the audit endpoints read them (range always, action and severity only when chosen). */
export function auditSearchParams({ range, action, severity }: AuditLogFilters): URLSearchParams {
  const params = new URLSearchParams({ range });
  if (action) params.set('action', action);
  if (severity) params.set('severity', severity);
  return params;
}
