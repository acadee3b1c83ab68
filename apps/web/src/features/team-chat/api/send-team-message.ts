import { type SendTeamMessageInput, type TeamMessage, teamMessageSchema } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/team-chat/messages (201): the stored message, also pushed to every member's screen. */
export async function sendTeamMessage(input: SendTeamMessageInput): Promise<TeamMessage> {
  return teamMessageSchema.parse(await api.post<unknown>('/team-chat/messages', input));
}

export function useSendTeamMessage() {
  return useMutation({ mutationFn: sendTeamMessage });
}
