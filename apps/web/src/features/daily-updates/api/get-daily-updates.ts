import { type DailyUpdates, dailyUpdatesSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHAT } from '@/config/ui';
import { api } from '@/lib/api-client';
import { DAILY_UPDATES_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/**
 * GET /api/me/daily-updates?tzOffset=: the six Daily Updates stats, computed by the server from real counts; "today"
 * is the browser's day.
 */
export async function getDailyUpdates(): Promise<DailyUpdates> {
  const tzOffset = new Date().getTimezoneOffset();
  const data = await api.get<unknown>(`/me/daily-updates?tzOffset=${tzOffset}`);
  return dailyUpdatesSchema.parse(data);
}

/** Refreshed every 30 seconds (and by the chat after each answer). */
export function getDailyUpdatesQueryOptions() {
  return queryOptions({
    queryKey: DAILY_UPDATES_QUERY_KEY,
    queryFn: getDailyUpdates,
    refetchInterval: CHAT.dailyUpdatesRefreshMs,
    staleTime: 0,
  });
}

type UseDailyUpdatesOptions = { queryConfig?: QueryConfig<typeof getDailyUpdatesQueryOptions> };

export function useDailyUpdates({ queryConfig }: UseDailyUpdatesOptions = {}) {
  return useQuery({ ...getDailyUpdatesQueryOptions(), ...queryConfig });
}
