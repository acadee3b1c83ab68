import { type CreateIntegrationRequestData, type IntegrationRequest, integrationRequestSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { INTEGRATION_REQUESTS_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /api/integration-requests (201): asks the team's admins for a platform. */
export async function createIntegrationRequest(input: CreateIntegrationRequestData): Promise<IntegrationRequest> {
  return integrationRequestSchema.parse(await api.post<unknown>('/integration-requests', input));
}

export function useCreateIntegrationRequest(
  config?: InvalidatingMutationConfig<CreateIntegrationRequestData, IntegrationRequest>,
) {
  return useInvalidatingMutation([INTEGRATION_REQUESTS_QUERY_KEY], createIntegrationRequest, config);
}
