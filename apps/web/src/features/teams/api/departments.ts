import { type Department, departmentSchema } from '@lumen/contract';
import { api } from '@/lib/api-client';
import { type TeamMutationConfig, useTeamMutation } from './use-team-mutation';

/** POST /api/teams/current/departments (managers). */
export async function createDepartment(name: string): Promise<Department> {
  return departmentSchema.parse(await api.post<unknown>('/teams/current/departments', { name }));
}

/** PATCH /api/teams/current/departments/:id (managers). */
export async function renameDepartment({ id, name }: { id: string; name: string }): Promise<Department> {
  return departmentSchema.parse(
    await api.patch<unknown>(`/teams/current/departments/${encodeURIComponent(id)}`, { name }),
  );
}

/** DELETE /api/teams/current/departments/:id (managers); its members keep no department. */
export async function deleteDepartment(id: string): Promise<void> {
  await api.delete<unknown>(`/teams/current/departments/${encodeURIComponent(id)}`);
}

export function useCreateDepartment(config?: TeamMutationConfig<string, Department>) {
  return useTeamMutation(createDepartment, config);
}

export function useRenameDepartment(config?: TeamMutationConfig<{ id: string; name: string }, Department>) {
  return useTeamMutation(renameDepartment, config);
}

export function useDeleteDepartment(config?: TeamMutationConfig<string, void>) {
  return useTeamMutation(deleteDepartment, config);
}
