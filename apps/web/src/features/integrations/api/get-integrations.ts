import { type Integration, integrationListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATIONS } from '@/config/ui';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { integrationKeys } from './keys';

/** GET /api/integrations: every provider as the signed-in user sees it (configured, connected, sync state, counts). */
export async function getIntegrations(): Promise<Integration[]> {
  return integrationListSchema.parse(await api.get<unknown>('/integrations')).integrations;
}

type IntegrationsQueryOptions = {
  /** A connection is being made in a popup: poll so the card turns connected as soon as the server says so. */
  isConnecting?: boolean;
};

export function getIntegrationsQueryOptions({ isConnecting = false }: IntegrationsQueryOptions = {}) {
  return queryOptions({
    queryKey: integrationKeys.list,
    queryFn: getIntegrations,
    // The dialog shows live state: read it afresh whenever the dialog opens.
    staleTime: 0,
    refetchInterval: (query) =>
      isConnecting || query.state.data?.some((integration) => integration.syncing) ? INTEGRATIONS.statusPollMs : false,
  });
}

type UseIntegrationsOptions = IntegrationsQueryOptions & {
  queryConfig?: QueryConfig<typeof getIntegrationsQueryOptions>;
};

export function useIntegrations({ queryConfig, ...options }: UseIntegrationsOptions = {}) {
  return useQuery({ ...getIntegrationsQueryOptions(options), ...queryConfig });
}
