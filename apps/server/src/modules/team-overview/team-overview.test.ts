import { randomUUID } from 'node:crypto';
import type { ActivityList, TeamSearchResult, TeamStats } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { postFiles } from '../../test/multipart.ts';
import { type Actor, addMember, callApi, createTeamWithAdmin, errorOf } from '../../test/team-fixtures.ts';

let ctx: TestContext;
let admin: Actor;
let teamId: string;
let employee: Actor;

/** A conversation of the user with `count` questions asked at `at`. */
async function askQuestions(actor: Actor, count: number, at = new Date()) {
  const db = ctx.app.database.db;
  const [conversation] = await db.insert(conversations).values({ userId: actor.userId }).returning();
  if (!conversation) throw new Error('no conversation');
  for (let n = 0; n < count; n += 1) {
    await db.insert(messages).values([
      { id: randomUUID(), conversationId: conversation.id, role: 'user', parts: [], createdAt: at },
      { id: randomUUID(), conversationId: conversation.id, role: 'assistant', parts: [], createdAt: at },
    ]);
  }
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, teamId } = await createTeamWithAdmin(ctx, 'Northwind'));
  employee = await addMember(ctx, teamId, 'employee');
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/teams/current/stats', () => {
  it("counts the team's members, departments and today's questions, and the caller's own documents", async () => {
    await addMember(ctx, teamId, 'viewer');
    await askQuestions(admin, 2);
    await askQuestions(employee, 3);
    await askQuestions(employee, 4, new Date(Date.now() - 3 * 86_400_000));
    const outsider = await createTeamWithAdmin(ctx, 'Elsewhere');
    await askQuestions(outsider.admin, 5);
    const upload = await postFiles(ctx, admin.cookie, [{ filename: 'plan.txt', content: 'The launch plan.' }]);
    expect(upload.statusCode).toBe(201);
    await callApi(ctx, admin, 'POST', '/api/teams/current/invitations', { email: 'pending@example.com' });

    const response = await callApi(ctx, admin, 'GET', '/api/teams/current/stats?tzOffset=0');
    expect(response.statusCode).toBe(200);
    expect(response.json<TeamStats>()).toMatchObject({
      memberCount: 3,
      departmentCount: 8,
      spaceCount: 0,
      aiQueriesToday: 5,
      aiQueriesThisWeek: 9,
      documentCount: 1,
      conversationCount: 1,
      pendingInvitationCount: 1,
      membersByRole: { admin: 1, team_lead: 0, employee: 1, viewer: 1 },
    });
  });

  it('hides the pending invitation count from members who cannot invite', async () => {
    const response = await callApi(ctx, employee, 'GET', '/api/teams/current/stats');
    expect(response.json<TeamStats>()).toMatchObject({ pendingInvitationCount: null, documentCount: 0 });
  });

  it('refuses a time zone offset outside the world with 400', async () => {
    expect((await callApi(ctx, admin, 'GET', '/api/teams/current/stats?tzOffset=5000')).statusCode).toBe(400);
  });
});

describe('GET /api/teams/current/activity', () => {
  it("lists the team's events from the audit log, newest first, with who, whom and what", async () => {
    await callApi(ctx, admin, 'POST', '/api/teams/current/invitations', { email: 'auditor@example.com' });
    const lead = await addMember(ctx, teamId, 'employee');
    await callApi(ctx, admin, 'PATCH', `/api/teams/current/members/${lead.userId}/role`, { role: 'team_lead' });
    await callApi(ctx, admin, 'POST', '/api/teams/current/departments', { name: 'Research' });

    const response = await callApi(ctx, admin, 'GET', '/api/teams/current/activity?limit=3');
    expect(response.statusCode).toBe(200);
    const page = response.json<ActivityList>();
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'department_create',
      'permission_change',
      'team_invite',
    ]);
    expect(page.entries[0]).toMatchObject({
      actor: { userId: admin.userId, name: 'Ada Lovelace' },
      target: 'Research',
    });
    expect(page.entries[1]).toMatchObject({
      severity: 'medium',
      target: 'Ada Lovelace',
      details: { role: 'team_lead', previousRole: 'employee' },
    });
    expect(page.nextCursor).toEqual(expect.any(String));

    const rest = (
      await callApi(ctx, employee, 'GET', `/api/teams/current/activity?limit=50&cursor=${page.nextCursor}`)
    ).json<ActivityList>();
    expect(rest.entries.at(-1)).toMatchObject({ action: 'team_create', target: 'Northwind' });
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a malformed cursor and an out-of-range limit with 400', async () => {
    const cursor = await callApi(ctx, admin, 'GET', '/api/teams/current/activity?cursor=abc');
    expect(cursor.statusCode).toBe(400);
    expect(errorOf(cursor).message).toBe('The cursor is not valid');
    expect((await callApi(ctx, admin, 'GET', '/api/teams/current/activity?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/teams/current/search', () => {
  it("finds members by name, email, role and department, and the caller's documents by title", async () => {
    const byRole = (await callApi(ctx, admin, 'GET', '/api/teams/current/search?q=viewer')).json<TeamSearchResult>();
    expect(byRole.members.map((member) => member.role)).toEqual(['viewer']);

    const byEmail = (
      await callApi(ctx, admin, 'GET', `/api/teams/current/search?q=${encodeURIComponent(employee.email)}`)
    ).json<TeamSearchResult>();
    expect(byEmail.members.map((member) => member.userId)).toEqual([employee.userId]);

    const byDocument = (await callApi(ctx, admin, 'GET', '/api/teams/current/search?q=PLAN')).json<TeamSearchResult>();
    expect(byDocument.documents.map((document) => document.title)).toEqual(['plan.txt']);
    // Documents are the caller's own: the employee does not see the admin's upload.
    const asEmployee = (
      await callApi(ctx, employee, 'GET', '/api/teams/current/search?q=plan')
    ).json<TeamSearchResult>();
    expect(asEmployee.documents).toEqual([]);
  });

  it('takes % and _ literally and refuses a blank query with 400', async () => {
    const wildcard = (await callApi(ctx, admin, 'GET', '/api/teams/current/search?q=%25')).json<TeamSearchResult>();
    expect(wildcard.members).toEqual([]);
    const blank = await callApi(ctx, admin, 'GET', '/api/teams/current/search?q=%20');
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).message).toContain('Type something to search');
  });
});
