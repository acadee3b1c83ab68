import { type CreateTaskInput, type Task, taskSchema } from '@lumen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TASKS_QUERY_KEY } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** POST /api/teams/current/tasks: a manager assigns a task to a member of the team. */
export async function createTask(input: CreateTaskInput): Promise<Task> {
  return taskSchema.parse(await api.post<unknown>('/teams/current/tasks', input));
}

export function useCreateTask(config: Omit<MutationConfig<typeof createTask>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn: createTask,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
