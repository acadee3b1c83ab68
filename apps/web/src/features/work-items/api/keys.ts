import { SHARED_FILES_QUERY_KEY, TASKS_QUERY_KEY } from '@/lib/query-keys';

/**
 * The task and shared-file lists refetch this often while the page is visible (TanStack Query pauses intervals in
 * background tabs); the WebSocket's "changed" notices (app/realtime) refresh them at once.
 */
export const WORK_ITEMS_REFETCH_INTERVAL_MS = 30_000;

export type TaskScope = 'me' | 'all';
export type SharedFileScope = 'mine' | 'all';

export const workItemKeys = {
  tasks: (scope: TaskScope) => [...TASKS_QUERY_KEY, scope] as const,
  sharedFiles: (scope: SharedFileScope) => [...SHARED_FILES_QUERY_KEY, scope] as const,
};
