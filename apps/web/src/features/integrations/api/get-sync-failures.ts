import { type ConnectorProvider, type SyncFailureList, syncFailureListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { integrationKeys, integrationPath } from './keys';

export type SyncFailure = SyncFailureList['failures'][number];

/** GET /api/integrations/:provider/failures: the items the last sync could not read, with the reason. */
export async function getSyncFailures(provider: ConnectorProvider): Promise<SyncFailure[]> {
  return syncFailureListSchema.parse(await api.get<unknown>(integrationPath(provider, 'failures'))).failures;
}

export function getSyncFailuresQueryOptions(provider: ConnectorProvider) {
  return queryOptions({
    queryKey: integrationKeys.failures(provider),
    queryFn: () => getSyncFailures(provider),
  });
}

type UseSyncFailuresOptions = {
  provider: ConnectorProvider;
  queryConfig?: QueryConfig<typeof getSyncFailuresQueryOptions>;
};

export function useSyncFailures({ provider, queryConfig }: UseSyncFailuresOptions) {
  return useQuery({ ...getSyncFailuresQueryOptions(provider), ...queryConfig });
}
