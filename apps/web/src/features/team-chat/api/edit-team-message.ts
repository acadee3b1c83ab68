import { type TeamMessage, teamMessageSchema } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /api/team-chat/messages/:id: the author's new text. */
export async function editTeamMessage({ id, content }: { id: string; content: string }): Promise<TeamMessage> {
  return teamMessageSchema.parse(
    await api.patch<unknown>(`/team-chat/messages/${encodeURIComponent(id)}`, { content }),
  );
}

export function useEditTeamMessage() {
  return useMutation({ mutationFn: editTeamMessage });
}
