import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SPACES_QUERY_KEY, TEAM_QUERY_KEY } from './keys';

export type SpaceMutationConfig<TInput, TOutput> = Omit<UseMutationOptions<TOutput, Error, TInput>, 'mutationFn'>;

/** A write to the spaces: on success every spaces query refetches, and the team's queries (their stats count spaces). */
export function useSpaceMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  config: SpaceMutationConfig<TInput, TOutput> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SPACES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
      ]);
      return onSuccess?.(...args);
    },
  });
}
