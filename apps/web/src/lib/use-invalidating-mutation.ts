import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export type InvalidatingMutationConfig<TInput, TOutput> = Omit<
  UseMutationOptions<TOutput, Error, TInput>,
  'mutationFn'
>;

/**
 * A mutation that refetches every query under `queryKeys` once it succeeds, before the caller's own onSuccess runs,
 * so a success toast or navigation never shows stale data. The features' mutation hooks are thin wrappers of it.
 */
export function useInvalidatingMutation<TInput, TOutput>(
  queryKeys: readonly QueryKey[],
  mutationFn: (input: TInput) => Promise<TOutput>,
  config: InvalidatingMutationConfig<TInput, TOutput> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn,
    onSuccess: async (...args) => {
      await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return onSuccess?.(...args);
    },
  });
}
