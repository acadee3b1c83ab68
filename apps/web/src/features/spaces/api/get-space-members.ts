import { type SpaceMember, spaceMemberListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { spaceKeys } from './keys';

/** GET /api/spaces/:id/members: the space's active members with their space roles. */
export async function getSpaceMembers(spaceId: string): Promise<SpaceMember[]> {
  return spaceMemberListSchema.parse(await api.get<unknown>(`/spaces/${encodeURIComponent(spaceId)}/members`)).members;
}

export function getSpaceMembersQueryOptions(spaceId: string) {
  return queryOptions({ queryKey: spaceKeys.members(spaceId), queryFn: () => getSpaceMembers(spaceId) });
}

type UseSpaceMembersOptions = { spaceId: string; queryConfig?: QueryConfig<typeof getSpaceMembersQueryOptions> };

export function useSpaceMembers({ spaceId, queryConfig }: UseSpaceMembersOptions) {
  return useQuery({ ...getSpaceMembersQueryOptions(spaceId), ...queryConfig });
}
