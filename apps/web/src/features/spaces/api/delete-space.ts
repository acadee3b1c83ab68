import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

/** DELETE /api/spaces/:id: space admins delete a space with its members and files. */
export async function deleteSpace(spaceId: string): Promise<void> {
  await api.delete<unknown>(`/spaces/${encodeURIComponent(spaceId)}`);
}

export function useDeleteSpace(config?: SpaceMutationConfig<string, void>) {
  return useSpaceMutation(deleteSpace, config);
}
