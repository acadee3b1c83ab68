import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** DELETE /api/teams/current/members/:userId: managers remove a member (never themselves, never an admin). */
export async function removeMember(userId: string): Promise<void> {
  await api.delete<unknown>(`/teams/current/members/${encodeURIComponent(userId)}`);
}

export function useRemoveMember(
  config?: TeamMutationConfig<Parameters<typeof removeMember>[0], Awaited<ReturnType<typeof removeMember>>>,
) {
  return useTeamMutation(removeMember, config);
}
