import type { ConnectorProvider } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { INTEGRATIONS_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { integrationPath } from './keys';

/** POST /api/integrations/:provider/disconnect (204): removes the caller's connection and its tokens. */
export async function disconnectIntegration(provider: ConnectorProvider): Promise<void> {
  await api.post<unknown>(integrationPath(provider, 'disconnect'));
}

export function useDisconnectIntegration(config?: InvalidatingMutationConfig<ConnectorProvider, void>) {
  return useInvalidatingMutation([INTEGRATIONS_QUERY_KEY], disconnectIntegration, config);
}
