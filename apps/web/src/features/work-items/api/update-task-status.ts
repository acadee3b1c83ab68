import { type Task, type TaskStatus, taskSchema } from '@lumen/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TASKS_QUERY_KEY } from '@/lib/query-keys';

export type UpdateTaskStatusInput = { taskId: string; status: TaskStatus };

/** PATCH /api/teams/current/tasks/:id: the assignee (or a manager) ticks a task done or back to todo. */
export async function updateTaskStatus({ taskId, status }: UpdateTaskStatusInput): Promise<Task> {
  const data = await api.patch<unknown>(`/teams/current/tasks/${encodeURIComponent(taskId)}`, { status });
  return taskSchema.parse(data);
}

type Snapshot = Array<[QueryKey, Task[] | undefined]>;

type UseUpdateTaskStatusOptions = {
  /**
   * After the optimistic change was rolled back (the 'Could not update task' toast,
   * docs/product-rules.md#tasks-and-shared-files).
   */
  onError?: (error: Error) => void;
};

/**
 * Ticks optimistically: every cached task list shows the new status at once; on failure the lists go back to what
 * they were, and either way they refetch afterwards.
 */
export function useUpdateTaskStatus({ onError }: UseUpdateTaskStatusOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation<Task, Error, UpdateTaskStatusInput, { snapshot: Snapshot }>({
    mutationFn: updateTaskStatus,
    onMutate: async ({ taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: TASKS_QUERY_KEY });
      const snapshot = queryClient.getQueriesData<Task[]>({ queryKey: TASKS_QUERY_KEY });
      queryClient.setQueriesData<Task[]>({ queryKey: TASKS_QUERY_KEY }, (tasks) =>
        tasks?.map((task) => (task.id === taskId ? { ...task, status } : task)),
      );
      return { snapshot };
    },
    onError: (error, _input, context) => {
      for (const [queryKey, tasks] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, tasks);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY }),
  });
}
