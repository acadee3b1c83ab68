import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/team-chat/messages/:id (204): the author's own message, or any as a team admin. */
export async function deleteTeamMessage(id: string): Promise<void> {
  await api.delete<unknown>(`/team-chat/messages/${encodeURIComponent(id)}`);
}

export function useDeleteTeamMessage() {
  return useMutation({ mutationFn: deleteTeamMessage });
}
