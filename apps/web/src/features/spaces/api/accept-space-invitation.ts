import { type Space, spaceSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

/** POST /api/space-invitations/:token/accept: joins the space of an invitation link (404 when expired or invalid). */
export async function acceptSpaceInvitation(token: string): Promise<Space> {
  return spaceSchema.parse(await api.post<unknown>(`/space-invitations/${encodeURIComponent(token)}/accept`));
}

export function useAcceptSpaceInvitation(config?: SpaceMutationConfig<string, Space>) {
  return useSpaceMutation(acceptSpaceInvitation, config);
}
