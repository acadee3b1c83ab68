import { type Role, type TeamMember, updateMemberRoleResponseSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** PATCH /api/teams/current/members/:userId/role: admins assign roles. */
export async function updateMemberRole({
  userId,
  role,
}: {
  userId: string;
  role: Role;
}): Promise<{ member: TeamMember; message: string }> {
  const data = await api.patch<unknown>(`/teams/current/members/${encodeURIComponent(userId)}/role`, { role });
  return updateMemberRoleResponseSchema.parse(data);
}

export function useUpdateMemberRole(
  config?: TeamMutationConfig<Parameters<typeof updateMemberRole>[0], Awaited<ReturnType<typeof updateMemberRole>>>,
) {
  return useTeamMutation(updateMemberRole, config);
}
