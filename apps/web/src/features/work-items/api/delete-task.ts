import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TASKS_QUERY_KEY } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** DELETE /api/teams/current/tasks/:id: managers remove a task. */
export async function deleteTask(taskId: string): Promise<void> {
  await api.delete<unknown>(`/teams/current/tasks/${encodeURIComponent(taskId)}`);
}

export function useDeleteTask(config: Omit<MutationConfig<typeof deleteTask>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = config;
  return useMutation({
    ...restConfig,
    mutationFn: deleteTask,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
