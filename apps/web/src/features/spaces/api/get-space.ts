import { type Space, spaceSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { spaceKeys } from './keys';

/** GET /api/spaces/:id: one space with its counts, the caller's role and file permissions (404 when not visible). */
export async function getSpace(spaceId: string): Promise<Space> {
  return spaceSchema.parse(await api.get<unknown>(`/spaces/${encodeURIComponent(spaceId)}`));
}

export function getSpaceQueryOptions(spaceId: string) {
  return queryOptions({ queryKey: spaceKeys.detail(spaceId), queryFn: () => getSpace(spaceId) });
}

type UseSpaceOptions = { spaceId: string; queryConfig?: QueryConfig<typeof getSpaceQueryOptions> };

export function useSpace({ spaceId, queryConfig }: UseSpaceOptions) {
  return useQuery({ ...getSpaceQueryOptions(spaceId), ...queryConfig });
}
