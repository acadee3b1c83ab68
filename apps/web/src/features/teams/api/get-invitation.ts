import { type PublicInvitation, publicInvitationSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKey } from './keys';

/** GET /api/invitations/:id (no sign-in needed): what the acceptance page shows. 404 when there is no such id. */
export async function getInvitation(id: string): Promise<PublicInvitation> {
  return publicInvitationSchema.parse(await api.get<unknown>(`/invitations/${encodeURIComponent(id)}`));
}

export function getInvitationQueryOptions(id: string) {
  return queryOptions({ queryKey: invitationKey(id), queryFn: () => getInvitation(id), enabled: id !== '' });
}

export function useInvitation(id: string) {
  return useQuery(getInvitationQueryOptions(id));
}
