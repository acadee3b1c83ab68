import { type Space, spaceSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { spaceKeys } from './keys';

/** GET /api/spaces/by-slug/:slug: the space of a /spaces/{spaceName} URL (404 when there is none). */
export async function getSpaceBySlug(slug: string): Promise<Space> {
  return spaceSchema.parse(await api.get<unknown>(`/spaces/by-slug/${encodeURIComponent(slug)}`));
}

export function getSpaceBySlugQueryOptions(slug: string) {
  // The server matches slugs case-insensitively; one cache entry per spelling is enough.
  const normalizedSlug = slug.toLowerCase();
  return queryOptions({ queryKey: spaceKeys.bySlug(normalizedSlug), queryFn: () => getSpaceBySlug(normalizedSlug) });
}

type UseSpaceBySlugOptions = { slug: string; queryConfig?: QueryConfig<typeof getSpaceBySlugQueryOptions> };

export function useSpaceBySlug({ slug, queryConfig }: UseSpaceBySlugOptions) {
  return useQuery({ ...getSpaceBySlugQueryOptions(slug), ...queryConfig });
}
