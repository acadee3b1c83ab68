import { type SpaceAskResponse, spaceAskResponseSchema } from '@lumen/contract';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AskSpaceVariables = { spaceId: string; query: string };

/** POST /api/spaces/:id/ask: the assistant answers from the space's files only, citing them as [n]. */
export async function askSpace({ spaceId, query }: AskSpaceVariables): Promise<SpaceAskResponse> {
  return spaceAskResponseSchema.parse(await api.post<unknown>(`/spaces/${encodeURIComponent(spaceId)}/ask`, { query }));
}

/** Asking changes nothing on the server, so no query is invalidated. */
export function useAskSpace(
  config: Omit<UseMutationOptions<SpaceAskResponse, Error, AskSpaceVariables>, 'mutationFn'> = {},
) {
  return useMutation({ ...config, mutationFn: askSpace });
}
