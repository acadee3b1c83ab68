import { type SharedFile, sharedFileListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { type SharedFileScope, WORK_ITEMS_REFETCH_INTERVAL_MS, workItemKeys } from './keys';

/**
 * GET /api/teams/current/shared-files: 'mine', the links shared with the whole team or with the caller; 'all'
 * (managers), every share of the team. Newest first, at most 100.
 */
export async function getSharedFiles(scope: SharedFileScope): Promise<SharedFile[]> {
  return sharedFileListSchema.parse(await api.get<unknown>(`/teams/current/shared-files?scope=${scope}`)).files;
}

export function getSharedFilesQueryOptions(scope: SharedFileScope) {
  return queryOptions({
    queryKey: workItemKeys.sharedFiles(scope),
    queryFn: () => getSharedFiles(scope),
    refetchInterval: WORK_ITEMS_REFETCH_INTERVAL_MS,
  });
}

type UseSharedFilesOptions = {
  scope: SharedFileScope;
  queryConfig?: QueryConfig<typeof getSharedFilesQueryOptions>;
};

export function useSharedFiles({ scope, queryConfig }: UseSharedFilesOptions) {
  return useQuery({ ...getSharedFilesQueryOptions(scope), ...queryConfig });
}
