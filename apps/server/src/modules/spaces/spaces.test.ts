import { randomUUID } from 'node:crypto';
import { SPACE_MESSAGES, type Space, type SpaceMember, TEAM_MESSAGES, type TeamStats } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

let ctx: TestContext;
let admin: Actor;
let lead: Actor;
let employee: Actor;
let viewer: Actor;
let teamId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, lead, employee, viewer, teamId } = await createTeamWithRoles(ctx, 'Globex'));
});
afterAll(async () => {
  await ctx?.close();
});

/** A first message of a space chat (POST /api/chat with the space's id). */
function chatInSpace(spaceId: string, text: string) {
  return { id: randomUUID(), spaceId, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] } };
}

async function createSpace(actor: Actor, payload: object) {
  return callApi(ctx, actor, 'POST', '/api/spaces', payload);
}

async function listSpaces(actor: Actor): Promise<Space[]> {
  return ((await callApi(ctx, actor, 'GET', '/api/spaces')).json() as { spaces: Space[] }).spaces;
}

describe('creating spaces', () => {
  it('lets a team lead create a space with any name; the creator becomes its admin', async () => {
    const response = await createSpace(lead, { name: '  Q3 Launch Plan ', description: 'Everything for Q3' });
    expect(response.statusCode).toBe(201);
    const space = response.json<Space>();
    expect(space).toMatchObject({
      teamId,
      name: 'Q3 Launch Plan',
      slug: 'q3-launch-plan',
      description: 'Everything for Q3',
      isPrivate: false,
      memberCount: 1,
      fileCount: 0,
      myRole: 'admin',
      permissions: { canView: true, canUpload: true, canEdit: true, canDelete: true, canManageRoles: true },
    });
    const bySlug = await callApi(ctx, employee, 'GET', '/api/spaces/by-slug/Q3-LAUNCH-PLAN');
    expect(bySlug.json()).toMatchObject({
      id: space.id,
      myRole: null,
      permissions: { canView: true, canUpload: false },
    });
  });

  it.each([
    [{}, SPACE_MESSAGES.nameRequired, 'SPACE_NAME_REQUIRED'],
    [{ name: '   ' }, SPACE_MESSAGES.nameRequired, 'SPACE_NAME_REQUIRED'],
    [{ name: '!!!' }, 'Space name needs at least one letter or digit', 'SPACE_NAME_NEEDS_LETTER'],
  ])('refuses %j with 400 %s', async (payload, message, reason) => {
    const response = await createSpace(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', reason, message });
  });

  it('refuses a second space with the same name in any case (409), and employees (403)', async () => {
    expect((await createSpace(admin, { name: 'Marketing' })).statusCode).toBe(201);
    const duplicate = await createSpace(lead, { name: 'MARKETING' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate)).toEqual({
      code: 'CONFLICT',
      reason: 'SPACE_NAME_TAKEN',
      message: SPACE_MESSAGES.nameTaken,
    });
    expect((await createSpace(employee, { name: 'Mine' })).statusCode).toBe(403);
    expect((await createSpace(await signInNewUser(ctx), { name: 'Nowhere' })).statusCode).toBe(404);
  });

  it('shows a private space only to its chosen members and team admins', async () => {
    const response = await createSpace(lead, { name: 'Board Room', isPrivate: true, memberIds: [employee.userId] });
    expect(response.statusCode).toBe(201);
    const space = response.json<Space>();
    expect(space.memberCount).toBe(2);
    expect((await listSpaces(employee)).map((item) => item.name)).toContain('Board Room');
    expect((await listSpaces(admin)).find((item) => item.id === space.id)?.myRole).toBe('admin');
    expect((await listSpaces(viewer)).map((item) => item.name)).not.toContain('Board Room');
    const hidden = await callApi(ctx, viewer, 'GET', `/api/spaces/${space.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toEqual({ code: 'NOT_FOUND', reason: 'SPACE_NOT_FOUND', message: SPACE_MESSAGES.notFound });
    expect((await callApi(ctx, viewer, 'GET', '/api/spaces/by-slug/board-room')).statusCode).toBe(404);
  });

  it('counts the spaces on the team stats and finds them in the team search', async () => {
    const stats = (await callApi(ctx, employee, 'GET', '/api/teams/current/stats')).json<TeamStats>();
    expect(stats.spaceCount).toBeGreaterThanOrEqual(3);
    const search = (await callApi(ctx, viewer, 'GET', '/api/teams/current/search?q=room')).json() as {
      spaces: Array<{ name: string }>;
    };
    // The viewer is not in the private Board Room.
    expect(search.spaces).toEqual([]);
    const found = (await callApi(ctx, employee, 'GET', '/api/teams/current/search?q=launch')).json() as {
      spaces: Array<{ name: string }>;
    };
    expect(found.spaces.map((space) => space.name)).toEqual(['Q3 Launch Plan']);
  });
});

describe('space roles', () => {
  let space: Space;
  beforeAll(async () => {
    space = (await createSpace(lead, { name: 'Roles Lab' })).json<Space>();
  });

  it('lets the space admin give a role (creating the assignment) and refuses everyone else', async () => {
    const url = `/api/spaces/${space.id}/members/${viewer.userId}/role`;
    const denied = await callApi(ctx, employee, 'PUT', url, { role: 'employee' });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied)).toEqual({
      code: 'FORBIDDEN',
      reason: 'ONLY_ADMINS_ASSIGN_ROLES',
      message: TEAM_MESSAGES.onlyAdminsAssignRoles,
    });
    const invalid = await callApi(ctx, lead, 'PUT', url, { role: 'owner' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'INVALID_ROLE',
      message: TEAM_MESSAGES.invalidRole,
    });

    const granted = await callApi(ctx, lead, 'PUT', url, { role: 'employee' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ message: TEAM_MESSAGES.roleUpdated });
    const members = (granted.json() as { members: SpaceMember[] }).members;
    expect(members.find((member) => member.userId === viewer.userId)?.role).toBe('employee');
    const asViewer = (await callApi(ctx, viewer, 'GET', `/api/spaces/${space.id}`)).json<Space>();
    expect(asViewer).toMatchObject({
      myRole: 'employee',
      permissions: { canView: true, canUpload: true, canEdit: false, canDelete: false, canManageRoles: false },
    });
  });

  it('applies the file matrix per role, and team admins act as admin', async () => {
    const cases = [
      ['team_lead', { canUpload: true, canEdit: true, canDelete: false }],
      ['viewer', { canUpload: false, canEdit: false, canDelete: false }],
      ['admin', { canUpload: true, canEdit: true, canDelete: true }],
    ] as const;
    for (const [role, expected] of cases) {
      await callApi(ctx, lead, 'PUT', `/api/spaces/${space.id}/members/${employee.userId}/role`, { role });
      const seen = (await callApi(ctx, employee, 'GET', `/api/spaces/${space.id}`)).json<Space>();
      expect(seen.permissions).toMatchObject(expected);
    }
    const asTeamAdmin = (await callApi(ctx, admin, 'GET', `/api/spaces/${space.id}`)).json<Space>();
    expect(asTeamAdmin.myRole).toBe('admin');
  });

  it('adds and removes members (team members only), renames and deletes the space', async () => {
    const outsider = await signInNewUser(ctx);
    const notInTeam = await callApi(ctx, lead, 'POST', `/api/spaces/${space.id}/members`, { userId: outsider.userId });
    expect(notInTeam.statusCode).toBe(404);
    const added = await callApi(ctx, lead, 'POST', `/api/spaces/${space.id}/members`, { userId: viewer.userId });
    expect(added.statusCode).toBe(200);
    expect((await callApi(ctx, lead, 'DELETE', `/api/spaces/${space.id}/members/${lead.userId}`)).statusCode).toBe(400);
    expect((await callApi(ctx, lead, 'DELETE', `/api/spaces/${space.id}/members/${viewer.userId}`)).statusCode).toBe(
      204,
    );

    const renamed = await callApi(ctx, lead, 'PATCH', `/api/spaces/${space.id}`, { name: 'Roles Studio' });
    expect(renamed.json()).toMatchObject({ name: 'Roles Studio', slug: 'roles-studio' });
    expect((await callApi(ctx, viewer, 'DELETE', `/api/spaces/${space.id}`)).statusCode).toBe(403);
    expect((await callApi(ctx, lead, 'DELETE', `/api/spaces/${space.id}`)).statusCode).toBe(204);
    expect((await callApi(ctx, lead, 'GET', `/api/spaces/${space.id}`)).statusCode).toBe(404);

    const activity = (await callApi(ctx, admin, 'GET', '/api/teams/current/activity?limit=100')).json() as {
      entries: Array<{ action: string; target: string | null }>;
    };
    expect(activity.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'space_delete', target: 'Roles Studio' }),
        expect.objectContaining({ action: 'space_create', target: 'Roles Lab' }),
      ]),
    );
  });
});

describe('space invitations', () => {
  it('mails a token link; the invited team member joins with the invited role (default viewer)', async () => {
    const space = (await createSpace(lead, { name: 'Invite Garden', isPrivate: true })).json<Space>();
    const invited = await addMember(ctx, teamId, 'employee');
    const response = await callApi(ctx, lead, 'POST', `/api/spaces/${space.id}/invitations`, { email: invited.email });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ emailSent: true });
    const mail = await ctx.smtp.waitForMail(invited.email, { subject: /invited you to the space/ });
    const token = new URL(findLink(mail, '/spaces-management')).searchParams.get('token') ?? '';

    const stranger = await addMember(ctx, teamId, 'employee');
    const refused = await callApi(ctx, stranger, 'POST', `/api/space-invitations/${token}/accept`);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe(SPACE_MESSAGES.acceptFailed);

    const accepted = await callApi(ctx, invited, 'POST', `/api/space-invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: space.id, myRole: 'viewer' });
    const again = await callApi(ctx, invited, 'POST', `/api/space-invitations/${token}/accept`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a blank or malformed email with the form message', async () => {
    const space = (await createSpace(admin, { name: 'Mail Checks' })).json<Space>();
    const blank = await callApi(ctx, admin, 'POST', `/api/spaces/${space.id}/invitations`, { email: '' });
    expect(errorOf(blank).message).toBe('Email is required');
    const bad = await callApi(ctx, admin, 'POST', `/api/spaces/${space.id}/invitations`, { email: 'nope' });
    expect(errorOf(bad).message).toBe('Please enter a valid email address');
  });
});

describe('spaces across teams', () => {
  it("never lists, reads, changes or joins another team's spaces", async () => {
    const space = (await createSpace(admin, { name: 'Secret Sauce' })).json<Space>();
    const other = await createTeamWithAdmin(ctx, 'Initech');
    const outsiders = [other.admin, await addMember(ctx, other.teamId, 'employee'), await signInNewUser(ctx)];
    for (const actor of outsiders) {
      const listed = await callApi(ctx, actor, 'GET', '/api/spaces');
      expect(listed.body).not.toContain(space.id);
      for (const [method, url, payload] of [
        ['GET', `/api/spaces/${space.id}`, undefined],
        ['GET', '/api/spaces/by-slug/secret-sauce', undefined],
        ['GET', `/api/spaces/${space.id}/members`, undefined],
        ['PATCH', `/api/spaces/${space.id}`, { name: 'Taken' }],
        ['DELETE', `/api/spaces/${space.id}`, undefined],
        ['POST', `/api/spaces/${space.id}/members`, { userId: actor.userId, role: 'admin' }],
        ['PUT', `/api/spaces/${space.id}/members/${actor.userId}/role`, { role: 'admin' }],
        ['POST', `/api/spaces/${space.id}/invitations`, { email: 'x@example.com' }],
        ['DELETE', `/api/spaces/${space.id}/members/${admin.userId}`, undefined],
        ['GET', `/api/spaces/${space.id}/files`, undefined],
        ['POST', '/api/chat', chatInSpace(space.id, 'What is the secret?')],
        ['GET', `/api/conversations?spaceId=${space.id}`, undefined],
      ] as const) {
        const response = await callApi(ctx, actor, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // A space invitation of team A cannot be accepted from team B, even with the invited address.
    await callApi(ctx, admin, 'POST', `/api/spaces/${space.id}/invitations`, { email: other.admin.email });
    const mail = await ctx.smtp.waitForMail(other.admin.email, { subject: /invited you to the space/ });
    const token = new URL(findLink(mail, '/spaces-management')).searchParams.get('token') ?? '';
    const refused = await callApi(ctx, other.admin, 'POST', `/api/space-invitations/${token}/accept`);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe(SPACE_MESSAGES.acceptFailed);
    // Team B may use the same name: slugs are unique per team only.
    expect((await callApi(ctx, other.admin, 'POST', '/api/spaces', { name: 'Secret Sauce' })).statusCode).toBe(201);
    expect((await callApi(ctx, admin, 'GET', `/api/spaces/${space.id}`)).json()).toMatchObject({
      name: 'Secret Sauce',
    });
  });
});
