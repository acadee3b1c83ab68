import { type Space, spaceSchema, type UpdateSpaceInput } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type UpdateSpaceVariables = { spaceId: string; changes: UpdateSpaceInput };

/** PATCH /api/spaces/:id: space admins rename a space or change its description. */
export async function updateSpace({ spaceId, changes }: UpdateSpaceVariables): Promise<Space> {
  return spaceSchema.parse(await api.patch<unknown>(`/spaces/${encodeURIComponent(spaceId)}`, changes));
}

export function useUpdateSpace(config?: SpaceMutationConfig<UpdateSpaceVariables, Space>) {
  return useSpaceMutation(updateSpace, config);
}
