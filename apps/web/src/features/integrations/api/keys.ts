import type { ConnectorProvider, IntegrationRequestStatus } from '@lumen/contract';
import { INTEGRATION_REQUESTS_QUERY_KEY, INTEGRATIONS_QUERY_KEY } from '@/lib/query-keys';

/** Query keys of the integrations; invalidating INTEGRATIONS_QUERY_KEY refreshes the list and the failed items. */
export const integrationKeys = {
  list: [...INTEGRATIONS_QUERY_KEY, 'list'] as const,
  failures: (provider: ConnectorProvider) => [...INTEGRATIONS_QUERY_KEY, 'failures', provider] as const,
  ownRequests: [...INTEGRATION_REQUESTS_QUERY_KEY, 'mine'] as const,
  teamRequests: (status: IntegrationRequestStatus | null) =>
    [...INTEGRATION_REQUESTS_QUERY_KEY, 'team', status ?? 'all'] as const,
};

/** The path of a provider's integration routes under /api. */
export function integrationPath(provider: ConnectorProvider, action: string): string {
  return `/integrations/${encodeURIComponent(provider)}/${action}`;
}
