import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type DeleteSpaceFileVariables = { spaceId: string; fileId: string };

/** DELETE /api/spaces/:id/files/:fileId: space admins delete a file (and its indexed document). */
export async function deleteSpaceFile({ spaceId, fileId }: DeleteSpaceFileVariables): Promise<void> {
  await api.delete<unknown>(`/spaces/${encodeURIComponent(spaceId)}/files/${encodeURIComponent(fileId)}`);
}

export function useDeleteSpaceFile(config?: SpaceMutationConfig<DeleteSpaceFileVariables, void>) {
  return useSpaceMutation(deleteSpaceFile, config);
}
