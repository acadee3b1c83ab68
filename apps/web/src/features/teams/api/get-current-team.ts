import { type CurrentTeam, currentTeamSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { teamKeys } from './keys';

/** GET /api/teams/current: the caller's team with member and department counts (404 without a team). */
export async function getCurrentTeam(): Promise<CurrentTeam> {
  return currentTeamSchema.parse(await api.get<unknown>('/teams/current'));
}

export function getCurrentTeamQueryOptions() {
  return queryOptions({ queryKey: teamKeys.current, queryFn: getCurrentTeam });
}

type UseCurrentTeamOptions = { queryConfig?: QueryConfig<typeof getCurrentTeamQueryOptions> };

export function useCurrentTeam({ queryConfig }: UseCurrentTeamOptions = {}) {
  return useQuery({ ...getCurrentTeamQueryOptions(), ...queryConfig });
}
