import { SHARED_FILE_LIST_LIMIT, WORK_ITEM_ERRORS, WORK_ITEM_MESSAGES } from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFiles, spaceMembers, spaces, tasks, teamEmployees } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import {
  addMember,
  auditActionsOf,
  callApi,
  createTeamWithAdmin,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';
import {
  createTaskFor,
  rename,
  SHARED_FILES_URL,
  sharedFilesOf,
  shareWith,
  TASKS_URL,
  tasksOf,
} from '../../test/work-item-fixtures.ts';

let ctx: TestContext;
const db = () => ctx.app.database.db;

/** A fresh team per describe block: an admin, a team lead, two employees and a viewer. */
async function createTeam(name: string) {
  const { admin, lead, employee, viewer, teamId } = await createTeamWithRoles(ctx, name);
  const otherEmployee = await addMember(ctx, teamId, 'employee');
  await rename(ctx, admin, 'Ada', 'Admin');
  await rename(ctx, lead, 'Linus', 'Lead');
  await rename(ctx, employee, 'Grace', 'Hopper');
  await rename(ctx, otherEmployee, 'Alan', 'Turing');
  await rename(ctx, viewer, 'Vera', 'Viewer');
  return { teamId, admin, lead, employee, otherEmployee, viewer };
}

function expectError(response: Awaited<ReturnType<typeof callApi>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(errorOf(response).message).toBe(message);
}

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/teams/current/tasks', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Task makers');
  });

  it('assigns a task with trimmed title, priority and due date, names included, and audits it', async () => {
    const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
      title: '  Prepare the Q3 review  ',
      assignedTo: team.employee.userId,
      priority: 'urgent',
      dueDate: '2026-09-30',
    });
    expect(response.statusCode, response.body).toBe(201);
    const task = response.json();
    expect(task).toEqual({
      id: expect.any(String),
      title: 'Prepare the Q3 review',
      status: 'todo',
      priority: 'urgent',
      dueDate: '2026-09-30',
      assignedTo: team.employee.userId,
      assigneeName: 'Grace Hopper',
      createdBy: team.admin.userId,
      creatorName: 'Ada Admin',
      createdAt: expect.any(String),
      completedAt: null,
    });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.teamId).toBe(team.teamId);
    expect(await auditActionsOf(ctx, team.teamId, task.id)).toEqual(['task_create']);
  });

  it('lets a team lead assign, with no priority (sorted as medium) and no due date', async () => {
    const task = await createTaskFor(ctx, team.lead, team.viewer, { title: 'Read the handbook' });
    expect(task).toEqual(
      expect.objectContaining({
        priority: null,
        dueDate: null,
        creatorName: 'Linus Lead',
        assigneeName: 'Vera Viewer',
      }),
    );
  });

  it('lets a manager assign a task to themselves', async () => {
    const task = await createTaskFor(ctx, team.lead, team.lead);
    expect(task.assignedTo).toBe(team.lead.userId);
  });

  it.each(['employee', 'viewer'] as const)('refuses an %s with 403', async (role) => {
    const response = await callApi(ctx, team[role], 'POST', TASKS_URL, {
      title: 'Sneaky',
      assignedTo: team[role].userId,
    });
    expectError(response, 403, WORK_ITEM_ERRORS.managersOnly);
  });

  it.each([[{ title: '' }], [{ title: '   ' }], [{}]])('refuses %j with "Title is required"', async (title) => {
    const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, { ...title, assignedTo: team.employee.userId });
    expectError(response, 400, WORK_ITEM_MESSAGES.titleRequired);
  });

  it('refuses a title longer than 200 characters', async () => {
    const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
      title: 'x'.repeat(201),
      assignedTo: team.employee.userId,
    });
    expectError(response, 400, 'Title must be at most 200 characters');
    const accepted = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
      title: 'x'.repeat(200),
      assignedTo: team.employee.userId,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('requires an assignee', async () => {
    const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, { title: 'Nobody' });
    expectError(response, 400, WORK_ITEM_ERRORS.assigneeRequired);
  });

  it('answers 404 "Team member not found" for an unknown user, an outsider and a former member', async () => {
    const outsider = await createTeamWithAdmin(ctx, 'Elsewhere');
    const former = await addMember(ctx, team.teamId, 'employee');
    await db()
      .update(teamEmployees)
      .set({ status: 'inactive' })
      .where(and(eq(teamEmployees.teamId, team.teamId), eq(teamEmployees.userId, former.userId)));
    for (const assignedTo of ['no-such-user', outsider.admin.userId, former.userId]) {
      const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, { title: 'Lost', assignedTo });
      expectError(response, 404, WORK_ITEM_ERRORS.memberNotFound);
    }
    expect(await db().select().from(tasks).where(eq(tasks.title, 'Lost'))).toEqual([]);
  });

  it.each(['critical', 'URGENT', ''])('refuses the priority %j with 400', async (priority) => {
    const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
      title: 'Prioritised',
      assignedTo: team.employee.userId,
      priority,
    });
    expectError(response, 400, WORK_ITEM_ERRORS.invalidPriority);
  });

  it.each(['2026-13-01', '2026-02-30', '30/09/2026', '2026-09-30T10:00:00Z', 'soon'])(
    'refuses the due date %j with 400',
    async (dueDate) => {
      const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
        title: 'Dated',
        assignedTo: team.employee.userId,
        dueDate,
      });
      expectError(response, 400, WORK_ITEM_ERRORS.invalidDueDate);
    },
  );

  it('accepts every priority and a null due date', async () => {
    for (const priority of ['urgent', 'high', 'medium', 'low']) {
      const response = await callApi(ctx, team.admin, 'POST', TASKS_URL, {
        title: `P ${priority}`,
        assignedTo: team.employee.userId,
        priority,
        dueDate: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual(expect.objectContaining({ priority, dueDate: null }));
    }
  });
});

describe('GET /api/teams/current/tasks', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Task readers');
  });

  it("lists the caller's own tasks by due date (undated last), then newest first", async () => {
    const late = await createTaskFor(ctx, team.admin, team.employee, { title: 'Late', dueDate: '2026-12-01' });
    const undatedOld = await createTaskFor(ctx, team.admin, team.employee, { title: 'Undated old' });
    const soon = await createTaskFor(ctx, team.admin, team.employee, { title: 'Soon', dueDate: '2026-03-01' });
    const sameDayOld = await createTaskFor(ctx, team.admin, team.employee, {
      title: 'Same day old',
      dueDate: '2026-06-01',
    });
    const undatedNew = await createTaskFor(ctx, team.admin, team.employee, { title: 'Undated new' });
    const sameDayNew = await createTaskFor(ctx, team.lead, team.employee, {
      title: 'Same day new',
      dueDate: '2026-06-01',
    });
    await createTaskFor(ctx, team.admin, team.otherEmployee, { title: 'Not mine', dueDate: '2026-01-01' });

    const own = await tasksOf(ctx, team.employee);
    expect(own.map((task) => task.id)).toEqual([
      soon.id,
      sameDayNew.id,
      sameDayOld.id,
      late.id,
      undatedNew.id,
      undatedOld.id,
    ]);
    expect(await tasksOf(ctx, team.employee, '?assignedTo=me')).toEqual(own);
    expect((await tasksOf(ctx, team.otherEmployee)).map((task) => task.title)).toEqual(['Not mine']);
    expect(await tasksOf(ctx, team.viewer)).toEqual([]);
  });

  it('gives managers every task of the team with assignedTo=all, and only their own by default', async () => {
    const all = await tasksOf(ctx, team.lead, '?assignedTo=all');
    expect(all.map((task) => task.title)).toEqual([
      'Not mine',
      'Soon',
      'Same day new',
      'Same day old',
      'Late',
      'Undated new',
      'Undated old',
    ]);
    expect((await tasksOf(ctx, team.admin, '?assignedTo=all')).map((task) => task.id)).toEqual(
      all.map((task) => task.id),
    );
    expect(await tasksOf(ctx, team.lead)).toEqual([]);
  });

  it.each(['employee', 'viewer'] as const)('refuses assignedTo=all to an %s with 403', async (role) => {
    expectError(await callApi(ctx, team[role], 'GET', `${TASKS_URL}?assignedTo=all`), 403);
  });

  it('refuses an unknown assignedTo value with 400', async () => {
    expectError(await callApi(ctx, team.admin, 'GET', `${TASKS_URL}?assignedTo=everyone`), 400);
  });
});

describe('PATCH and DELETE /api/teams/current/tasks/:id', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Task tickers');
  });

  it('lets the assignee tick a task done (stamping completed_at, audited once) and reopen it', async () => {
    const task = await createTaskFor(ctx, team.admin, team.employee);
    const done = await callApi(ctx, team.employee, 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ...task, status: 'done', completedAt: expect.any(String) });
    const completedAt = done.json().completedAt;

    const again = await callApi(ctx, team.employee, 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'done' });
    expect(again.json().completedAt).toBe(completedAt);
    expect(await auditActionsOf(ctx, team.teamId, task.id)).toEqual(['task_create', 'task_complete']);

    const reopened = await callApi(ctx, team.employee, 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'todo' });
    expect(reopened.json()).toEqual(expect.objectContaining({ status: 'todo', completedAt: null }));
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toEqual(expect.objectContaining({ status: 'todo', completedAt: null }));
  });

  it.each(['admin', 'lead'] as const)("lets a manager (%s) change someone else's task", async (role) => {
    const task = await createTaskFor(ctx, team.admin, team.employee);
    const response = await callApi(ctx, team[role], 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'done' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('done');
  });

  it.each(['otherEmployee', 'viewer'] as const)("refuses %s on someone else's task with 403", async (role) => {
    const task = await createTaskFor(ctx, team.admin, team.employee);
    const response = await callApi(ctx, team[role], 'PATCH', `${TASKS_URL}/${task.id}`, { status: 'done' });
    expectError(response, 403, WORK_ITEM_ERRORS.taskUpdateForbidden);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.status).toBe('todo');
  });

  it('refuses an unknown status with 400 and an unknown or malformed id with 404', async () => {
    const task = await createTaskFor(ctx, team.admin, team.employee);
    for (const status of ['completed', '', 'DONE']) {
      const response = await callApi(ctx, team.employee, 'PATCH', `${TASKS_URL}/${task.id}`, { status });
      expectError(response, 400, WORK_ITEM_ERRORS.invalidStatus);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await callApi(ctx, team.admin, 'PATCH', `${TASKS_URL}/${id}`, { status: 'done' });
      expectError(response, 404, WORK_ITEM_ERRORS.taskNotFound);
    }
  });

  it('lets managers delete a task; the assignee and other members get 403; unknown ids 404', async () => {
    const task = await createTaskFor(ctx, team.admin, team.employee);
    for (const actor of [team.employee, team.otherEmployee, team.viewer]) {
      expectError(await callApi(ctx, actor, 'DELETE', `${TASKS_URL}/${task.id}`), 403, WORK_ITEM_ERRORS.managersOnly);
    }
    const deleted = await callApi(ctx, team.lead, 'DELETE', `${TASKS_URL}/${task.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await db().select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    expectError(
      await callApi(ctx, team.admin, 'DELETE', `${TASKS_URL}/${task.id}`),
      404,
      WORK_ITEM_ERRORS.taskNotFound,
    );
    expectError(await callApi(ctx, team.admin, 'DELETE', `${TASKS_URL}/nope`), 404);
  });
});

describe('POST /api/teams/current/shared-files', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Sharers');
  });

  it('shares a link with the whole team, with the sharer name, and audits it', async () => {
    const response = await callApi(ctx, team.lead, 'POST', SHARED_FILES_URL, {
      title: '  Brand guide ',
      url: ' https://drive.google.com/file/d/abc ',
      platform: 'google-drive',
    });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json();
    expect(file).toEqual({
      id: expect.any(String),
      title: 'Brand guide',
      url: 'https://drive.google.com/file/d/abc',
      platform: 'google-drive',
      sharedWithUserId: null,
      sharedWithName: null,
      spaceId: null,
      spaceName: null,
      sharedBy: team.lead.userId,
      sharerName: 'Linus Lead',
      createdAt: expect.any(String),
    });
    expect(await auditActionsOf(ctx, team.teamId, file.id)).toEqual(['file_share']);
  });

  it('shares with one member, or with a space of the team', async () => {
    const forGrace = await shareWith(ctx, team.admin, { sharedWithUserId: team.employee.userId, platform: 'other' });
    expect(forGrace).toEqual(
      expect.objectContaining({ sharedWithUserId: team.employee.userId, sharedWithName: 'Grace Hopper' }),
    );
    const [space] = await db()
      .insert(spaces)
      .values({ teamId: team.teamId, name: 'Design', slug: 'design', createdBy: team.admin.userId })
      .returning();
    const forSpace = await shareWith(ctx, team.admin, { spaceId: space?.id ?? '', sharedWithUserId: '' });
    expect(forSpace).toEqual(
      expect.objectContaining({ spaceId: space?.id, spaceName: 'Design', sharedWithUserId: null }),
    );
  });

  it.each(['employee', 'viewer'] as const)('refuses an %s with 403', async (role) => {
    const response = await callApi(ctx, team[role], 'POST', SHARED_FILES_URL, {
      title: 'Mine',
      url: 'https://example.com',
    });
    expectError(response, 403, WORK_ITEM_ERRORS.managersOnly);
  });

  it.each([[{ title: '' }], [{ title: '  ' }], [{}]])('refuses %j with "Title is required"', async (title) => {
    const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, { ...title, url: 'https://a.example' });
    expectError(response, 400, WORK_ITEM_MESSAGES.titleRequired);
  });

  it.each([[{ url: '' }], [{ url: '   ' }], [{}]])('refuses %j with "URL is required"', async (url) => {
    const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, { title: 'Doc', ...url });
    expectError(response, 400, WORK_ITEM_MESSAGES.urlRequired);
  });

  it.each(['not a url', 'example.com/doc', 'ftp://example.com/doc', 'javascript:alert(1)', 'mailto:a@example.com'])(
    'refuses the URL %j with "Please enter a valid URL"',
    async (url) => {
      const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, { title: 'Doc', url });
      expectError(response, 400, WORK_ITEM_ERRORS.urlInvalid);
    },
  );

  it('refuses an unknown platform with 400', async () => {
    const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, {
      title: 'Doc',
      url: 'https://example.com',
      platform: 'myspace',
    });
    expectError(response, 400, WORK_ITEM_ERRORS.invalidPlatform);
  });

  it('answers 404 for a recipient who is not an active member of the team', async () => {
    const outsider = await createTeamWithAdmin(ctx, 'Other sharers');
    for (const sharedWithUserId of ['ghost', outsider.admin.userId]) {
      const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, {
        title: 'Secret',
        url: 'https://example.com/secret',
        sharedWithUserId,
      });
      expectError(response, 404, WORK_ITEM_ERRORS.memberNotFound);
    }
  });

  it("answers 404 'Space not found' for an unknown, malformed or other team's space", async () => {
    const outsider = await createTeamWithAdmin(ctx, 'Space owners');
    const [foreignSpace] = await db()
      .insert(spaces)
      .values({ teamId: outsider.teamId, name: 'Theirs', slug: 'theirs' })
      .returning();
    for (const spaceId of [foreignSpace?.id ?? '', '00000000-0000-4000-8000-000000000000', 'design']) {
      const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, {
        title: 'Into space',
        url: 'https://example.com/space',
        spaceId,
      });
      expectError(response, 404, WORK_ITEM_ERRORS.spaceNotFound);
    }
    expect(await db().select().from(sharedFiles).where(eq(sharedFiles.title, 'Into space'))).toEqual([]);
  });

  it('refuses a member and a space at once with 400', async () => {
    const response = await callApi(ctx, team.admin, 'POST', SHARED_FILES_URL, {
      title: 'Both',
      url: 'https://example.com',
      sharedWithUserId: team.employee.userId,
      spaceId: '00000000-0000-4000-8000-000000000000',
    });
    expectError(response, 400, WORK_ITEM_ERRORS.memberOrSpace);
  });
});

describe('GET and DELETE /api/teams/current/shared-files', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Readers of shares');
  });

  it('lists shares with the whole team or the caller, newest first; managers see every share with scope=all', async () => {
    const forTeam = await shareWith(ctx, team.admin, { title: 'For everyone' });
    const forGrace = await shareWith(ctx, team.lead, { title: 'For Grace', sharedWithUserId: team.employee.userId });
    const forAlan = await shareWith(ctx, team.admin, {
      title: 'For Alan',
      sharedWithUserId: team.otherEmployee.userId,
    });
    const newest = await shareWith(ctx, team.admin, { title: 'Newest for everyone', platform: 'notion' });

    const graceSees = await sharedFilesOf(ctx, team.employee);
    expect(graceSees.map((file) => file.id)).toEqual([newest.id, forGrace.id, forTeam.id]);
    expect(graceSees[1]).toEqual(expect.objectContaining({ sharerName: 'Linus Lead', sharedWithName: 'Grace Hopper' }));
    expect((await sharedFilesOf(ctx, team.otherEmployee)).map((file) => file.id)).toEqual([
      newest.id,
      forAlan.id,
      forTeam.id,
    ]);
    expect((await sharedFilesOf(ctx, team.viewer)).map((file) => file.id)).toEqual([newest.id, forTeam.id]);
    // The sharer also sees what they shared with someone.
    expect((await sharedFilesOf(ctx, team.lead)).map((file) => file.id)).toEqual([newest.id, forGrace.id, forTeam.id]);

    const all = await sharedFilesOf(ctx, team.lead, '?scope=all');
    expect(all.map((file) => file.id)).toEqual([newest.id, forAlan.id, forGrace.id, forTeam.id]);
    expectError(await callApi(ctx, team.employee, 'GET', `${SHARED_FILES_URL}?scope=all`), 403);
    expectError(await callApi(ctx, team.admin, 'GET', `${SHARED_FILES_URL}?scope=everything`), 400);
  });

  it('shows a space share to the team when the space is public, and only to its members when private', async () => {
    const [open, closed] = await db()
      .insert(spaces)
      .values([
        { teamId: team.teamId, name: 'Open', slug: 'open' },
        { teamId: team.teamId, name: 'Closed', slug: 'closed', isPrivate: true },
      ])
      .returning();
    if (!open || !closed) throw new Error('spaces not created');
    await db().insert(spaceMembers).values({ spaceId: closed.id, userId: team.employee.userId });
    const openShare = await shareWith(ctx, team.admin, { title: 'Open space doc', spaceId: open.id });
    const closedShare = await shareWith(ctx, team.admin, { title: 'Closed space doc', spaceId: closed.id });

    const graceIds = (await sharedFilesOf(ctx, team.employee)).map((file) => file.id);
    expect(graceIds).toEqual(expect.arrayContaining([openShare.id, closedShare.id]));
    const alanIds = (await sharedFilesOf(ctx, team.otherEmployee)).map((file) => file.id);
    expect(alanIds).toContain(openShare.id);
    expect(alanIds).not.toContain(closedShare.id);
  });

  it('removes a share with a private space together with the space, never widening it to the whole team', async () => {
    const [secret] = await db()
      .insert(spaces)
      .values({ teamId: team.teamId, name: 'Secret', slug: 'secret', isPrivate: true })
      .returning();
    if (!secret) throw new Error('space not created');
    const share = await shareWith(ctx, team.admin, { title: 'Board minutes', spaceId: secret.id });
    expect((await sharedFilesOf(ctx, team.otherEmployee)).map((file) => file.id)).not.toContain(share.id);

    await db().delete(spaces).where(eq(spaces.id, secret.id));

    expect((await sharedFilesOf(ctx, team.otherEmployee)).map((file) => file.id)).not.toContain(share.id);
    expect((await sharedFilesOf(ctx, team.admin, '?scope=all')).map((file) => file.id)).not.toContain(share.id);
  });

  it(`returns at most ${SHARED_FILE_LIST_LIMIT} shares, the newest`, async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx, 'Prolific');
    const base = Date.parse('2026-01-01T00:00:00Z');
    await db()
      .insert(sharedFiles)
      .values(
        Array.from({ length: SHARED_FILE_LIST_LIMIT + 5 }, (_, index) => ({
          teamId,
          title: `Doc ${index}`,
          url: `https://example.com/${index}`,
          sharedBy: admin.userId,
          createdAt: new Date(base + index * 60_000),
        })),
      );
    const files = await sharedFilesOf(ctx, admin);
    expect(files).toHaveLength(SHARED_FILE_LIST_LIMIT);
    expect(files[0]?.title).toBe(`Doc ${SHARED_FILE_LIST_LIMIT + 4}`);
    expect(files.at(-1)?.title).toBe('Doc 5');
  });

  it('lets the sharer or an admin remove a share; others get 403; unknown ids 404', async () => {
    const byLead = await shareWith(ctx, team.lead, { title: 'Lead doc' });
    const byAdmin = await shareWith(ctx, team.admin, { title: 'Admin doc' });
    for (const actor of [team.employee, team.viewer]) {
      expectError(
        await callApi(ctx, actor, 'DELETE', `${SHARED_FILES_URL}/${byLead.id}`),
        403,
        WORK_ITEM_ERRORS.sharedFileDeleteForbidden,
      );
    }
    expectError(await callApi(ctx, team.lead, 'DELETE', `${SHARED_FILES_URL}/${byAdmin.id}`), 403);
    expect((await callApi(ctx, team.lead, 'DELETE', `${SHARED_FILES_URL}/${byLead.id}`)).statusCode).toBe(204);
    const byLeadAgain = await shareWith(ctx, team.lead, { title: 'Lead doc again' });
    expect((await callApi(ctx, team.admin, 'DELETE', `${SHARED_FILES_URL}/${byLeadAgain.id}`)).statusCode).toBe(204);
    expectError(
      await callApi(ctx, team.admin, 'DELETE', `${SHARED_FILES_URL}/${byLead.id}`),
      404,
      WORK_ITEM_ERRORS.sharedFileNotFound,
    );
    expectError(await callApi(ctx, team.admin, 'DELETE', `${SHARED_FILES_URL}/not-an-id`), 404);
    const remaining = (await sharedFilesOf(ctx, team.admin, '?scope=all')).map((file) => file.title);
    expect(remaining).toContain('Admin doc');
    expect(remaining).not.toContain('Lead doc');
  });
});

describe('without a team or a session', () => {
  it('answers 404 to a signed-in user without a team and 401 without a session', async () => {
    const loner = await signInNewUser(ctx);
    for (const url of [TASKS_URL, SHARED_FILES_URL]) {
      expectError(await callApi(ctx, loner, 'GET', url), 404);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
