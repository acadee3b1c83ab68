import { SPACES_QUERY_KEY, TEAM_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

export type SpaceMutationConfig<TInput, TOutput> = InvalidatingMutationConfig<TInput, TOutput>;

/** The spaces' queries, and the team's (their stats count spaces). */
const SPACE_MUTATION_KEYS = [SPACES_QUERY_KEY, TEAM_QUERY_KEY];

/** A write to the spaces: on success every spaces query refetches, and the team's queries. */
export function useSpaceMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  config: SpaceMutationConfig<TInput, TOutput> = {},
) {
  return useInvalidatingMutation(SPACE_MUTATION_KEYS, mutationFn, config);
}
