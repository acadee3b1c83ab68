import { type SpaceFile, spaceFileListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { spaceKeys } from './keys';

/** While any file is still being indexed, the list refetches this often (ms) to show its status change. */
export const INDEXING_REFETCH_INTERVAL_MS = 3000;

/** GET /api/spaces/:id/files: the space's files, newest first, with their indexing status. */
export async function getSpaceFiles(spaceId: string): Promise<SpaceFile[]> {
  return spaceFileListSchema.parse(await api.get<unknown>(`/spaces/${encodeURIComponent(spaceId)}/files`)).files;
}

/** True while a file waits for indexing or is being indexed (ready and failed are final). */
export function isIndexing(file: SpaceFile): boolean {
  return file.status === 'pending' || file.status === 'processing';
}

export function getSpaceFilesQueryOptions(spaceId: string) {
  return queryOptions({
    queryKey: spaceKeys.files(spaceId),
    queryFn: () => getSpaceFiles(spaceId),
    refetchInterval: (query) => (query.state.data?.some(isIndexing) ? INDEXING_REFETCH_INTERVAL_MS : false),
  });
}

type UseSpaceFilesOptions = { spaceId: string; queryConfig?: QueryConfig<typeof getSpaceFilesQueryOptions> };

export function useSpaceFiles({ spaceId, queryConfig }: UseSpaceFilesOptions) {
  return useQuery({ ...getSpaceFilesQueryOptions(spaceId), ...queryConfig });
}
