/**
 * The task and shared-file lists refetch this often while the page is visible (TanStack Query pauses intervals in
 * background tabs); the WebSocket's "changed" notices (app/realtime) refresh them at once.
 */
export const WORK_ITEMS_REFETCH_INTERVAL_MS = 30_000;

export type TaskScope = 'me' | 'all';
export type SharedFileScope = 'mine' | 'all';

const WORK_ITEMS_QUERY_KEY = ['work-items'] as const;
export const TASKS_QUERY_KEY = [...WORK_ITEMS_QUERY_KEY, 'tasks'] as const;
export const SHARED_FILES_QUERY_KEY = [...WORK_ITEMS_QUERY_KEY, 'shared-files'] as const;

export const workItemKeys = {
  tasks: (scope: TaskScope) => [...TASKS_QUERY_KEY, scope] as const,
  sharedFiles: (scope: SharedFileScope) => [...SHARED_FILES_QUERY_KEY, scope] as const,
};
