import { type AcceptInvitationResponse, acceptInvitationResponseSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** POST /api/invitations/:id/accept: joins the team (the signed-in email must be the invited one). */
export async function acceptInvitation(invitationId: string): Promise<AcceptInvitationResponse> {
  const data = await api.post<unknown>(`/invitations/${encodeURIComponent(invitationId)}/accept`);
  return acceptInvitationResponseSchema.parse(data);
}

export function useAcceptInvitation(config?: TeamMutationConfig<string, AcceptInvitationResponse>) {
  return useTeamMutation(acceptInvitation, config);
}
