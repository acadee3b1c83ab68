import { type CreateSpaceInput, type Space, spaceSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

/** POST /api/spaces: team managers create a space and become its admin (409 when the name is taken). */
export async function createSpace(input: CreateSpaceInput): Promise<Space> {
  return spaceSchema.parse(await api.post<unknown>('/spaces', input));
}

export function useCreateSpace(config?: SpaceMutationConfig<CreateSpaceInput, Space>) {
  return useSpaceMutation(createSpace, config);
}
