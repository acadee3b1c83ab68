import { ROLE_QUERY_KEY, TEAM_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

export type TeamMutationConfig<TInput, TOutput> = InvalidatingMutationConfig<TInput, TOutput>;

/** Every team query, and the caller's role state (a team change can alter it). */
const TEAM_MUTATION_KEYS = [TEAM_QUERY_KEY, ROLE_QUERY_KEY];

/** A mutation of the team's data: on success every team query and the caller's role refetch. */
export function useTeamMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  config: TeamMutationConfig<TInput, TOutput> = {},
) {
  return useInvalidatingMutation(TEAM_MUTATION_KEYS, mutationFn, config);
}
