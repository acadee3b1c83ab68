import { type Task, taskListSchema } from '@lumen/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { type TaskScope, WORK_ITEMS_REFETCH_INTERVAL_MS, workItemKeys } from './keys';

/**
 * GET /api/teams/current/tasks: 'me', the caller's tasks; 'all' (managers), every task of the team. The server orders
 * them by due date then newest; lists sort them with compareTasks for the priority.
 */
export async function getTasks(scope: TaskScope): Promise<Task[]> {
  return taskListSchema.parse(await api.get<unknown>(`/teams/current/tasks?assignedTo=${scope}`)).tasks;
}

export function getTasksQueryOptions(scope: TaskScope) {
  return queryOptions({
    queryKey: workItemKeys.tasks(scope),
    queryFn: () => getTasks(scope),
    refetchInterval: WORK_ITEMS_REFETCH_INTERVAL_MS,
  });
}

type UseTasksOptions = { scope: TaskScope; queryConfig?: QueryConfig<typeof getTasksQueryOptions> };

export function useTasks({ scope, queryConfig }: UseTasksOptions) {
  return useQuery({ ...getTasksQueryOptions(scope), ...queryConfig });
}
