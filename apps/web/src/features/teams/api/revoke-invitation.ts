import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** DELETE /api/teams/current/invitations/:id: withdraws a pending invitation (managers). */
export async function revokeInvitation(invitationId: string): Promise<void> {
  await api.delete<unknown>(`/teams/current/invitations/${encodeURIComponent(invitationId)}`);
}

export function useRevokeInvitation(
  config?: TeamMutationConfig<Parameters<typeof revokeInvitation>[0], Awaited<ReturnType<typeof revokeInvitation>>>,
) {
  return useTeamMutation(revokeInvitation, config);
}
