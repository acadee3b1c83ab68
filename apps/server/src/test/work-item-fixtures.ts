import type { SharedFile, Task } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { user } from '../db/schema/index.ts';
import type { TestContext } from './build-test-app.ts';
import { type Actor, callApi } from './team-fixtures.ts';

export const TASKS_URL = '/api/teams/current/tasks';
export const SHARED_FILES_URL = '/api/teams/current/shared-files';

/** Gives a test user a recognisable name (every signed-up test user starts as Ada Lovelace). */
export async function rename(ctx: TestContext, actor: Actor, firstName: string, lastName: string): Promise<void> {
  await ctx.app.database.db.update(user).set({ firstName, lastName }).where(eq(user.id, actor.userId));
}

export async function createTaskFor(
  ctx: TestContext,
  manager: Actor,
  assignee: Actor,
  overrides: { title?: string; priority?: string; dueDate?: string } = {},
): Promise<Task> {
  const response = await callApi(ctx, manager, 'POST', TASKS_URL, {
    title: 'Write the report',
    assignedTo: assignee.userId,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Task;
}

export async function shareWith(
  ctx: TestContext,
  manager: Actor,
  payload: { title?: string; url?: string; platform?: string; sharedWithUserId?: string; spaceId?: string } = {},
): Promise<SharedFile> {
  const response = await callApi(ctx, manager, 'POST', SHARED_FILES_URL, {
    title: 'Roadmap',
    url: 'https://docs.example.com/roadmap',
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SharedFile;
}

export async function tasksOf(ctx: TestContext, actor: Actor, query = ''): Promise<Task[]> {
  const response = await callApi(ctx, actor, 'GET', `${TASKS_URL}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { tasks: Task[] }).tasks;
}

export async function sharedFilesOf(ctx: TestContext, actor: Actor, query = ''): Promise<SharedFile[]> {
  const response = await callApi(ctx, actor, 'GET', `${SHARED_FILES_URL}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { files: SharedFile[] }).files;
}
