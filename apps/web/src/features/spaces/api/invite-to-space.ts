import type { Role } from '@lumen/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

const spaceInvitationResultSchema = z.object({ emailSent: z.boolean(), message: z.string() });
export type SpaceInvitationResult = z.infer<typeof spaceInvitationResultSchema>;
export type InviteToSpaceVariables = { spaceId: string; email: string; role: Role };

/** POST /api/spaces/:id/invitations: space admins invite someone by mail; the invitation stays if the mail fails. */
export async function inviteToSpace({ spaceId, email, role }: InviteToSpaceVariables): Promise<SpaceInvitationResult> {
  const data = await api.post<unknown>(`/spaces/${encodeURIComponent(spaceId)}/invitations`, { email, role });
  return spaceInvitationResultSchema.parse(data);
}

export function useInviteToSpace(config?: SpaceMutationConfig<InviteToSpaceVariables, SpaceInvitationResult>) {
  return useSpaceMutation(inviteToSpace, config);
}
