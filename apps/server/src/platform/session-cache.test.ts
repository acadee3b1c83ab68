import type { RoleState } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema/index.ts';
import {
  buildTestApp,
  cookiesFrom,
  createSignedInUser,
  TEST_ORIGIN,
  type TestContext,
} from '../test/build-test-app.ts';
import { findLink } from '../test/fakes/smtp-peer.ts';
import { createInstance, isOnServer, removeInstances, signIn, start } from '../test/server-process.ts';
import { addMember, callApi, createTeamWithAdmin } from '../test/team-fixtures.ts';
import { createSessionCache, SESSION_CACHE_TTL_MS, type SessionRecord } from './session-cache.ts';

/**
 * The session cache (ADR 0114) answers a cookie it saw in the last seconds without the database, and never answers
 * for a session that ended: sign-out, a password change or reset, 'Sign out everywhere' and a replaced session are
 * refused at once; a role change shows at once (the membership cache forgets it, ADR 0115).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

const roleStatus = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie } })).statusCode;

/** Signed in, with the cookie's session in the cache (the second request is answered from it). */
async function cachedSignIn() {
  const { user, cookie } = await createSignedInUser(ctx);
  expect(await roleStatus(cookie)).toBe(200);
  expect(ctx.app.sessionCache.lookup(cookie)).toBeDefined();
  return { user, cookie };
}

describe('a signed-in request is answered from the cache', () => {
  it('a seen cookie needs no lookup: its session row is not read again within the TTL', async () => {
    const { cookie } = await cachedSignIn();
    // Deleted behind the app's back (no hook, no notice): only a lookup would notice, and the cache makes none.
    const token = decodeURIComponent(cookie.split('lumen.session_token=')[1]?.split(';')[0] ?? '').split('.')[0];
    await ctx.app.database.db.delete(session).where(eq(session.token, String(token)));
    expect(await roleStatus(cookie)).toBe(200);
    ctx.app.sessionCache.clear();
    expect(await roleStatus(cookie)).toBe(401);
  });

  it('a request without cookies is refused without a lookup', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me/role' });
    expect(response.statusCode).toBe(401);
  });
});

describe('an ended session is refused at once', () => {
  it('sign-out: the old cookie gets 401', async () => {
    const { cookie } = await cachedSignIn();
    expect((await post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect(await roleStatus(cookie)).toBe(401);
  });

  it("a password change: the other sessions' cookies get 401, the renewed one works", async () => {
    const { user, cookie: first } = await cachedSignIn();
    const signedIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    const second = cookiesFrom(signedIn);
    expect(await roleStatus(second)).toBe(200);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'a changed password' },
      first,
    );
    expect(changed.statusCode).toBe(200);
    expect(await roleStatus(second)).toBe(401);
    expect(await roleStatus(first)).toBe(401);
    expect(await roleStatus(cookiesFrom(changed, first))).toBe(200);
  });

  it("'Sign out everywhere': every session's cookie gets 401", async () => {
    const { user, cookie: first } = await cachedSignIn();
    const second = cookiesFrom(await post('/api/auth/sign-in/email', { email: user.email, password: user.password }));
    expect(await roleStatus(second)).toBe(200);
    expect((await post('/api/auth/revoke-sessions', {}, first)).statusCode).toBe(200);
    expect(await roleStatus(first)).toBe(401);
    expect(await roleStatus(second)).toBe(401);
  });

  it('a password reset by mail: the cookies of the account get 401', async () => {
    const { user, cookie } = await cachedSignIn();
    const before = ctx.smtp.messages.length;
    await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?mode=reset' });
    const mail = await ctx.smtp.waitForMail(user.email, { subject: /reset/i, after: before });
    const link = new URL(findLink(mail, '/api/auth/reset-password/'));
    const landing = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(String(landing.headers.location), ctx.config.APP_URL).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a brand new password' })).statusCode).toBe(
      200,
    );
    expect(await roleStatus(cookie)).toBe(401);
  });

  it('a sign-in in the same browser: the session it replaced gets 401', async () => {
    const { user, cookie } = await cachedSignIn();
    const signedIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(await roleStatus(cookie)).toBe(401);
    expect(await roleStatus(cookiesFrom(signedIn, cookie))).toBe(200);
  });
});

describe('what the cache does not keep', () => {
  it('a role change shows on /api/me/role at once', async () => {
    const { admin, teamId } = await createTeamWithAdmin(ctx);
    const member = await addMember(ctx, teamId, 'employee');
    const roleOf = async () => (await callApi(ctx, member, 'GET', '/api/me/role')).json<RoleState>().role;
    expect(await roleOf()).toBe('employee');
    expect(await roleOf()).toBe('employee');
    const changed = await callApi(ctx, admin, 'PATCH', `/api/teams/current/members/${member.userId}/role`, {
      role: 'team_lead',
    });
    expect(changed.statusCode).toBe(200);
    expect(await roleOf()).toBe('team_lead');
  });

  it('a changed name shows at once (a user update forgets their sessions)', async () => {
    const { cookie } = await cachedSignIn();
    const updated = await post('/api/auth/update-user', { firstName: 'Grace', lastName: 'Hopper' }, cookie);
    expect(updated.statusCode).toBe(200);
    expect(ctx.app.sessionCache.lookup(cookie)).toBeUndefined();
  });
});

describe('the cache itself', () => {
  const record = (token: string, userId: string, expiresAt = new Date(Date.now() + 60_000)): SessionRecord => ({
    user: { id: userId, email: `${userId}@example.com`, name: userId },
    session: { token, userId, expiresAt },
  });

  it('keeps an entry for the TTL, never past the session, and drops the least recently used', () => {
    let now = 1_000_000;
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 2, now: () => now });
    cache.store('a', record('ta', 'u1'), cache.generation);
    cache.store('b', record('tb', 'u2', new Date(now + 5_000)), cache.generation);
    expect(cache.lookup('a')?.id).toBe('u1');
    cache.store('c', record('tc', 'u3'), cache.generation);
    // 'b' was the least recently used.
    expect(cache.lookup('b')).toBeUndefined();
    now += 29_000;
    expect(cache.lookup('a')?.id).toBe('u1');
    now += 2_000;
    expect(cache.lookup('a')).toBeUndefined();
    cache.store('d', record('td', 'u4', new Date(now + 5_000)), cache.generation);
    now += 5_000;
    expect(cache.lookup('d')).toBeUndefined();
  });

  it('does not store what a lookup found if a session was forgotten meanwhile', async () => {
    const cache = createSessionCache();
    const started = cache.generation;
    await cache.forget({ token: 'ta' });
    cache.store('a', record('ta', 'u1'), started);
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('forgets by token and by user', async () => {
    const cache = createSessionCache();
    cache.store('a', record('ta', 'u1'), cache.generation);
    cache.store('b', record('tb', 'u1'), cache.generation);
    cache.store('c', record('tc', 'u2'), cache.generation);
    await cache.forget({ token: 'ta' });
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('b')?.id).toBe('u1');
    await cache.forget({ userId: 'u1' });
    expect(cache.lookup('b')).toBeUndefined();
    expect(cache.lookup('c')?.id).toBe('u2');
  });
});

describe.skipIf(!isOnServer)('two instances on one PostgreSQL server', { timeout: 180_000 }, () => {
  afterEach(removeInstances);

  it("a sign-out on A makes B refuse the cookie long before B's cached session would expire", async () => {
    const a = await createInstance();
    const b = await createInstance({}, { sharesDatabaseWith: a });
    await Promise.all([start(a), start(b)]);
    const cookie = await signIn(a);
    const statusOnB = async () => (await fetch(`${b.base}/api/me/role`, { headers: { cookie } })).status;
    expect(await statusOnB()).toBe(200);
    expect(await statusOnB()).toBe(200);
    const signedOut = await fetch(`${a.base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: a.base, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signedOut.status).toBe(200);
    // Well before the cached session would expire: B heard the sign-out (a timing target belongs to a benchmark).
    await expect.poll(statusOnB, { timeout: SESSION_CACHE_TTL_MS / 3, interval: 20 }).toBe(401);
  });
});
