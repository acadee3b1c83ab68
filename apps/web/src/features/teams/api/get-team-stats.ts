import { type TeamStats, teamStatsSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { teamKeys } from './keys';

/** GET /api/teams/current/stats?tzOffset=: the stat cards' figures, counted from real records; "today" is local. */
export async function getTeamStats(): Promise<TeamStats> {
  const tzOffset = new Date().getTimezoneOffset();
  return teamStatsSchema.parse(await api.get<unknown>(`/teams/current/stats?tzOffset=${tzOffset}`));
}

export function getTeamStatsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.stats, queryFn: getTeamStats });
}

type UseTeamStatsOptions = { queryConfig?: QueryConfig<typeof getTeamStatsQueryOptions> };

export function useTeamStats({ queryConfig }: UseTeamStatsOptions = {}) {
  return useQuery({ ...getTeamStatsQueryOptions(), ...queryConfig });
}
