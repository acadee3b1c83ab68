import type { TeamChatUnread } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { teamChatKeys } from './keys';

/** PUT /api/team-chat/read (204): the reader has seen the room up to this message. */
export async function markTeamChatRead(seq: number): Promise<void> {
  await api.put<unknown>('/team-chat/read', { seq });
}

/** Records the read position and clears the unread count at once (the server only moves it forward). */
export function useMarkTeamChatRead(): (seq: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (seq: number) => {
      queryClient.setQueryData<TeamChatUnread>(teamChatKeys.unread, (previous) => ({
        count: 0,
        isCapped: false,
        lastReadSeq: Math.max(previous?.lastReadSeq ?? 0, seq),
      }));
      markTeamChatRead(seq).catch(() => undefined);
    },
    [queryClient],
  );
}
