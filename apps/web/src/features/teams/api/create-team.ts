import { type CreateTeamInput, type CreateTeamResponse, createTeamResponseSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** POST /api/teams: creates the team; the caller becomes its admin. */
export async function createTeam(input: CreateTeamInput): Promise<CreateTeamResponse> {
  return createTeamResponseSchema.parse(await api.post<unknown>('/teams', input));
}

export function useCreateTeam(
  config?: TeamMutationConfig<Parameters<typeof createTeam>[0], Awaited<ReturnType<typeof createTeam>>>,
) {
  return useTeamMutation(createTeam, config);
}
