import { type Space, spaceListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { spaceKeys } from './keys';

/** GET /api/spaces: the team's spaces the caller may view, newest first. */
export async function getSpaces(): Promise<Space[]> {
  return spaceListSchema.parse(await api.get<unknown>('/spaces')).spaces;
}

export function getSpacesQueryOptions() {
  return queryOptions({ queryKey: spaceKeys.list, queryFn: getSpaces });
}

type UseSpacesOptions = { queryConfig?: QueryConfig<typeof getSpacesQueryOptions> };

export function useSpaces({ queryConfig }: UseSpacesOptions = {}) {
  return useQuery({ ...getSpacesQueryOptions(), ...queryConfig });
}
