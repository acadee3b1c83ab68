import type { SharedFile, Task } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFiles, spaces, tasks } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';
import { createTaskFor, SHARED_FILES_URL, shareWith, TASKS_URL } from '../../test/work-item-fixtures.ts';

/**
 * Every task and shared-file endpoint, called by members of another team (admin, lead, employee) and by a user
 * without a team with team A's ids: nothing of team A is ever listed, changed or deleted, and its ids answer 404.
 */
let ctx: TestContext;
let teamA: { admin: Actor; employee: Actor; teamId: string; spaceId: string; tasks: Task[]; files: SharedFile[] };
let outsiders: Array<{ label: string; actor: Actor }>;

beforeAll(async () => {
  ctx = await buildTestApp();
  const a = await createTeamWithAdmin(ctx, 'Team A');
  const employee = await addMember(ctx, a.teamId, 'employee');
  const [space] = await ctx.app.database.db
    .insert(spaces)
    .values({ teamId: a.teamId, name: 'A space', slug: 'a-space' })
    .returning();
  if (!space) throw new Error('space not created');
  teamA = {
    ...a,
    employee,
    spaceId: space.id,
    tasks: [
      await createTaskFor(ctx, a.admin, employee, { title: 'A secret task', priority: 'urgent' }),
      await createTaskFor(ctx, a.admin, a.admin, { title: 'A admin task' }),
    ],
    files: [
      await shareWith(ctx, a.admin, { title: 'A team file' }),
      await shareWith(ctx, a.admin, { title: 'A private file', sharedWithUserId: employee.userId }),
      await shareWith(ctx, a.admin, { title: 'A space file', spaceId: space.id }),
    ],
  };

  const b = await createTeamWithAdmin(ctx, 'Team B');
  outsiders = [
    { label: 'admin of team B', actor: b.admin },
    { label: 'team lead of team B', actor: await addMember(ctx, b.teamId, 'team_lead') },
    { label: 'employee of team B', actor: await addMember(ctx, b.teamId, 'employee') },
    { label: 'user without a team', actor: await signInNewUser(ctx) },
  ];
});
afterAll(async () => {
  await ctx?.close();
});

function expectNotFound(response: Awaited<ReturnType<typeof callApi>>, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(404);
  expect(errorOf(response).code).toBe('NOT_FOUND');
}

async function expectTeamAUntouched() {
  const db = ctx.app.database.db;
  const taskRows = await db.select().from(tasks).where(eq(tasks.teamId, teamA.teamId));
  expect(taskRows.map((row) => [row.id, row.status, row.title]).sort()).toEqual(
    teamA.tasks.map((task) => [task.id, 'todo', task.title]).sort(),
  );
  const fileRows = await db.select().from(sharedFiles).where(eq(sharedFiles.teamId, teamA.teamId));
  expect(fileRows.map((row) => row.id).sort()).toEqual(teamA.files.map((file) => file.id).sort());
}

describe('tasks and shared files across teams', () => {
  it("never lists team A's tasks or shares, whatever the scope", async () => {
    const secrets = ['A secret task', 'A admin task', 'A team file', 'A private file', 'A space file'];
    const ids = [...teamA.tasks.map((task) => task.id), ...teamA.files.map((file) => file.id)];
    for (const { label, actor } of outsiders) {
      for (const url of [TASKS_URL, `${TASKS_URL}?assignedTo=all`, SHARED_FILES_URL, `${SHARED_FILES_URL}?scope=all`]) {
        const response = await callApi(ctx, actor, 'GET', url);
        expect([200, 403, 404], `${label} ${url}`).toContain(response.statusCode);
        for (const text of [...secrets, ...ids]) expect(response.body).not.toContain(text);
      }
    }
  });

  it("answers 404 to PATCH and DELETE with team A's task ids", async () => {
    for (const { label, actor } of outsiders) {
      for (const task of teamA.tasks) {
        expectNotFound(await callApi(ctx, actor, 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'done' }), label);
        expectNotFound(await callApi(ctx, actor, 'DELETE', `${TASKS_URL}/${task.id}`), label);
      }
    }
    await expectTeamAUntouched();
  });

  it("answers 404 to DELETE with team A's shared-file ids", async () => {
    for (const { label, actor } of outsiders) {
      for (const file of teamA.files) {
        expectNotFound(await callApi(ctx, actor, 'DELETE', `${SHARED_FILES_URL}/${file.id}`), label);
      }
    }
    await expectTeamAUntouched();
  });

  it("cannot assign tasks to, or share files with, team A's members or space", async () => {
    for (const { label, actor } of outsiders) {
      const task = await callApi(ctx, actor, 'POST', TASKS_URL, {
        title: 'Cross-team task',
        assignedTo: teamA.employee.userId,
      });
      const toMember = await callApi(ctx, actor, 'POST', SHARED_FILES_URL, {
        title: 'Cross-team share',
        url: 'https://example.com/x',
        sharedWithUserId: teamA.employee.userId,
      });
      const toSpace = await callApi(ctx, actor, 'POST', SHARED_FILES_URL, {
        title: 'Cross-team share',
        url: 'https://example.com/x',
        spaceId: teamA.spaceId,
      });
      // Managers of team B learn nothing more than 'not found'; B's employee is refused first (403).
      for (const response of [task, toMember, toSpace]) {
        expect([403, 404], `${label}: ${response.body}`).toContain(response.statusCode);
      }
    }
    const [admin, lead] = outsiders;
    if (!admin || !lead) throw new Error('no outsiders');
    expectNotFound(
      await callApi(ctx, admin.actor, 'POST', TASKS_URL, { title: 'Cross', assignedTo: teamA.employee.userId }),
      admin.label,
    );
    expectNotFound(
      await callApi(ctx, lead.actor, 'POST', SHARED_FILES_URL, {
        title: 'Cross',
        url: 'https://example.com/x',
        spaceId: teamA.spaceId,
      }),
      lead.label,
    );
    await expectTeamAUntouched();
    const employeeView = await callApi(ctx, teamA.employee, 'GET', TASKS_URL);
    expect((employeeView.json() as { tasks: Task[] }).tasks.map((task) => task.title)).toEqual(['A secret task']);
  });

  it("team A's members still reach their own records", async () => {
    const [own] = teamA.tasks;
    if (!own) throw new Error('no task');
    const done = await callApi(ctx, teamA.employee, 'PATCH', `${TASKS_URL}/${own.id}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    const files = await callApi(ctx, teamA.employee, 'GET', SHARED_FILES_URL);
    expect((files.json() as { files: SharedFile[] }).files.map((file) => file.title)).toEqual([
      'A space file',
      'A private file',
      'A team file',
    ]);
  });
});
