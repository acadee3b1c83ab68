import { TEAM_CHAT_PAGE_SIZE, type TeamMessagePage } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvents, useRealtimeStatus } from '@/hooks/use-realtime-events';
import { getTeamMessages, useTeamRoomQuery } from '../api/get-team-messages';
import { teamChatKeys } from '../api/keys';
import { withDelta, withMessages, withoutMessage } from '../utils/room-state';

/**
 * The team room as this screen shows it: the last page loaded at once, messages pushed over the app's realtime
 * connection merged in as they come (sent, edited, deleted, an assistant answer growing as it is written), older pages on demand, and after a reconnect what came
 * while the socket was down (`after` the newest message held).
 */
export function useTeamRoom() {
  const queryClient = useQueryClient();
  const query = useTeamRoomQuery();
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);

  const update = useCallback(
    (change: (room: TeamMessagePage) => TeamMessagePage) =>
      queryClient.setQueryData<TeamMessagePage>(teamChatKeys.room, (room) => (room ? change(room) : room)),
    [queryClient],
  );

  // What was sent while this screen could not hear it: fetched a page at a time after the newest message held.
  const catchUp = useCallback(async () => {
    for (;;) {
      const room = queryClient.getQueryData<TeamMessagePage>(teamChatKeys.room);
      const newest = room?.messages.at(-1);
      if (!room || !newest) {
        void queryClient.invalidateQueries({ queryKey: teamChatKeys.room });
        return;
      }
      const missed = await getTeamMessages({ after: newest.seq }).catch(() => null);
      if (!missed || missed.messages.length === 0) return;
      update((current) => withMessages(current, missed.messages));
      if (missed.messages.length < TEAM_CHAT_PAGE_SIZE) return;
    }
  }, [queryClient, update]);

  useRealtimeEvents((event) => {
    if (
      event.type === 'team_message' ||
      event.type === 'team_message_edited' ||
      event.type === 'team_message_changed'
    ) {
      update((room) => withMessages(room, [event.message]));
    } else if (event.type === 'team_message_delta') {
      update((room) => withDelta(room, event));
    } else if (event.type === 'team_message_deleted') {
      update((room) => withoutMessage(room, event.id));
    } else if (event.type === 'resync') {
      // The server's own connection was lost: edits, deletions and answers finished meanwhile come with the page.
      void queryClient.invalidateQueries({ queryKey: teamChatKeys.room });
    }
  });

  // Back from a reconnect: fetch what was sent meanwhile.
  const status = useRealtimeStatus();
  const previousStatus = useRef(status);
  useEffect(() => {
    const wasDown = previousStatus.current !== null && previousStatus.current !== 'live';
    previousStatus.current = status;
    if (status === 'live' && wasDown) void catchUp();
  }, [status, catchUp]);

  const loadOlder = useCallback(async () => {
    const room = queryClient.getQueryData<TeamMessagePage>(teamChatKeys.room);
    const oldest = room?.messages[0];
    if (!room?.hasOlder || !oldest) return;
    setIsLoadingOlder(true);
    try {
      const older = await getTeamMessages({ before: oldest.seq });
      update((current) => ({ ...withMessages(current, older.messages), hasOlder: older.hasOlder }));
    } finally {
      setIsLoadingOlder(false);
    }
  }, [queryClient, update]);

  return { ...query, loadOlder, isLoadingOlder, update };
}
