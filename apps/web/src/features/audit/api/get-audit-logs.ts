import { type AuditLogPage, auditLogPageSchema } from '@lumen/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditSearchParams } from '../utils/audit-search-params';
import { type AuditLogFilters, auditKeys } from './keys';

/** GET /api/audit/logs: a page (100) of the team's audit log, newest first; `cursor` reads the page after. */
export async function getAuditLogs(
  filters: AuditLogFilters,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const params = auditSearchParams(filters);
  if (cursor) params.set('cursor', cursor);
  return auditLogPageSchema.parse(await api.get<unknown>(`/audit/logs?${params}`, { signal }));
}

export function getAuditLogsQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.logs(filters),
    queryFn: ({ pageParam, signal }) => getAuditLogs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The first page for the filters; `fetchNextPage` adds the next while `hasNextPage`. */
export function useAuditLogs(filters: AuditLogFilters) {
  return useInfiniteQuery(getAuditLogsQueryOptions(filters));
}
