import { TEAM_QUERY_KEY } from '@/lib/query-keys';

/** Query keys of the team's data; every team mutation invalidates TEAM_QUERY_KEY (and the role) so screens refresh. */
export const teamKeys = {
  current: [...TEAM_QUERY_KEY, 'current'] as const,
  members: [...TEAM_QUERY_KEY, 'members'] as const,
  departments: [...TEAM_QUERY_KEY, 'departments'] as const,
  stats: [...TEAM_QUERY_KEY, 'stats'] as const,
  activity: (limit: number) => [...TEAM_QUERY_KEY, 'activity', limit] as const,
  invitations: [...TEAM_QUERY_KEY, 'invitations'] as const,
  search: (q: string) => [...TEAM_QUERY_KEY, 'search', q] as const,
};
export const invitationKey = (id: string) => ['invitation', id] as const;
