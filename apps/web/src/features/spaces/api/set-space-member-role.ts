import type { Role } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type SpaceMembersChange, spaceMembersChangeSchema } from './add-space-member';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type SetSpaceMemberRoleVariables = { spaceId: string; userId: string; role: Role };

/** PUT /api/spaces/:id/members/:userId/role: space admins set a role, creating the assignment when there is none. */
export async function setSpaceMemberRole({
  spaceId,
  userId,
  role,
}: SetSpaceMemberRoleVariables): Promise<SpaceMembersChange> {
  const data = await api.put<unknown>(
    `/spaces/${encodeURIComponent(spaceId)}/members/${encodeURIComponent(userId)}/role`,
    { role },
  );
  return spaceMembersChangeSchema.parse(data);
}

export function useSetSpaceMemberRole(config?: SpaceMutationConfig<SetSpaceMemberRoleVariables, SpaceMembersChange>) {
  return useSpaceMutation(setSpaceMemberRole, config);
}
