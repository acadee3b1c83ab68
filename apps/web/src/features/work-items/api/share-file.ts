import { type SharedFile, type ShareFileInput, sharedFileSchema } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SHARED_FILES_QUERY_KEY } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/teams/current/shared-files: a manager shares a link with the whole team, a member or a space. */
export async function shareFile(input: ShareFileInput): Promise<SharedFile> {
  return sharedFileSchema.parse(await api.post<unknown>('/teams/current/shared-files', input));
}

export function useShareFile(config: Omit<MutationConfig<typeof shareFile>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn: shareFile,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: SHARED_FILES_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
