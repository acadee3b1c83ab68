import { type Role, type SpaceMember, spaceMemberListSchema } from '@lumen/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export const spaceMembersChangeSchema = spaceMemberListSchema.extend({ message: z.string() });
export type SpaceMembersChange = { members: SpaceMember[]; message: string };
export type AddSpaceMemberVariables = { spaceId: string; userId: string; role?: Role };

/** POST /api/spaces/:id/members: space admins add a team member (viewer unless told otherwise). */
export async function addSpaceMember({ spaceId, userId, role }: AddSpaceMemberVariables): Promise<SpaceMembersChange> {
  const data = await api.post<unknown>(`/spaces/${encodeURIComponent(spaceId)}/members`, { userId, role });
  return spaceMembersChangeSchema.parse(data);
}

export function useAddSpaceMember(config?: SpaceMutationConfig<AddSpaceMemberVariables, SpaceMembersChange>) {
  return useSpaceMutation(addSpaceMember, config);
}
