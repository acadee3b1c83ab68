/** Query keys of the spaces; every space mutation invalidates SPACES_QUERY_KEY so lists, details and members refresh. */
export const SPACES_QUERY_KEY = ['spaces'] as const;
export const spaceKeys = {
  list: [...SPACES_QUERY_KEY, 'list'] as const,
  detail: (spaceId: string) => [...SPACES_QUERY_KEY, 'detail', spaceId] as const,
  bySlug: (slug: string) => [...SPACES_QUERY_KEY, 'by-slug', slug] as const,
  members: (spaceId: string) => [...SPACES_QUERY_KEY, 'members', spaceId] as const,
  files: (spaceId: string) => [...SPACES_QUERY_KEY, 'files', spaceId] as const,
};

/**
 * The teams feature's root query key: the team's figures (its space count, its activity) change with the spaces.
 * Repeated here because features do not import each other.
 */
export const TEAM_QUERY_KEY = ['team'] as const;
