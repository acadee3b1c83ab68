import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export type InvalidatingMutationConfig<TInput, TOutput> = Omit<
  UseMutationOptions<TOutput, Error, TInput>,
  'mutationFn'
>;

/**
 * A mutation that refetches every query under `queryKeys` once it succeeds, before the caller's own onSuccess runs,
 * so a success toast or navigation never shows stale data; fetches in flight are cancelled first and asked again.
 * The features' mutation hooks are thin wrappers of it.
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
      // A fetch still in flight may have read before this write: React Query would join a query's first fetch rather
      // than start another, so the list that was loading when the upload finished stayed without the new file.
      await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return onSuccess?.(...args);
    },
  });
}
