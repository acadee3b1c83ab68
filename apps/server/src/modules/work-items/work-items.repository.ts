import type { SharedFilePlatform, TaskPriority, TaskStatus } from '@lumen/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sharedFiles, spaces, tasks, teamEmployees, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { visibleSharedFilesCondition } from '../access/index.ts';

/** Every query below is scoped by the caller's team id, so another team's ids find nothing. */

export interface PersonRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface TaskRow {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority | null;
  dueDate: string | null;
  assignedTo: string;
  createdBy: string | null;
  createdAt: Date;
  completedAt: Date | null;
  assignee: PersonRow | null;
  creator: PersonRow | null;
}

export interface SharedFileRow {
  id: string;
  title: string;
  url: string;
  platform: string | null;
  sharedWithUserId: string | null;
  spaceId: string | null;
  spaceName: string | null;
  sharedBy: string | null;
  createdAt: Date;
  sharer: PersonRow | null;
  sharedWith: PersonRow | null;
}

const assignee = alias(user, 'assignee');
const creator = alias(user, 'creator');
const sharer = alias(user, 'sharer');
const recipient = alias(user, 'recipient');

/** An active member of the team with their name, or null when the user is not (or no longer) in it. */
export async function findActiveTeamMember(db: Database, teamId: string, userId: string): Promise<PersonRow | null> {
  const [row] = await db
    .select({ userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(teamEmployees)
    .innerJoin(user, eq(user.id, teamEmployees.userId))
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.userId, userId), eq(teamEmployees.status, 'active')))
    .limit(1);
  return row ?? null;
}

function selectTasks(db: Database) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      assignedTo: tasks.assignedTo,
      createdBy: tasks.createdBy,
      createdAt: tasks.createdAt,
      completedAt: tasks.completedAt,
      assignee: {
        userId: assignee.id,
        firstName: assignee.firstName,
        lastName: assignee.lastName,
        email: assignee.email,
      },
      creator: { userId: creator.id, firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .$dynamic();
}

/** The team's tasks (only `assignedTo`'s when given): due date ascending with undated ones last, then newest first. */
export async function listTasks(
  db: Database,
  teamId: string,
  options: { assignedTo: string | null; limit: number },
): Promise<TaskRow[]> {
  const conditions: SQL[] = [eq(tasks.teamId, teamId)];
  if (options.assignedTo) conditions.push(eq(tasks.assignedTo, options.assignedTo));
  return selectTasks(db)
    .where(and(...conditions))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, desc(tasks.createdAt), desc(tasks.id))
    .limit(options.limit);
}

export async function findTask(db: Database, teamId: string, taskId: string): Promise<TaskRow | null> {
  const [row] = await selectTasks(db)
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, taskId)))
    .limit(1);
  return row ?? null;
}

export async function insertTask(
  db: Database,
  values: {
    teamId: string;
    assignedTo: string;
    title: string;
    priority: TaskPriority | null;
    dueDate: string | null;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
  if (!row) throw new Error('task not created');
  return row.id;
}

/** Sets the status; `completed_at` is stamped when the task becomes done and cleared when it is reopened. */
export async function updateTaskStatus(
  db: Database,
  teamId: string,
  taskId: string,
  status: TaskStatus,
): Promise<boolean> {
  const updated = await db
    .update(tasks)
    .set({ status, completedAt: status === 'done' ? sql`coalesce(${tasks.completedAt}, now())` : null })
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

export async function deleteTask(db: Database, teamId: string, taskId: string): Promise<boolean> {
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  return deleted.length > 0;
}

function selectSharedFiles(db: Database) {
  return (
    db
      .select({
        id: sharedFiles.id,
        title: sharedFiles.title,
        url: sharedFiles.url,
        platform: sharedFiles.platform,
        sharedWithUserId: sharedFiles.sharedWithUserId,
        spaceId: sharedFiles.spaceId,
        spaceName: spaces.name,
        sharedBy: sharedFiles.sharedBy,
        createdAt: sharedFiles.createdAt,
        sharer: { userId: sharer.id, firstName: sharer.firstName, lastName: sharer.lastName, email: sharer.email },
        sharedWith: {
          userId: recipient.id,
          firstName: recipient.firstName,
          lastName: recipient.lastName,
          email: recipient.email,
        },
      })
      .from(sharedFiles)
      .leftJoin(sharer, eq(sharer.id, sharedFiles.sharedBy))
      .leftJoin(recipient, eq(recipient.id, sharedFiles.sharedWithUserId))
      // The space join is team-scoped too, so a row can never name another team's space.
      .leftJoin(spaces, and(eq(spaces.id, sharedFiles.spaceId), eq(spaces.teamId, sharedFiles.teamId)))
      .$dynamic()
  );
}

/**
 * Shares of the team a user may see: those with the whole team, with them, by them, and those with a space that is
 * public or that they belong to. With `visibleTo` null (a manager's `scope=all`), every share of the team.
 */
export async function listSharedFiles(
  db: Database,
  teamId: string,
  options: { visibleTo: string | null; limit: number },
): Promise<SharedFileRow[]> {
  const conditions: SQL[] = [eq(sharedFiles.teamId, teamId)];
  if (options.visibleTo) conditions.push(visibleSharedFilesCondition(options.visibleTo));
  return selectSharedFiles(db)
    .where(and(...conditions))
    .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id))
    .limit(options.limit);
}

export async function findSharedFile(db: Database, teamId: string, fileId: string): Promise<SharedFileRow | null> {
  const [row] = await selectSharedFiles(db)
    .where(and(eq(sharedFiles.teamId, teamId), eq(sharedFiles.id, fileId)))
    .limit(1);
  return row ?? null;
}

export async function insertSharedFile(
  db: Database,
  values: {
    teamId: string;
    title: string;
    url: string;
    platform: SharedFilePlatform | null;
    sharedWithUserId: string | null;
    spaceId: string | null;
    sharedBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(sharedFiles).values(values).returning({ id: sharedFiles.id });
  if (!row) throw new Error('shared file not created');
  return row.id;
}

export async function deleteSharedFile(db: Database, teamId: string, fileId: string): Promise<boolean> {
  const deleted = await db
    .delete(sharedFiles)
    .where(and(eq(sharedFiles.teamId, teamId), eq(sharedFiles.id, fileId)))
    .returning({ id: sharedFiles.id });
  return deleted.length > 0;
}
