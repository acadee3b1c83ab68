import { z } from 'zod';

/** The exact texts of the spec's task and shared-file toasts (spec 001 section 8). */
export const WORK_ITEM_MESSAGES = {
  fileShared: 'File shared successfully',
  shareFailed: 'Failed to share file',
  sharedFilesLoadFailed: 'Failed to load shared files',
  tasksLoadFailed: 'Failed to load tasks',
  taskUpdateFailed: 'Could not update task',
  titleRequired: 'Title is required',
  urlRequired: 'URL is required',
} as const;

export const TASK_STATUSES = ['todo', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Highest first; a task without a priority sorts as medium (spec 001 section 9). */
export const TASK_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';

export const SHARED_FILE_PLATFORMS = [
  'google-drive',
  'onedrive',
  'dropbox',
  'notion',
  'slack',
  'confluence',
  'other',
] as const;
