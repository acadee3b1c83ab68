import { z } from 'zod';

/** The exact texts of the task and shared-file toasts (docs/product-rules.md#tasks-and-shared-files). */
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
/** Highest first; a task without a priority sorts as medium (docs/product-rules.md#tasks-and-shared-files). */
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
export type SharedFilePlatform = (typeof SHARED_FILE_PLATFORMS)[number];

/**
 * Server answers of the task and shared-file endpoints that have no fixed wording
 * (docs/product-rules.md#messages-and-texts).
 */
export const WORK_ITEM_ERRORS = {
  urlInvalid: 'Please enter a valid URL',
  memberNotFound: 'Team member not found',
  spaceNotFound: 'Space not found',
  taskNotFound: 'Task not found',
  sharedFileNotFound: 'Shared file not found',
  assigneeRequired: 'Please choose a team member',
  invalidPriority: 'Invalid priority',
  invalidStatus: 'Invalid status',
  invalidDueDate: 'Please enter a valid date (YYYY-MM-DD)',
  invalidPlatform: 'Invalid platform',
  memberOrSpace: 'Share with a team member or a space, not both',
  managersOnly: 'Access Denied: Only admins and team leads can manage tasks and shared files',
  taskUpdateForbidden: 'Only the assignee or a team manager can update this task',
  sharedFileDeleteForbidden: 'Only the person who shared this file or an admin can remove it',
} as const;

export const TASK_TITLE_MAX = 200;
export const SHARED_FILE_TITLE_MAX = 200;
export const SHARED_FILE_URL_MAX = 2000;
/** The newest shares a list returns. */
export const SHARED_FILE_LIST_LIMIT = 100;
/** A guard on the task list's size; a team's open tasks stay far below it. */
export const TASK_LIST_LIMIT = 500;

const requiredTitle = (max: number) =>
  z
    .string({ error: WORK_ITEM_MESSAGES.titleRequired })
    .trim()
    .min(1, WORK_ITEM_MESSAGES.titleRequired)
    .max(max, `Title must be at most ${max} characters`);

/** An optional reference that a form may send as '' or null when nothing is chosen. */
const optionalId = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

export const createTaskSchema = z.object({
  title: requiredTitle(TASK_TITLE_MAX),
  assignedTo: z
    .string({ error: WORK_ITEM_ERRORS.assigneeRequired })
    .trim()
    .min(1, WORK_ITEM_ERRORS.assigneeRequired)
    .max(200),
  priority: z.enum(TASK_PRIORITIES, { error: WORK_ITEM_ERRORS.invalidPriority }).optional(),
  dueDate: z.iso
    .date({ error: WORK_ITEM_ERRORS.invalidDueDate })
    .nullish()
    .transform((value) => value ?? null),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

export const updateTaskStatusSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: WORK_ITEM_ERRORS.invalidStatus }),
});
export type UpdateTaskStatusInput = z.infer<typeof updateTaskStatusSchema>;

/** 'me' (everyone, the default): the caller's own tasks; 'all' (managers): every task of the team. */
export const taskListQuerySchema = z.object({
  assignedTo: z.enum(['me', 'all'], { error: "assignedTo must be 'me' or 'all'" }).default('me'),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  /** Null when none was given; it sorts as medium. */
  priority: z.enum(TASK_PRIORITIES).nullable(),
  /** YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  assignedTo: z.string(),
  assigneeName: z.string(),
  /** Null when the creator's account is gone. */
  createdBy: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({ tasks: z.array(taskSchema) });
export type TaskList = z.infer<typeof taskListSchema>;

const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

/**
 * Sort position of a priority: urgent first, low last, none as medium (docs/product-rules.md#tasks-and-shared-files).
 */
export function taskPriorityRank(priority: TaskPriority | null | undefined): number {
  return PRIORITY_RANK[priority ?? DEFAULT_TASK_PRIORITY];
}

/**
 * The task lists' order: priority (urgent > high > medium > low, none as medium), then due date ascending with
 * undated tasks last, then newest first; the same as a stable priority sort of the server's order.
 */
export function compareTasks(
  a: Pick<Task, 'priority' | 'dueDate' | 'createdAt'>,
  b: Pick<Task, 'priority' | 'dueDate' | 'createdAt'>,
): number {
  const byPriority = taskPriorityRank(a.priority) - taskPriorityRank(b.priority);
  if (byPriority !== 0) return byPriority;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  const aCreated = Date.parse(a.createdAt);
  const bCreated = Date.parse(b.createdAt);
  return aCreated === bCreated ? 0 : aCreated > bCreated ? -1 : 1;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const shareFileSchema = z
  .object({
    title: requiredTitle(SHARED_FILE_TITLE_MAX),
    url: z
      .string({ error: WORK_ITEM_MESSAGES.urlRequired })
      .trim()
      .min(1, WORK_ITEM_MESSAGES.urlRequired)
      .max(SHARED_FILE_URL_MAX, `URL must be at most ${SHARED_FILE_URL_MAX} characters`)
      .refine(isWebUrl, WORK_ITEM_ERRORS.urlInvalid),
    platform: z
      .enum(SHARED_FILE_PLATFORMS, { error: WORK_ITEM_ERRORS.invalidPlatform })
      .nullish()
      .transform((value) => value ?? null),
    /** A member of the team; with neither this nor `spaceId` the whole team sees the file. */
    sharedWithUserId: optionalId,
    spaceId: optionalId,
  })
  .refine((input) => !(input.sharedWithUserId && input.spaceId), {
    message: WORK_ITEM_ERRORS.memberOrSpace,
    path: ['spaceId'],
  });
export type ShareFileInput = z.input<typeof shareFileSchema>;

/** Managers add `scope=all` to see every share of the team, not only those meant for them. */
export const sharedFileListQuerySchema = z.object({
  scope: z.enum(['mine', 'all'], { error: "scope must be 'mine' or 'all'" }).default('mine'),
});
export type SharedFileListQuery = z.infer<typeof sharedFileListQuerySchema>;

export const sharedFileSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  platform: z.enum(SHARED_FILE_PLATFORMS).nullable(),
  /** Null for a share with the whole team or a space. */
  sharedWithUserId: z.string().nullable(),
  sharedWithName: z.string().nullable(),
  spaceId: z.string().nullable(),
  spaceName: z.string().nullable(),
  /** Null when the sharer's account is gone. */
  sharedBy: z.string().nullable(),
  sharerName: z.string().nullable(),
  createdAt: z.string(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

export const sharedFileListSchema = z.object({ files: z.array(sharedFileSchema) });
export type SharedFileList = z.infer<typeof sharedFileListSchema>;
