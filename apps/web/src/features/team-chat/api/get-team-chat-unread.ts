import { type TeamChatUnread, teamChatUnreadSchema } from '@lumen/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import { api } from '@/lib/api-client';
import { teamChatKeys } from './keys';

/** GET /api/team-chat/unread: the room's messages by others the reader has not seen, up to 99. */
export async function getTeamChatUnread(): Promise<TeamChatUnread> {
  return teamChatUnreadSchema.parse(await api.get<unknown>('/team-chat/unread'));
}

export function getTeamChatUnreadQueryOptions() {
  return queryOptions({ queryKey: teamChatKeys.unread, queryFn: getTeamChatUnread, retry: false });
}

/**
 * The unread count for the Team Chat links while the reader is elsewhere: read once, then again whenever a teammate's
 * message arrives over the realtime connection.
 */
export function useTeamChatUnread({ currentUserId, isEnabled }: { currentUserId: string | null; isEnabled: boolean }) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    const isFromOthers = event.type === 'team_message' && event.message.userId !== currentUserId;
    if (isEnabled && (isFromOthers || event.type === 'resync')) {
      void queryClient.invalidateQueries({ queryKey: teamChatKeys.unread });
    }
  });
  return useQuery({ ...getTeamChatUnreadQueryOptions(), enabled: isEnabled });
}
