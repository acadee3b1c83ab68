import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SHARED_FILES_QUERY_KEY } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** DELETE /api/teams/current/shared-files/:id: the person who shared the link, or an admin, removes it. */
export async function deleteSharedFile(fileId: string): Promise<void> {
  await api.delete<unknown>(`/teams/current/shared-files/${encodeURIComponent(fileId)}`);
}

export function useDeleteSharedFile(config: Omit<MutationConfig<typeof deleteSharedFile>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn: deleteSharedFile,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: SHARED_FILES_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
