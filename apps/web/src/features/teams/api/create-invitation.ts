import {
  type CreateInvitationInput,
  type CreateInvitationResponse,
  createInvitationResponseSchema,
} from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/**
 * POST /api/teams/current/invitations: creates the invitation and mails its link. `emailSent` is false (and the
 * message says so) when the mail failed; the invitation is kept.
 */
export async function createInvitation(input: CreateInvitationInput): Promise<CreateInvitationResponse> {
  return createInvitationResponseSchema.parse(await api.post<unknown>('/teams/current/invitations', input));
}

export function useCreateInvitation(
  config?: TeamMutationConfig<Parameters<typeof createInvitation>[0], Awaited<ReturnType<typeof createInvitation>>>,
) {
  return useTeamMutation(createInvitation, config);
}
