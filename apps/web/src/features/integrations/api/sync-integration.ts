import type { ConnectorProvider } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { INTEGRATIONS_QUERY_KEY } from '@/lib/query-keys';
import { type InvalidatingMutationConfig, useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { integrationPath } from './keys';

/** POST /api/integrations/:provider/sync (202): starts a sync of the caller's connection now. */
export async function syncIntegration(provider: ConnectorProvider): Promise<void> {
  await api.post<unknown>(integrationPath(provider, 'sync'));
}

export function useSyncIntegration(config?: InvalidatingMutationConfig<ConnectorProvider, void>) {
  return useInvalidatingMutation([INTEGRATIONS_QUERY_KEY], syncIntegration, config);
}
