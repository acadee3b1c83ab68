import {
  type IntegrationRequestList,
  type IntegrationRequestStatus,
  integrationRequestListSchema,
} from '@lumen/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** GET /api/integration-requests: the team's requests, newest first, a page at a time (team admins). */
export async function getTeamIntegrationRequests({
  status,
  cursor,
}: {
  status: IntegrationRequestStatus | null;
  cursor: string | null;
}): Promise<IntegrationRequestList> {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return integrationRequestListSchema.parse(await api.get<unknown>(`/integration-requests${query}`));
}

export function getTeamIntegrationRequestsQueryOptions(status: IntegrationRequestStatus | null) {
  return infiniteQueryOptions({
    queryKey: integrationKeys.teamRequests(status),
    queryFn: ({ pageParam }) => getTeamIntegrationRequests({ status, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The first page of the team's requests (of one status, or all); `fetchNextPage` loads more. */
export function useTeamIntegrationRequests(status: IntegrationRequestStatus | null) {
  return useInfiniteQuery(getTeamIntegrationRequestsQueryOptions(status));
}
