import { type TeamSearchResult, teamSearchResultSchema } from '@lumen/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /api/teams/current/search?q=: members, spaces and the caller's documents matching the text. */
export async function searchTeam(q: string, signal?: AbortSignal): Promise<TeamSearchResult> {
  const data = await api.get<unknown>(`/teams/current/search?${new URLSearchParams({ q })}`, { signal });
  return teamSearchResultSchema.parse(data);
}

export function getTeamSearchQueryOptions(q: string) {
  const trimmed = q.trim();
  return queryOptions({
    queryKey: teamKeys.search(trimmed),
    queryFn: ({ signal }) => searchTeam(trimmed, signal),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Searches as the (debounced) text changes; idle while it is blank. */
export function useTeamSearch(q: string) {
  return useQuery(getTeamSearchQueryOptions(q));
}
