import { type TeamPresence, teamPresenceSchema } from '@lumen/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import { api } from '@/lib/api-client';
import { teamChatKeys } from './keys';

/** GET /api/team-chat/presence: the team's members with the app open now, each once. */
export async function getTeamPresence(): Promise<TeamPresence> {
  return teamPresenceSchema.parse(await api.get<unknown>('/team-chat/presence'));
}

export function getTeamPresenceQueryOptions() {
  return queryOptions({ queryKey: teamChatKeys.presence, queryFn: getTeamPresence });
}

/** Who is online: read once, then kept current by the `presence` events the server pushes to the team. */
export function useTeamPresence() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === 'presence')
      queryClient.setQueryData<TeamPresence>(teamChatKeys.presence, { online: event.online });
    else if (event.type === 'resync') void queryClient.invalidateQueries({ queryKey: teamChatKeys.presence });
  });
  return useQuery(getTeamPresenceQueryOptions());
}
