import type { RoleState } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { seedMember } from '../../test/seed.ts';
import {
  createInstance,
  isOnServer,
  openInstanceDatabase,
  removeInstances,
  signIn,
  start,
} from '../../test/server-process.ts';
import { addMember, callApi, createTeamWithAdmin, errorOf, signInNewUser } from '../../test/team-fixtures.ts';
import { findMembership } from './access.repository.ts';
import { createMembershipCache, MEMBERSHIP_CACHE_TTL_MS, membershipCacheOf } from './membership-cache.ts';

/**
 * The membership cache (ADR 0115) answers "which team, which role" for a user seen in the last seconds without the
 * database, and never for a membership that changed: a role change and a removal show at once, here and on the
 * other instances.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.database.db;

describe('a member is answered from the cache', () => {
  it('a seen membership is not read again within the TTL (its row deleted behind the app still shows)', async () => {
    const { teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, 'viewer');
    const roleOf = async () => (await callApi(ctx, member, 'GET', '/api/me/role')).json<RoleState>();
    expect((await roleOf()).role).toBe('viewer');
    await db().delete(userRoles).where(eq(userRoles.userId, member.userId));
    expect(await roleOf()).toEqual(expect.objectContaining({ role: 'viewer', teamId, teamName: 'Acme' }));
    expect(membershipCacheOf(db())?.lookup(member.userId)).toEqual({ teamId, role: 'viewer', teamName: 'Acme' });
  });

  it('keeps nothing for a user without a team: joining shows at once', async () => {
    const { teamId } = await createTeamWithAdmin(ctx);
    const newcomer = await signInNewUser(ctx);
    expect((await callApi(ctx, newcomer, 'GET', '/api/me/role')).json<RoleState>().hasTeam).toBe(false);
    await seedMember(db(), newcomer.email, teamId, 'employee');
    expect((await callApi(ctx, newcomer, 'GET', '/api/me/role')).json<RoleState>().role).toBe('employee');
  });

  it('hands out a frozen membership: no caller can change what later requests read', async () => {
    const { admin } = await createTeamWithAdmin(ctx);
    const membership = await findMembership(db(), admin.userId);
    expect(Object.isFrozen(membership)).toBe(true);
    expect(await findMembership(db(), admin.userId)).toBe(membership);
  });
});

describe('a changed membership is forgotten at once', () => {
  it('a removed member gets NO_TEAM on their next request', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, 'employee');
    expect((await callApi(ctx, member, 'GET', '/api/teams/current/members')).statusCode).toBe(200);
    const removed = await callApi(ctx, admin, 'DELETE', `/api/teams/current/members/${member.userId}`);
    expect(removed.statusCode).toBe(204);
    const after = await callApi(ctx, member, 'GET', '/api/teams/current/members');
    expect(after.statusCode).toBe(404);
    expect(errorOf(after).reason).toBe('NO_TEAM');
    expect((await callApi(ctx, member, 'GET', '/api/me/role')).json<RoleState>().hasTeam).toBe(false);
  });

  it('a demoted member loses a manager route on their next request', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const lead = await addMember(ctx, teamId, 'team_lead');
    const invitationsOf = () => callApi(ctx, lead, 'GET', '/api/teams/current/invitations');
    expect((await invitationsOf()).statusCode).toBe(200);
    const demoted = await callApi(ctx, admin, 'PATCH', `/api/teams/current/members/${lead.userId}/role`, {
      role: 'viewer',
    });
    expect(demoted.statusCode).toBe(200);
    expect((await invitationsOf()).statusCode).toBe(403);
  });
});

describe('the cache itself', () => {
  const membership = (teamId: string) => ({ teamId, role: 'employee' as const, teamName: teamId });

  it('forgets by user and by team, and expires after its TTL', async () => {
    let now = 1_000_000;
    const cache = createMembershipCache({ ttlMs: 30_000, now: () => now });
    cache.store('u1', membership('t1'), cache.generation);
    cache.store('u2', membership('t1'), cache.generation);
    cache.store('u3', membership('t2'), cache.generation);
    await cache.forget({ userId: 'u1' });
    expect(cache.lookup('u1')).toBeUndefined();
    expect(cache.lookup('u2')?.teamId).toBe('t1');
    await cache.forget({ teamId: 't1' });
    expect(cache.lookup('u2')).toBeUndefined();
    expect(cache.lookup('u3')?.teamId).toBe('t2');
    now += 30_000;
    expect(cache.lookup('u3')).toBeUndefined();
  });

  it('does not store what a lookup found if a membership was forgotten meanwhile', async () => {
    const cache = createMembershipCache();
    const started = cache.generation;
    await cache.forget({ userId: 'u1' });
    cache.store('u1', membership('t1'), started);
    expect(cache.lookup('u1')).toBeUndefined();
  });
});

describe.skipIf(!isOnServer)('two instances on one PostgreSQL server', { timeout: 180_000 }, () => {
  afterEach(removeInstances);

  it("a role changed on A shows on B long before B's cached entry would expire", async () => {
    const a = await createInstance();
    const b = await createInstance({}, { sharesDatabaseWith: a });
    await Promise.all([start(a), start(b)]);
    const adminCookie = await signIn(a);
    const memberEmail = `member-${Date.now()}@example.com`;
    const memberCookie = await signIn(a, memberEmail);
    const headers = { 'content-type': 'application/json', origin: a.base, cookie: adminCookie };
    const created = await fetch(`${a.base}/api/teams`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Acme' }),
    });
    expect(created.status).toBe(201);
    const teamId = ((await created.json()) as { team: { id: string } }).team.id;
    const database = await openInstanceDatabase(a);
    const memberId = await seedMember(database.db, memberEmail, teamId, 'employee').finally(() => database.close());
    const roleOnB = async () =>
      ((await (await fetch(`${b.base}/api/me/role`, { headers: { cookie: memberCookie } })).json()) as RoleState).role;
    expect(await roleOnB()).toBe('employee');
    expect(await roleOnB()).toBe('employee');
    const changed = await fetch(`${a.base}/api/teams/current/members/${memberId}/role`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(changed.status).toBe(200);
    // Well before the cached entry would expire: B heard the change (a timing target belongs to a benchmark).
    await expect.poll(roleOnB, { timeout: MEMBERSHIP_CACHE_TTL_MS / 3, interval: 20 }).toBe('viewer');
  });
});
