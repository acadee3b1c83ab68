import {
  displayName,
  isUuid,
  SHARED_FILE_LIST_LIMIT,
  SHARED_FILE_PLATFORMS,
  type SharedFile,
  type SharedFileListQuery,
  type SharedFilePlatform,
  TASK_LIST_LIMIT,
  type Task,
  type TaskListQuery,
  type TaskPriority,
  type TaskStatus,
} from '@lumen/contract';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-user.ts';
import {
  canManageWorkItems,
  canRemoveSharedFile,
  canUpdateTask,
  type Membership,
  requireMembership,
  requireSpaceAccess,
} from '../access/index.ts';
import {
  deleteSharedFile,
  deleteTask,
  findActiveTeamMember,
  findSharedFile,
  findTask,
  insertSharedFile,
  insertTask,
  listSharedFiles,
  listTasks,
  type PersonRow,
  type SharedFileRow,
  type TaskRow,
  updateTaskStatus,
} from './work-items.repository.ts';

/** Shown when a profile is gone (docs/product-rules.md#messages-and-texts). */
const UNKNOWN_USER = 'Unknown User';

/** What services receive after the route's zod parse (defaults and transforms applied). */
export interface CreateTaskData {
  title: string;
  assignedTo: string;
  priority?: TaskPriority | undefined;
  dueDate: string | null;
}

export interface ShareFileData {
  title: string;
  url: string;
  platform: SharedFilePlatform | null;
  sharedWithUserId: string | null;
  spaceId: string | null;
}

function personName(row: PersonRow | null): string | null {
  return row ? displayName(row) : null;
}

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    assignedTo: row.assignedTo,
    assigneeName: personName(row.assignee) ?? UNKNOWN_USER,
    createdBy: row.createdBy,
    creatorName: personName(row.creator),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

function isPlatform(value: string | null): value is SharedFilePlatform {
  return value !== null && (SHARED_FILE_PLATFORMS as readonly string[]).includes(value);
}

function toSharedFile(row: SharedFileRow): SharedFile {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    platform: isPlatform(row.platform) ? row.platform : null,
    sharedWithUserId: row.sharedWithUserId,
    sharedWithName: personName(row.sharedWith),
    spaceId: row.spaceId,
    spaceName: row.spaceName,
    sharedBy: row.sharedBy,
    sharerName: personName(row.sharer),
    createdAt: row.createdAt.toISOString(),
  };
}

function assertWorkItemManager(membership: Membership): void {
  if (!canManageWorkItems(membership)) throw AppError.of('WORK_ITEM_MANAGERS_ONLY');
}

async function requireTeamMember(db: Database, teamId: string, userId: string): Promise<PersonRow> {
  const member = await findActiveTeamMember(db, teamId, userId);
  if (!member) throw AppError.of('MEMBER_NOT_FOUND');
  return member;
}

/** A task of the caller's team; another team's (or an unknown) id answers 404 before any permission check. */
async function requireTask(db: Database, teamId: string, taskId: string): Promise<TaskRow> {
  const task = isUuid(taskId) ? await findTask(db, teamId, taskId) : null;
  if (!task) throw AppError.of('TASK_NOT_FOUND');
  return task;
}

// ---- Tasks ----

/** A manager assigns a task to an active member of the team. */
export async function createTask(db: Database, actor: Actor, input: CreateTaskData): Promise<Task> {
  const membership = await requireMembership(db, actor.userId);
  assertWorkItemManager(membership);
  const { teamId } = membership;
  const assignee = await requireTeamMember(db, teamId, input.assignedTo);
  const created = await db.transaction(async (tx) => {
    const id = await insertTask(tx, {
      teamId,
      assignedTo: assignee.userId,
      title: input.title,
      priority: input.priority ?? null,
      dueDate: input.dueDate,
      createdBy: actor.userId,
    });
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'task_create',
      resourceType: 'task',
      resourceId: id,
      newValues: { title: input.title, assignedTo: assignee.userId, priority: input.priority ?? null },
      metadata: { target: input.title, assignee: personName(assignee) },
    });
    return findTask(tx, teamId, id);
  });
  if (!created) throw new Error('task not readable after insert');
  return toTask(created);
}

/** 'me': the caller's tasks (everyone); 'all': every task of the team (managers only). */
export async function getTasks(db: Database, userId: string, query: TaskListQuery): Promise<{ tasks: Task[] }> {
  const membership = await requireMembership(db, userId);
  if (query.assignedTo === 'all') assertWorkItemManager(membership);
  const rows = await listTasks(db, membership.teamId, {
    assignedTo: query.assignedTo === 'me' ? userId : null,
    limit: TASK_LIST_LIMIT,
  });
  return { tasks: rows.map(toTask) };
}

/** Ticks a task done (or back to todo): its assignee or a manager. */
export async function setTaskStatus(db: Database, actor: Actor, taskId: string, status: TaskStatus): Promise<Task> {
  const membership = await requireMembership(db, actor.userId);
  const { teamId } = membership;
  const task = await requireTask(db, teamId, taskId);
  if (!canUpdateTask(membership, actor.userId, task)) {
    throw AppError.of('TASK_UPDATE_FORBIDDEN');
  }
  const updated = await db.transaction(async (tx) => {
    if (!(await updateTaskStatus(tx, teamId, taskId, status))) return null;
    if (status === 'done' && task.status !== 'done') {
      await writeAuditEntry(tx, actor, {
        teamId,
        action: 'task_complete',
        resourceType: 'task',
        resourceId: taskId,
        oldValues: { status: task.status },
        newValues: { status },
        metadata: { target: task.title },
      });
    }
    return findTask(tx, teamId, taskId);
  });
  if (!updated) throw AppError.of('TASK_NOT_FOUND');
  return toTask(updated);
}

export async function removeTask(db: Database, userId: string, taskId: string): Promise<void> {
  const membership = await requireMembership(db, userId);
  await requireTask(db, membership.teamId, taskId);
  assertWorkItemManager(membership);
  if (!(await deleteTask(db, membership.teamId, taskId))) {
    throw AppError.of('TASK_NOT_FOUND');
  }
}

// ---- Shared files ----

/** A manager shares a link with the whole team, one active member, or a space of the team. */
export async function shareFile(db: Database, actor: Actor, input: ShareFileData): Promise<SharedFile> {
  const membership = await requireMembership(db, actor.userId);
  assertWorkItemManager(membership);
  const { teamId } = membership;
  if (input.sharedWithUserId) await requireTeamMember(db, teamId, input.sharedWithUserId);
  // A share with a space reaches its members: only into a space the sharer may see (a private space's non-member
  // gets 'Space not found', as everywhere else).
  if (input.spaceId) await requireSpaceAccess(db, actor.userId, { id: input.spaceId });
  const created = await db.transaction(async (tx) => {
    const id = await insertSharedFile(tx, {
      teamId,
      title: input.title,
      url: input.url,
      platform: input.platform,
      sharedWithUserId: input.sharedWithUserId,
      spaceId: input.spaceId,
      sharedBy: actor.userId,
    });
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'file_share',
      resourceType: 'shared_file',
      resourceId: id,
      newValues: {
        title: input.title,
        url: input.url,
        platform: input.platform,
        sharedWithUserId: input.sharedWithUserId,
        spaceId: input.spaceId,
      },
      metadata: { target: input.title },
    });
    return findSharedFile(tx, teamId, id);
  });
  if (!created) throw new Error('shared file not readable after insert');
  return toSharedFile(created);
}

/** Shares the caller may see, newest first; managers may ask for every share of the team with `scope=all`. */
export async function getSharedFiles(
  db: Database,
  userId: string,
  query: SharedFileListQuery,
): Promise<{ files: SharedFile[] }> {
  const membership = await requireMembership(db, userId);
  if (query.scope === 'all') assertWorkItemManager(membership);
  const rows = await listSharedFiles(db, membership.teamId, {
    visibleTo: query.scope === 'all' ? null : userId,
    limit: SHARED_FILE_LIST_LIMIT,
  });
  return { files: rows.map(toSharedFile) };
}

/** The sharer or a team admin removes a share; another team's id answers 404. */
export async function removeSharedFile(db: Database, userId: string, fileId: string): Promise<void> {
  const membership = await requireMembership(db, userId);
  const file = isUuid(fileId) ? await findSharedFile(db, membership.teamId, fileId) : null;
  if (!file) throw AppError.of('SHARED_FILE_NOT_FOUND');
  if (!canRemoveSharedFile(membership, userId, file)) {
    throw AppError.of('SHARED_FILE_DELETE_FORBIDDEN');
  }
  if (!(await deleteSharedFile(db, membership.teamId, fileId))) {
    throw AppError.of('SHARED_FILE_NOT_FOUND');
  }
}
