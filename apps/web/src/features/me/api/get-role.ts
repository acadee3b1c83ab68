import { NO_TEAM_ROLE_STATE, type RoleState, roleStateSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ROLE_QUERY_KEY } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/me/role: the signed-in user's team role state. */
export async function getRole(): Promise<RoleState> {
  const data = await api.get<unknown>('/me/role');
  return roleStateSchema.parse(data);
}

/** Role fetch errors are only logged; the user is then treated as having no team (docs/product-rules.md#roles). */
async function getRoleOrNoTeam(): Promise<RoleState> {
  try {
    return await getRole();
  } catch (error) {
    console.error('Failed to fetch user role:', error);
    return NO_TEAM_ROLE_STATE;
  }
}

export function getRoleQueryOptions() {
  return queryOptions({ queryKey: ROLE_QUERY_KEY, queryFn: getRoleOrNoTeam });
}

type UseRoleOptions = { queryConfig?: QueryConfig<typeof getRoleQueryOptions> };

export function useRole({ queryConfig }: UseRoleOptions = {}) {
  return useQuery({ ...getRoleQueryOptions(), ...queryConfig });
}
