import { type TeamMessagePage, type TeamMessagesQuery, teamMessagePageSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamChatKeys } from './keys';

/** GET /api/team-chat/messages: the newest page, the page before `before`, or what came after `after`. */
export async function getTeamMessages(query: TeamMessagesQuery = {}): Promise<TeamMessagePage> {
  const params = new URLSearchParams();
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  const search = params.size > 0 ? `?${params}` : '';
  return teamMessagePageSchema.parse(await api.get<unknown>(`/team-chat/messages${search}`));
}

/** The room as loaded so far; live events and older pages are merged into it (use-team-room.ts). */
export function getTeamRoomQueryOptions() {
  return queryOptions({
    queryKey: teamChatKeys.room,
    queryFn: () => getTeamMessages(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTeamRoomQuery() {
  return useQuery(getTeamRoomQueryOptions());
}
