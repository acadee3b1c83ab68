import { type AnalyticsPeriod, type TeamAnalytics, teamAnalyticsSchema } from '@lumen/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/**
 * GET /api/analytics?period=: the team's figures over the period (any team member; 404 NO_TEAM for someone without a
 * team).
 */
export async function getTeamAnalytics(period: AnalyticsPeriod, signal?: AbortSignal): Promise<TeamAnalytics> {
  const params = new URLSearchParams({ period });
  return teamAnalyticsSchema.parse(await api.get<unknown>(`/analytics?${params}`, { signal }));
}

export function getTeamAnalyticsQueryOptions(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsKeys.team(period),
    queryFn: ({ signal }) => getTeamAnalytics(period, signal),
  });
}

/** The team's analytics for the period; while another period loads, the last one's figures stay (`isPlaceholderData`). */
export function useTeamAnalytics(period: AnalyticsPeriod) {
  return useQuery({ ...getTeamAnalyticsQueryOptions(period), placeholderData: keepPreviousData });
}
