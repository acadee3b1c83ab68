import { type SpaceFile, spaceFileSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type RenameSpaceFileVariables = { spaceId: string; fileId: string; filename: string };

/** PATCH /api/spaces/:id/files/:fileId: space admins and team leads rename a file. */
export async function renameSpaceFile({ spaceId, fileId, filename }: RenameSpaceFileVariables): Promise<SpaceFile> {
  const data = await api.patch<unknown>(`/spaces/${encodeURIComponent(spaceId)}/files/${encodeURIComponent(fileId)}`, {
    filename,
  });
  return spaceFileSchema.parse(data);
}

export function useRenameSpaceFile(config?: SpaceMutationConfig<RenameSpaceFileVariables, SpaceFile>) {
  return useSpaceMutation(renameSpaceFile, config);
}
