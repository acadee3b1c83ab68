import { DEFAULT_DEPARTMENTS, TEAM_MESSAGES, type TeamMember } from '@lumen/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, teamEmployees, teams, userRoles } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { addMember, callApi, createTeamWithAdmin, errorOf, signInNewUser } from '../../test/team-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.database.db;

async function membersOf(cookieOwner: Parameters<typeof callApi>[1]): Promise<TeamMember[]> {
  const response = await callApi(ctx, cookieOwner, 'GET', '/api/teams/current/members');
  expect(response.statusCode).toBe(200);
  return (response.json() as { members: TeamMember[] }).members;
}

async function departmentIdOf(teamId: string, name: string): Promise<string> {
  const [row] = await db()
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.teamId, teamId), eq(departments.name, name)));
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}

describe('POST /api/teams', () => {
  it('creates the team, the admin role, the member record and the default departments in one go', async () => {
    const me = await signInNewUser(ctx);
    const response = await callApi(ctx, me, 'POST', '/api/teams', { name: '  Acme Research  ', description: 'R&D' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(TEAM_MESSAGES.created);
    expect(body.team).toEqual({
      id: expect.any(String),
      name: 'Acme Research',
      description: 'R&D',
      createdAt: expect.any(String),
    });
    expect(body.roleState).toEqual({
      role: 'admin',
      teamId: body.team.id,
      teamName: 'Acme Research',
      isAdmin: true,
      canManageTeam: true,
      hasTeam: true,
    });
    const [team] = await db().select().from(teams).where(eq(teams.id, body.team.id));
    expect(team?.createdBy).toBe(me.userId);
    const roles = await db().select().from(userRoles).where(eq(userRoles.teamId, body.team.id));
    expect(roles.map((row) => [row.userId, row.role])).toEqual([[me.userId, 'admin']]);
    const employees = await db().select().from(teamEmployees).where(eq(teamEmployees.teamId, body.team.id));
    expect(employees.map((row) => [row.userId, row.status])).toEqual([[me.userId, 'active']]);
    const names = await db()
      .select({ name: departments.name })
      .from(departments)
      .where(eq(departments.teamId, body.team.id));
    expect(names.map((row) => row.name).sort()).toEqual([...DEFAULT_DEPARTMENTS].sort());
    expect(DEFAULT_DEPARTMENTS).toEqual([
      'Engineering',
      'Sales',
      'Marketing',
      'Product',
      'Legal',
      'HR',
      'Finance',
      'Operations',
    ]);
  });

  it('makes GET /api/me/role report the new admin', async () => {
    const me = await signInNewUser(ctx);
    const before = await callApi(ctx, me, 'GET', '/api/me/role');
    expect(before.json()).toEqual(expect.objectContaining({ hasTeam: false, role: null }));
    const created = await callApi(ctx, me, 'POST', '/api/teams', { name: 'Role Team' });
    const after = await callApi(ctx, me, 'GET', '/api/me/role');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(created.json().roleState);
  });

  it.each([[{ name: '' }], [{ name: '   ' }], [{}]])('refuses %j with "Team name is required"', async (payload) => {
    const me = await signInNewUser(ctx);
    const response = await callApi(ctx, me, 'POST', '/api/teams', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        reason: 'TEAM_NAME_REQUIRED',
        message: TEAM_MESSAGES.nameRequired,
      }),
    );
    expect((await callApi(ctx, me, 'GET', '/api/me/role')).json().hasTeam).toBe(false);
  });

  it('refuses a second team for a user who already has one, with 409', async () => {
    const { admin } = await createTeamWithAdmin(ctx);
    const response = await callApi(ctx, admin, 'POST', '/api/teams', { name: 'Another' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'ALREADY_IN_TEAM',
      message: 'You already belong to a team. Leave it before creating a new one.',
    });
  });

  it('rolls the whole creation back when a step fails', async () => {
    const me = await signInNewUser(ctx);
    // A real failure in the last step (the default departments), raised by the database itself.
    await db().execute(sql`
      CREATE FUNCTION fail_rollback_probe() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT name FROM teams WHERE id = NEW.team_id) = 'Rollback probe' THEN
          RAISE EXCEPTION 'probe';
        END IF;
        RETURN NEW;
      END $$`);
    await db().execute(
      sql`CREATE TRIGGER rollback_probe BEFORE INSERT ON departments FOR EACH ROW EXECUTE FUNCTION fail_rollback_probe()`,
    );
    try {
      const response = await callApi(ctx, me, 'POST', '/api/teams', { name: 'Rollback probe' });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER rollback_probe ON departments`);
      await db().execute(sql`DROP FUNCTION fail_rollback_probe()`);
    }
    expect(await db().select().from(teams).where(eq(teams.name, 'Rollback probe'))).toEqual([]);
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, me.userId))).toEqual([]);
    expect(await db().select().from(teamEmployees).where(eq(teamEmployees.userId, me.userId))).toEqual([]);
    // Nothing half-made is left: the same user can create the team afterwards.
    expect((await callApi(ctx, me, 'POST', '/api/teams', { name: 'Rollback probe' })).statusCode).toBe(201);
  });

  it('gives a user racing two creations exactly one team', async () => {
    const me = await signInNewUser(ctx);
    const responses = await Promise.all([
      callApi(ctx, me, 'POST', '/api/teams', { name: 'Race A' }),
      callApi(ctx, me, 'POST', '/api/teams', { name: 'Race B' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(teams).where(eq(teams.createdBy, me.userId))).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'x' } });
    expect([401, 403]).toContain(response.statusCode);
  });
});

describe('GET /api/teams/current and members', () => {
  it('answers 404 for a user without a team', async () => {
    const me = await signInNewUser(ctx);
    for (const url of ['/api/teams/current', '/api/teams/current/members', '/api/teams/current/departments']) {
      const response = await callApi(ctx, me, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('shows the team with active member and department counts, and the members with profile and role', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx, 'Counted');
    const employee = await addMember(ctx, teamId, 'employee');
    await addMember(ctx, teamId, 'viewer');
    const current = await callApi(ctx, employee, 'GET', '/api/teams/current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      id: teamId,
      name: 'Counted',
      description: null,
      createdAt: expect.any(String),
      memberCount: 3,
      departmentCount: DEFAULT_DEPARTMENTS.length,
    });
    const members = await membersOf(employee);
    expect(members).toHaveLength(3);
    expect(members[0]).toEqual({
      userId: admin.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: admin.email,
      avatarUrl: null,
      role: 'admin',
      departmentId: null,
      department: null,
      customRole: null,
      customDepartment: null,
      joinedAt: expect.any(String),
      status: 'active',
    });
    expect(members.map((member) => member.role).sort()).toEqual(['admin', 'employee', 'viewer']);
  });

  it('shows the department name and defaults the role to employee when the member has no role row', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, 'viewer');
    const sales = await departmentIdOf(teamId, 'Sales');
    await db()
      .update(teamEmployees)
      .set({ departmentId: sales, customRole: 'Closer', customDepartment: 'EMEA' })
      .where(eq(teamEmployees.userId, member.userId));
    await db().delete(userRoles).where(eq(userRoles.userId, member.userId));
    const listed = (await membersOf(admin)).find((row) => row.userId === member.userId);
    expect(listed).toEqual(
      expect.objectContaining({
        role: 'employee',
        departmentId: sales,
        department: 'Sales',
        customRole: 'Closer',
        customDepartment: 'EMEA',
      }),
    );
  });
});

describe('departments', () => {
  it('lists, adds, renames and deletes for managers; members keep no department after a delete', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const lead = await addMember(ctx, teamId, 'team_lead');
    const listed = await callApi(ctx, lead, 'GET', '/api/teams/current/departments');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().departments).toHaveLength(DEFAULT_DEPARTMENTS.length);

    const added = await callApi(ctx, lead, 'POST', '/api/teams/current/departments', { name: ' Research ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(String), name: 'Research', createdAt: expect.any(String) });

    const renamed = await callApi(ctx, admin, 'PATCH', `/api/teams/current/departments/${added.json().id}`, {
      name: 'R&D',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('R&D');

    await db()
      .update(teamEmployees)
      .set({ departmentId: added.json().id })
      .where(eq(teamEmployees.userId, lead.userId));
    const deleted = await callApi(ctx, admin, 'DELETE', `/api/teams/current/departments/${added.json().id}`);
    expect(deleted.statusCode).toBe(204);
    const member = (await membersOf(admin)).find((row) => row.userId === lead.userId);
    expect(member).toEqual(expect.objectContaining({ departmentId: null, department: null, status: 'active' }));
    const again = await callApi(ctx, admin, 'DELETE', `/api/teams/current/departments/${added.json().id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a duplicate name in the same team (any case) with 409, but allows it in another team', async () => {
    const first = await createTeamWithAdmin(ctx);
    const second = await createTeamWithAdmin(ctx);
    const duplicate = await callApi(ctx, first.admin, 'POST', '/api/teams/current/departments', { name: 'sales' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe('A department with this name already exists');
    const engineering = await departmentIdOf(first.teamId, 'Engineering');
    const rename = await callApi(ctx, first.admin, 'PATCH', `/api/teams/current/departments/${engineering}`, {
      name: 'SALES',
    });
    expect(rename.statusCode).toBe(409);
    const elsewhere = await callApi(ctx, second.admin, 'POST', '/api/teams/current/departments', { name: 'Support' });
    expect(elsewhere.statusCode).toBe(201);
    const alsoHere = await callApi(ctx, first.admin, 'POST', '/api/teams/current/departments', { name: 'Support' });
    expect(alsoHere.statusCode).toBe(201);
  });

  it('requires a name', async () => {
    const { admin } = await createTeamWithAdmin(ctx);
    const response = await callApi(ctx, admin, 'POST', '/api/teams/current/departments', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Department name is required');
  });

  it.each(['employee', 'viewer'] as const)('refuses changes from a %s with 403', async (role) => {
    const { teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, role);
    const sales = await departmentIdOf(teamId, 'Sales');
    expect((await callApi(ctx, member, 'GET', '/api/teams/current/departments')).statusCode).toBe(200);
    const add = await callApi(ctx, member, 'POST', '/api/teams/current/departments', { name: 'Mine' });
    const rename = await callApi(ctx, member, 'PATCH', `/api/teams/current/departments/${sales}`, { name: 'Mine' });
    const remove = await callApi(ctx, member, 'DELETE', `/api/teams/current/departments/${sales}`);
    for (const response of [add, rename, remove]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    expect(await departmentIdOf(teamId, 'Sales')).toBe(sales);
  });
});

describe('PATCH /api/teams/current/members/:userId/role', () => {
  const roleUrl = (userId: string) => `/api/teams/current/members/${userId}/role`;

  it('lets an admin change a role, answering the member and the message; /api/me/role follows', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, 'employee');
    const response = await callApi(ctx, admin, 'PATCH', roleUrl(member.userId), { role: 'team_lead' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(TEAM_MESSAGES.roleUpdated);
    expect(response.json().member).toEqual(expect.objectContaining({ userId: member.userId, role: 'team_lead' }));
    const state = (await callApi(ctx, member, 'GET', '/api/me/role')).json();
    expect(state).toEqual(expect.objectContaining({ role: 'team_lead', canManageTeam: true, isAdmin: false }));
  });

  it.each(['team_lead', 'employee', 'viewer'] as const)('refuses a %s with the exact message', async (role) => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const caller = await addMember(ctx, teamId, role);
    const target = await addMember(ctx, teamId, 'viewer');
    for (const userId of [target.userId, admin.userId, caller.userId]) {
      const response = await callApi(ctx, caller, 'PATCH', roleUrl(userId), { role: 'employee' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({
        code: 'FORBIDDEN',
        reason: 'ONLY_ADMINS_ASSIGN_ROLES',
        message: TEAM_MESSAGES.onlyAdminsAssignRoles,
      });
    }
    expect((await callApi(ctx, target, 'GET', '/api/me/role')).json().role).toBe('viewer');
  });

  it.each([[{ role: 'owner' }], [{ role: '' }], [{}], [{ role: 3 }]])(
    'refuses %j with "Invalid role selected"',
    async (payload) => {
      const { admin, teamId } = await createTeamWithAdmin(ctx);
      const member = await addMember(ctx, teamId, 'employee');
      const response = await callApi(ctx, admin, 'PATCH', roleUrl(member.userId), payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          reason: 'INVALID_ROLE',
          message: TEAM_MESSAGES.invalidRole,
        }),
      );
    },
  );

  it('lets an admin promote another admin and then step down, but never demotes the last admin', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const alone = await callApi(ctx, admin, 'PATCH', roleUrl(admin.userId), { role: 'employee' });
    expect(alone.statusCode).toBe(409);
    expect(errorOf(alone).message).toBe('The last admin cannot be demoted. Make another member admin first.');

    const other = await addMember(ctx, teamId, 'employee');
    expect((await callApi(ctx, admin, 'PATCH', roleUrl(other.userId), { role: 'admin' })).statusCode).toBe(200);
    const stepDown = await callApi(ctx, admin, 'PATCH', roleUrl(admin.userId), { role: 'team_lead' });
    expect(stepDown.statusCode).toBe(200);
    const last = await callApi(ctx, other, 'PATCH', roleUrl(other.userId), { role: 'viewer' });
    expect(last.statusCode).toBe(409);
    expect((await callApi(ctx, other, 'GET', '/api/me/role')).json().role).toBe('admin');
  });

  it('answers 404 for a user who is not an active member', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const stranger = await signInNewUser(ctx);
    const removed = await addMember(ctx, teamId, 'employee');
    await callApi(ctx, admin, 'DELETE', `/api/teams/current/members/${removed.userId}`);
    for (const userId of [stranger.userId, removed.userId, 'no-such-user']) {
      const response = await callApi(ctx, admin, 'PATCH', roleUrl(userId), { role: 'viewer' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });
});

describe('DELETE /api/teams/current/members/:userId', () => {
  const memberUrl = (userId: string) => `/api/teams/current/members/${userId}`;

  it.each(['admin', 'team_lead'] as const)(
    'lets a %s remove a member: role gone, record inactive, off the list',
    async (role) => {
      const { admin, teamId } = await createTeamWithAdmin(ctx);
      const caller = role === 'admin' ? admin : await addMember(ctx, teamId, role);
      const member = await addMember(ctx, teamId, 'employee');
      const response = await callApi(ctx, caller, 'DELETE', memberUrl(member.userId));
      expect(response.statusCode).toBe(204);
      expect(await db().select().from(userRoles).where(eq(userRoles.userId, member.userId))).toEqual([]);
      const [record] = await db().select().from(teamEmployees).where(eq(teamEmployees.userId, member.userId));
      expect(record?.status).toBe('inactive');
      expect((await membersOf(admin)).map((row) => row.userId)).not.toContain(member.userId);
      expect((await callApi(ctx, member, 'GET', '/api/me/role')).json().hasTeam).toBe(false);
      expect((await callApi(ctx, member, 'GET', '/api/teams/current')).statusCode).toBe(404);
      expect((await callApi(ctx, caller, 'DELETE', memberUrl(member.userId))).statusCode).toBe(404);
    },
  );

  it.each(['employee', 'viewer'] as const)('refuses a %s with 403', async (role) => {
    const { teamId } = await createTeamWithAdmin(ctx);
    const caller = await addMember(ctx, teamId, role);
    const member = await addMember(ctx, teamId, 'employee');
    const response = await callApi(ctx, caller, 'DELETE', memberUrl(member.userId));
    expect(response.statusCode).toBe(403);
    expect((await callApi(ctx, member, 'GET', '/api/me/role')).json().hasTeam).toBe(true);
  });

  it('never removes oneself, an admin member, or the last admin', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const lead = await addMember(ctx, teamId, 'team_lead');
    const self = await callApi(ctx, lead, 'DELETE', memberUrl(lead.userId));
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe('You cannot remove yourself from the team');
    const selfAdmin = await callApi(ctx, admin, 'DELETE', memberUrl(admin.userId));
    expect(selfAdmin.statusCode).toBe(400);

    const lastAdmin = await callApi(ctx, lead, 'DELETE', memberUrl(admin.userId));
    expect(lastAdmin.statusCode).toBe(409);
    expect(errorOf(lastAdmin).message).toBe('The last admin cannot be removed');

    const secondAdmin = await addMember(ctx, teamId, 'admin');
    const adminMember = await callApi(ctx, admin, 'DELETE', memberUrl(secondAdmin.userId));
    expect(adminMember.statusCode).toBe(403);
    expect(errorOf(adminMember).message).toBe('An admin cannot be removed. Change their role first.');
    expect((await membersOf(admin)).map((row) => row.userId).sort()).toEqual(
      [admin.userId, lead.userId, secondAdmin.userId].sort(),
    );
  });
});
