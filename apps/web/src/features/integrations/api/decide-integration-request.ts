import { type IntegrationRequest, type IntegrationRequestStatus, integrationRequestSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { INTEGRATION_REQUESTS_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

export type DecideIntegrationRequestInput = { id: string; status: IntegrationRequestStatus };

/** PATCH /api/integration-requests/:id: a team admin marks a request planned or declined, or opens it again. */
export async function decideIntegrationRequest({
  id,
  status,
}: DecideIntegrationRequestInput): Promise<IntegrationRequest> {
  return integrationRequestSchema.parse(
    await api.patch<unknown>(`/integration-requests/${encodeURIComponent(id)}`, { status }),
  );
}

export function useDecideIntegrationRequest(
  config?: InvalidatingMutationConfig<DecideIntegrationRequestInput, IntegrationRequest>,
) {
  return useInvalidatingMutation([INTEGRATION_REQUESTS_QUERY_KEY], decideIntegrationRequest, config);
}
