import { SPACES_QUERY_KEY } from '@/lib/query-keys';

/** Query keys of the spaces; every space mutation invalidates SPACES_QUERY_KEY so lists, details and members refresh. */
export const spaceKeys = {
  list: [...SPACES_QUERY_KEY, 'list'] as const,
  detail: (spaceId: string) => [...SPACES_QUERY_KEY, 'detail', spaceId] as const,
  bySlug: (slug: string) => [...SPACES_QUERY_KEY, 'by-slug', slug] as const,
  members: (spaceId: string) => [...SPACES_QUERY_KEY, 'members', spaceId] as const,
  files: (spaceId: string) => [...SPACES_QUERY_KEY, 'files', spaceId] as const,
};
