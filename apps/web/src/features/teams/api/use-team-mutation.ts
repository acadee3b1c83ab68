import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTeam } from './invalidate-team';

export type TeamMutationConfig<TInput, TOutput> = Omit<UseMutationOptions<TOutput, Error, TInput>, 'mutationFn'>;

/** A mutation of the team's data: on success every team query and the caller's role refetch. */
export function useTeamMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  config: TeamMutationConfig<TInput, TOutput> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn,
    onSuccess: async (...args) => {
      await invalidateTeam(queryClient);
      return onSuccess?.(...args);
    },
  });
}
