import { type TeamMember, teamMembersSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { teamKeys } from './keys';

/** GET /api/teams/current/members: active members, newest first, with role and department. */
export async function getMembers(): Promise<TeamMember[]> {
  return teamMembersSchema.parse(await api.get<unknown>('/teams/current/members')).members;
}

export function getMembersQueryOptions() {
  return queryOptions({ queryKey: teamKeys.members, queryFn: getMembers });
}

type UseMembersOptions = { queryConfig?: QueryConfig<typeof getMembersQueryOptions> };

export function useMembers({ queryConfig }: UseMembersOptions = {}) {
  return useQuery({ ...getMembersQueryOptions(), ...queryConfig });
}
