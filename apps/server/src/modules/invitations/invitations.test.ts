import { INVITATION_MESSAGES, type Invitation, type PublicInvitation, type TeamMember } from '@lumen/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations, user } from '../../db/schema/index.ts';
import { findBrokenAuditEntry } from '../../platform/audit.ts';
import {
  buildTestApp,
  confirmEmail,
  makeUser,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';

let ctx: TestContext;
let admin: Actor;
let teamId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, teamId } = await createTeamWithAdmin(ctx, 'Acme Marketing'));
});
afterAll(async () => {
  await ctx?.close();
});

async function invite(actor: Actor, payload: object) {
  return callApi(ctx, actor, 'POST', '/api/teams/current/invitations', payload);
}

async function members(actor: Actor): Promise<TeamMember[]> {
  return ((await callApi(ctx, actor, 'GET', '/api/teams/current/members')).json() as { members: TeamMember[] }).members;
}

function getPublic(id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/invitations/${id}` });
}

/** The id in the invitation mail's /accept-invitation?id= link. */
async function invitationIdFromMail(email: string): Promise<string> {
  const mail = await ctx.smtp.waitForMail(email, { subject: /invited you/ });
  const link = new URL(findLink(mail, '/accept-invitation'));
  expect(link.origin).toBe(ctx.config.APP_URL);
  return link.searchParams.get('id') ?? '';
}

describe('creating an invitation', () => {
  it('stores it, mails a link to /accept-invitation?id=… and says it was sent', async () => {
    const departments = (await callApi(ctx, admin, 'GET', '/api/teams/current/departments')).json() as {
      departments: Array<{ id: string; name: string }>;
    };
    const sales = departments.departments.find((department) => department.name === 'Sales');
    const response = await invite(admin, {
      email: 'Grace.Hopper@Example.com',
      fullName: 'Grace Hopper',
      role: 'team_lead',
      departmentId: sales?.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { invitation: Invitation; emailSent: boolean; message: string };
    expect(body).toMatchObject({ emailSent: true, message: INVITATION_MESSAGES.sent });
    expect(body.invitation).toMatchObject({
      email: 'grace.hopper@example.com',
      fullName: 'Grace Hopper',
      role: 'team_lead',
      department: 'Sales',
      status: 'pending',
      invitedBy: { userId: admin.userId, name: 'Ada Lovelace' },
    });
    // Unguessable: a random UUID (122 random bits), expiring after the default 7 days.
    expect(body.invitation.id).toMatch(/^[0-9a-f-]{36}$/);
    const days = (Date.parse(body.invitation.expiresAt) - Date.parse(body.invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);

    const mail = await ctx.smtp.waitForMail('grace.hopper@example.com', { subject: /invited you/ });
    expect(mail.subject).toBe('Ada Lovelace invited you to Acme Marketing on Lumen');
    expect(mail.text).toContain('as a team lead in Sales');
    expect(await invitationIdFromMail('grace.hopper@example.com')).toBe(body.invitation.id);

    const listed = (await callApi(ctx, admin, 'GET', '/api/teams/current/invitations')).json() as {
      invitations: Invitation[];
    };
    expect(listed.invitations.map((invitation) => invitation.id)).toContain(body.invitation.id);
  });

  it.each([
    [{}, INVITATION_MESSAGES.emailRequired],
    [{ email: '   ' }, INVITATION_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, INVITATION_MESSAGES.emailInvalid],
    [{ email: 'a@example.com', role: 'owner' }, 'Invalid role selected'],
  ])('refuses %j with 400 %s', async (payload, message) => {
    const response = await invite(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
  });

  it('refuses a department of another team (404) and an address already in the team (409)', async () => {
    const other = await createTeamWithAdmin(ctx, 'Other');
    const foreign = (await callApi(ctx, other.admin, 'GET', '/api/teams/current/departments')).json() as {
      departments: Array<{ id: string }>;
    };
    const response = await invite(admin, { email: 'x@example.com', departmentId: foreign.departments[0]?.id });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Department not found');

    const member = await addMember(ctx, teamId, 'viewer');
    const duplicate = await invite(admin, { email: member.email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe(INVITATION_MESSAGES.alreadyMember);
  });

  it('lets team leads invite up to their own role; employees, viewers and users without a team cannot', async () => {
    const lead = await addMember(ctx, teamId, 'team_lead');
    expect((await invite(lead, { email: 'new-employee@example.com' })).statusCode).toBe(201);
    const aboveOwn = await invite(lead, { email: 'new-admin@example.com', role: 'admin' });
    expect(aboveOwn.statusCode).toBe(403);
    expect(errorOf(aboveOwn).message).toBe('You cannot invite someone with a role above your own');

    const pending = (await invite(admin, { email: 'kept@example.com' })).json() as { invitation: Invitation };
    for (const role of ['employee', 'viewer'] as const) {
      const member = await addMember(ctx, teamId, role);
      expect((await invite(member, { email: 'someone@example.com' })).statusCode).toBe(403);
      expect((await callApi(ctx, member, 'GET', '/api/teams/current/invitations')).statusCode).toBe(403);
      const url = `/api/teams/current/invitations/${pending.invitation.id}`;
      expect((await callApi(ctx, member, 'DELETE', url)).statusCode).toBe(403);
    }
    const loner = await signInNewUser(ctx);
    expect((await invite(loner, { email: 'someone@example.com' })).statusCode).toBe(404);
  });

  it('withdraws an earlier pending invitation to the same address: only the newest link works', async () => {
    const first = (await invite(admin, { email: 'twice@example.com' })).json() as { invitation: Invitation };
    const second = (await invite(admin, { email: 'twice@example.com', role: 'viewer' })).json() as {
      invitation: Invitation;
    };
    expect((await getPublic(first.invitation.id)).statusCode).toBe(404);
    expect((await getPublic(second.invitation.id)).json()).toMatchObject({ role: 'viewer', status: 'pending' });
  });

  it('keeps the invitation and says the mail failed when it cannot be sent', async () => {
    const noMail = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const team = await createTeamWithAdminOn(noMail);
      const response = await callApi(noMail, team, 'POST', '/api/teams/current/invitations', {
        email: 'lost@example.com',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ emailSent: false, message: INVITATION_MESSAGES.createdEmailFailed });
      const listed = (await callApi(noMail, team, 'GET', '/api/teams/current/invitations')).json() as {
        invitations: Invitation[];
      };
      expect(listed.invitations.map((invitation) => invitation.email)).toEqual(['lost@example.com']);
    } finally {
      await noMail.close();
    }
  });

  it('rate limits invitations per user', async () => {
    const limited = await buildTestApp({ INVITATION_RATE_LIMIT_MAX: '2' });
    try {
      const team = await createTeamWithAdmin(limited);
      for (const n of [1, 2]) {
        const ok = await callApi(limited, team.admin, 'POST', '/api/teams/current/invitations', {
          email: `r${n}@example.com`,
        });
        expect(ok.statusCode).toBe(201);
      }
      const refused = await callApi(limited, team.admin, 'POST', '/api/teams/current/invitations', {
        email: 'r3@example.com',
      });
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).message).toMatch(/^You have sent too many invitations\. Please wait \d+ minutes/);
    } finally {
      await limited.close();
    }
  });
});

/** An admin with a team on an app whose mail cannot be sent: the account is confirmed directly in its database. */
async function createTeamWithAdminOn(other: TestContext): Promise<Actor> {
  const person = makeUser();
  expect((await signUp(other, person)).statusCode).toBe(200);
  await other.app.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, person.email));
  const signIn = await other.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: TEST_ORIGIN,
    payload: { email: person.email, password: person.password },
  });
  const cookie = signIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const [row] = await other.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, person.email));
  const actor = { cookie, userId: row?.id ?? '', email: person.email };
  expect((await callApi(other, actor, 'POST', '/api/teams', { name: 'No Mail Inc' })).statusCode).toBe(201);
  return actor;
}

describe('reading an invitation (public)', () => {
  it('shows the team, role, inviter and status without a session', async () => {
    const created = (await invite(admin, { email: 'reader@example.com', customRole: 'Copywriter' })).json() as {
      invitation: Invitation;
    };
    const response = await getPublic(created.invitation.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<PublicInvitation>()).toMatchObject({
      email: 'reader@example.com',
      role: 'employee',
      customRole: 'Copywriter',
      teamName: 'Acme Marketing',
      invitedByName: 'Ada Lovelace',
      status: 'pending',
      acceptedAt: null,
    });
  });

  it.each([
    ['an unknown id', '6f1c2b0e-6a4e-4f9e-9a59-0c3c4b1d2e3f'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers %s with 404 Invitation not found', async (_label, id) => {
    const response = await getPublic(id);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(INVITATION_MESSAGES.notFound);
  });

  it('reports an expired invitation as expired', async () => {
    const created = (await invite(admin, { email: 'late@example.com' })).json() as { invitation: Invitation };
    await expireInvitation(created.invitation.id);
    expect((await getPublic(created.invitation.id)).json()).toMatchObject({ status: 'expired' });
  });
});

async function expireInvitation(id: string) {
  await ctx.app.database.db
    .update(teamInvitations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(teamInvitations.id, id));
}

function accept(actor: Actor, id: string) {
  return callApi(ctx, actor, 'POST', `/api/invitations/${id}/accept`);
}

describe('accepting an invitation', () => {
  it('joins the team with the invited role, department and labels; a second call is still a success', async () => {
    const invitee = await signInNewUser(ctx);
    const created = (
      await invite(admin, { email: invitee.email, role: 'viewer', customDepartment: 'Field Ops', customRole: 'Scout' })
    ).json() as { invitation: Invitation };

    const response = await accept(invitee, created.invitation.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      teamId,
      teamName: 'Acme Marketing',
      roleState: { role: 'viewer', teamId, hasTeam: true, canManageTeam: false },
      message: INVITATION_MESSAGES.accepted,
    });
    const joined = (await members(admin)).find((member) => member.userId === invitee.userId);
    expect(joined).toMatchObject({ role: 'viewer', customDepartment: 'Field Ops', customRole: 'Scout' });
    expect((await callApi(ctx, invitee, 'GET', '/api/me/role')).json()).toMatchObject({ role: 'viewer', teamId });
    expect((await getPublic(created.invitation.id)).json()).toMatchObject({ status: 'accepted' });

    const again = await accept(invitee, created.invitation.id);
    expect(again.statusCode).toBe(200);
  });

  it('refuses another account with the different-email message, and an accepted invitation to anyone else', async () => {
    const invitee = await signInNewUser(ctx);
    const stranger = await signInNewUser(ctx);
    const created = (await invite(admin, { email: invitee.email })).json() as { invitation: Invitation };

    const wrong = await accept(stranger, created.invitation.id);
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).message).toBe(INVITATION_MESSAGES.differentEmail);
    expect((await callApi(ctx, stranger, 'GET', '/api/me/role')).json()).toMatchObject({ hasTeam: false });

    expect((await accept(invitee, created.invitation.id)).statusCode).toBe(200);
    const late = await accept(stranger, created.invitation.id);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(INVITATION_MESSAGES.alreadyAccepted);
  });

  it('refuses an expired invitation (410), an unknown one (404) and a user of another team (409)', async () => {
    const invitee = await signInNewUser(ctx);
    const expired = (await invite(admin, { email: invitee.email })).json() as { invitation: Invitation };
    await expireInvitation(expired.invitation.id);
    const response = await accept(invitee, expired.invitation.id);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response)).toEqual({
      code: 'GONE',
      reason: 'INVITATION_EXPIRED',
      message: INVITATION_MESSAGES.expired,
    });

    const unknown = await accept(invitee, 'b1b2c3d4-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ reason: 'INVITATION_NOT_FOUND', message: INVITATION_MESSAGES.notFound });

    const other = await createTeamWithAdmin(ctx, 'Elsewhere');
    const created = (await invite(admin, { email: other.admin.email })).json() as { invitation: Invitation };
    const busy = await accept(other.admin, created.invitation.id);
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy)).toMatchObject({
      reason: 'ALREADY_IN_ANOTHER_TEAM',
      message: INVITATION_MESSAGES.alreadyInAnotherTeam,
    });
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations/b1b2c3d4-0000-4000-8000-000000000000/accept',
      headers: TEST_ORIGIN,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('revoking an invitation', () => {
  it('removes a pending invitation; an accepted or unknown one answers 404', async () => {
    const created = (await invite(admin, { email: 'revoked@example.com' })).json() as { invitation: Invitation };
    const revoked = await callApi(ctx, admin, 'DELETE', `/api/teams/current/invitations/${created.invitation.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await getPublic(created.invitation.id)).statusCode).toBe(404);
    expect(
      (await callApi(ctx, admin, 'DELETE', `/api/teams/current/invitations/${created.invitation.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('signing up with an invite code', () => {
  it('joins the team when the email is confirmed, then forgets the code', async () => {
    const person = makeUser({ email: 'invited-signup@example.com' });
    const created = (await invite(admin, { email: person.email, role: 'employee' })).json() as {
      invitation: Invitation;
    };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: TEST_ORIGIN,
      payload: { ...person, inviteCode: created.invitation.id, callbackURL: '/employee-dashboard' },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).not.toContain(created.invitation.id);

    const { cookie, location } = await confirmEmail(ctx, person.email);
    expect(location).toContain('/employee-dashboard');
    const role = await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie } });
    expect(role.json()).toMatchObject({ role: 'employee', teamId, teamName: 'Acme Marketing' });
    const [row] = await ctx.app.database.db
      .select({ inviteCode: user.inviteCode })
      .from(user)
      .where(eq(user.email, person.email));
    expect(row?.inviteCode).toBeNull();
  });

  it('does not join with a code meant for another address, and still confirms the account', async () => {
    const created = (await invite(admin, { email: 'someone-else@example.com' })).json() as { invitation: Invitation };
    const person = makeUser();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: TEST_ORIGIN,
      payload: { ...person, inviteCode: created.invitation.id, callbackURL: '/employee-dashboard' },
    });
    const { cookie } = await confirmEmail(ctx, person.email);
    const role = await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie } });
    expect(role.json()).toMatchObject({ hasTeam: false });
    expect((await getPublic(created.invitation.id)).json()).toMatchObject({ status: 'pending' });
  });

  it('refuses a malformed invite code at sign-up with the form message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: TEST_ORIGIN,
      payload: { ...makeUser(), inviteCode: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain('Invite code must be a valid UUID');
  });
});

describe('the audit trail of team events', () => {
  it('is one intact hash chain per team, and the database refuses to change or delete entries', async () => {
    // Concurrent writers queue on the team's lock and extend one chain.
    const created = await Promise.all(
      ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((name) =>
        callApi(ctx, admin, 'POST', '/api/teams/current/departments', { name }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await findBrokenAuditEntry(ctx.app.database.db, teamId)).toBeNull();
    await expect(ctx.app.database.db.execute(sql`update audit_logs set action = 'forged'`)).rejects.toThrow();
    await expect(ctx.app.database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
  });

  it('detects an entry changed behind the trigger', async () => {
    const db = ctx.app.database.db;
    const tampered = await buildTestApp();
    try {
      const team = await createTeamWithAdmin(tampered, 'Tamper Co');
      await callApi(tampered, team.admin, 'POST', '/api/teams/current/departments', { name: 'Audit' });
      const tamperedDb = tampered.app.database.db;
      expect(await findBrokenAuditEntry(tamperedDb, team.teamId)).toBeNull();
      await tamperedDb.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await tamperedDb.execute(
        sql`update audit_logs set metadata = '{"target":"Forged"}' where action = 'department_create'`,
      );
      expect(await findBrokenAuditEntry(tamperedDb, team.teamId)).toEqual(expect.any(String));
    } finally {
      await tampered.close();
    }
    expect(await findBrokenAuditEntry(db, teamId)).toBeNull();
  });
});
