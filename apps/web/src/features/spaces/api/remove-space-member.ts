import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type RemoveSpaceMemberVariables = { spaceId: string; userId: string };

/** DELETE /api/spaces/:id/members/:userId: space admins remove a member (not themselves). */
export async function removeSpaceMember({ spaceId, userId }: RemoveSpaceMemberVariables): Promise<void> {
  await api.delete<unknown>(`/spaces/${encodeURIComponent(spaceId)}/members/${encodeURIComponent(userId)}`);
}

export function useRemoveSpaceMember(config?: SpaceMutationConfig<RemoveSpaceMemberVariables, void>) {
  return useSpaceMutation(removeSpaceMember, config);
}
