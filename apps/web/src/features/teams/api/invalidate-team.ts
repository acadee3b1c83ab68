import type { QueryClient } from '@tanstack/react-query';
import { ROLE_QUERY_KEY } from '@/lib/query-keys';
import { TEAM_QUERY_KEY } from './keys';

/** After any team change: every team query and the caller's role state refetch. */
export async function invalidateTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ROLE_QUERY_KEY }),
  ]);
}
