import { type Invitation, invitationListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { teamKeys } from './keys';

/** GET /api/teams/current/invitations: the team's pending invitations (managers only). */
export async function getInvitations(): Promise<Invitation[]> {
  return invitationListSchema.parse(await api.get<unknown>('/teams/current/invitations')).invitations;
}

export function getInvitationsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.invitations, queryFn: getInvitations });
}

type UseInvitationsOptions = { queryConfig?: QueryConfig<typeof getInvitationsQueryOptions> };

export function useInvitations({ queryConfig }: UseInvitationsOptions = {}) {
  return useQuery({ ...getInvitationsQueryOptions(), ...queryConfig });
}
