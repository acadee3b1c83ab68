import { type IntegrationRequest, integrationRequestListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** GET /api/integration-requests/mine: the caller's own most recent requests, newest first, with the answers. */
export async function getOwnIntegrationRequests(): Promise<IntegrationRequest[]> {
  return integrationRequestListSchema.parse(await api.get<unknown>('/integration-requests/mine')).requests;
}

export function getOwnIntegrationRequestsQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.ownRequests, queryFn: getOwnIntegrationRequests });
}

export function useOwnIntegrationRequests({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getOwnIntegrationRequestsQueryOptions(), enabled: isEnabled });
}
