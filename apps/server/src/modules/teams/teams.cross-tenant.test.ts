import type { Department, TeamMember } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

/**
 * Every team endpoint, called by members of another team (and by a user without one) with the first team's ids:
 * nothing of the first team is ever seen or changed, and its ids answer 404.
 */
let ctx: TestContext;
let teamA: {
  admin: Actor;
  teamId: string;
  employee: Actor;
  lead: Actor;
  departments: Department[];
  invitationId: string;
};
let outsiders: Array<{ label: string; actor: Actor }>;

beforeAll(async () => {
  ctx = await buildTestApp();
  const a = await createTeamWithAdmin(ctx, 'Team A');
  const employee = await addMember(ctx, a.teamId, 'employee');
  const lead = await addMember(ctx, a.teamId, 'team_lead');
  const listed = await callApi(ctx, a.admin, 'GET', '/api/teams/current/departments');
  const invited = await callApi(ctx, a.admin, 'POST', '/api/teams/current/invitations', {
    email: 'invitee-of-a@example.com',
    fullName: 'Invitee Of A',
  });
  teamA = {
    ...a,
    employee,
    lead,
    departments: (listed.json() as { departments: Department[] }).departments,
    invitationId: (invited.json() as { invitation: { id: string } }).invitation.id,
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

async function expectTeamAUntouched() {
  const members = (await callApi(ctx, teamA.admin, 'GET', '/api/teams/current/members')).json() as {
    members: TeamMember[];
  };
  expect(Object.fromEntries(members.members.map((member) => [member.userId, member.role]))).toEqual({
    [teamA.admin.userId]: 'admin',
    [teamA.employee.userId]: 'employee',
    [teamA.lead.userId]: 'team_lead',
  });
  const departments = (await callApi(ctx, teamA.admin, 'GET', '/api/teams/current/departments')).json() as {
    departments: Department[];
  };
  expect(departments.departments).toEqual(teamA.departments);
}

function expectNotFound(response: Awaited<ReturnType<typeof callApi>>) {
  expect(response.statusCode).toBe(404);
  expect(errorOf(response).code).toBe('NOT_FOUND');
}

describe('team endpoints across teams', () => {
  it('GET /api/teams/current never shows team A to an outsider', async () => {
    for (const { actor } of outsiders) {
      const response = await callApi(ctx, actor, 'GET', '/api/teams/current');
      if (response.statusCode === 200) expect(response.json().id).not.toBe(teamA.teamId);
      else expectNotFound(response);
      expect(response.body).not.toContain('Team A');
    }
  });

  it("GET members and departments never list team A's records", async () => {
    const aUserIds = [teamA.admin.userId, teamA.employee.userId, teamA.lead.userId];
    const aDepartmentIds = teamA.departments.map((department) => department.id);
    for (const { actor } of outsiders) {
      const members = await callApi(ctx, actor, 'GET', '/api/teams/current/members');
      const departments = await callApi(ctx, actor, 'GET', '/api/teams/current/departments');
      for (const response of [members, departments]) {
        if (response.statusCode !== 200) expectNotFound(response);
      }
      for (const id of [...aUserIds, ...aDepartmentIds]) {
        expect(members.body).not.toContain(id);
        expect(departments.body).not.toContain(id);
      }
    }
  });

  it("PATCH and DELETE with team A's department ids answer 404", async () => {
    for (const { label, actor } of outsiders) {
      for (const department of teamA.departments.slice(0, 2)) {
        const url = `/api/teams/current/departments/${department.id}`;
        const rename = await callApi(ctx, actor, 'PATCH', url, { name: `Taken by ${label}` });
        const remove = await callApi(ctx, actor, 'DELETE', url);
        for (const response of [rename, remove]) expectNotFound(response);
      }
    }
    await expectTeamAUntouched();
  });

  it("PATCH role and DELETE member with team A's user ids answer 404", async () => {
    const targets = [teamA.employee, teamA.lead, teamA.admin];
    for (const { actor } of outsiders) {
      for (const target of targets) {
        const role = await callApi(ctx, actor, 'PATCH', `/api/teams/current/members/${target.userId}/role`, {
          role: 'viewer',
        });
        const remove = await callApi(ctx, actor, 'DELETE', `/api/teams/current/members/${target.userId}`);
        expectNotFound(role);
        expectNotFound(remove);
      }
    }
    await expectTeamAUntouched();
    const state = (await callApi(ctx, teamA.employee, 'GET', '/api/me/role')).json();
    expect(state).toEqual(expect.objectContaining({ teamId: teamA.teamId, role: 'employee' }));
  });

  it('creating departments elsewhere never reaches team A', async () => {
    const [admin] = outsiders;
    if (!admin) throw new Error('no outsider');
    const created = await callApi(ctx, admin.actor, 'POST', '/api/teams/current/departments', {
      name: 'Engineering 2',
    });
    expect(created.statusCode).toBe(201);
    // Team B's own default 'Legal' is what collides here; team A's departments play no part.
    const sameName = await callApi(ctx, admin.actor, 'POST', '/api/teams/current/departments', { name: 'Legal' });
    expect(sameName.statusCode).toBe(409);
    await expectTeamAUntouched();
  });

  it("team A's members still reach their own records with the same ids", async () => {
    const department = teamA.departments[0];
    if (!department) throw new Error('no department');
    const rename = await callApi(ctx, teamA.lead, 'PATCH', `/api/teams/current/departments/${department.id}`, {
      name: department.name,
    });
    expect(rename.statusCode).toBe(200);
    const role = await callApi(ctx, teamA.admin, 'PATCH', `/api/teams/current/members/${teamA.employee.userId}/role`, {
      role: 'employee',
    });
    expect(role.statusCode).toBe(200);
  });

  it("invitations: team A's are never listed, revoked or accepted by an outsider", async () => {
    for (const { actor } of outsiders) {
      const listed = await callApi(ctx, actor, 'GET', '/api/teams/current/invitations');
      expect(listed.body).not.toContain(teamA.invitationId);
      expect(listed.body).not.toContain('invitee-of-a@example.com');
      expectNotFound(await callApi(ctx, actor, 'DELETE', `/api/teams/current/invitations/${teamA.invitationId}`));
      const accepted = await callApi(ctx, actor, 'POST', `/api/invitations/${teamA.invitationId}/accept`);
      expect([403, 409]).toContain(accepted.statusCode);
    }
    const stillPending = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${teamA.invitationId}` });
    expect(stillPending.json()).toEqual(expect.objectContaining({ status: 'pending' }));
    await expectTeamAUntouched();
  });

  it("stats, activity and search never count or show team A's records", async () => {
    const aNames = ['Team A', 'invitee-of-a@example.com', teamA.employee.email, teamA.lead.email];
    for (const { actor } of outsiders) {
      const stats = await callApi(ctx, actor, 'GET', '/api/teams/current/stats');
      if (stats.statusCode === 200) expect(stats.json().memberCount).toBeLessThan(4);
      else expectNotFound(stats);
      const activity = await callApi(ctx, actor, 'GET', '/api/teams/current/activity?limit=100');
      if (activity.statusCode !== 200) expectNotFound(activity);
      const search = await callApi(ctx, actor, 'GET', `/api/teams/current/search?q=${encodeURIComponent('@')}`);
      if (search.statusCode !== 200) expectNotFound(search);
      for (const text of aNames) {
        expect(activity.body).not.toContain(text);
        expect(search.body).not.toContain(text);
      }
      for (const id of [teamA.admin.userId, teamA.employee.userId, teamA.lead.userId, teamA.invitationId]) {
        expect(activity.body).not.toContain(id);
        expect(search.body).not.toContain(id);
      }
    }
  });
});
