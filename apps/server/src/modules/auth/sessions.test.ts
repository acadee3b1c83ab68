import type { WebSocket } from '@fastify/websocket';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema/index.ts';
import { userIdOf } from '../../test/assistant-fixtures.ts';
import {
  buildTestApp,
  confirmEmail,
  cookiesFrom,
  createSignedInUser,
  makeUser,
  TEST_ORIGIN,
  type TestContext,
} from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function post(app: TestContext, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url, headers: { ...TEST_ORIGIN, ...headers }, payload });
}

/** A new session of the user, as the Cookie header of the browser that signed in. */
async function signIn(email: string, password: string, cookie?: string): Promise<string> {
  const response = await post(ctx, '/api/auth/sign-in/email', { email, password }, cookie ? { cookie } : {});
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response);
}

async function isSignedIn(app: TestContext, cookie: string): Promise<boolean> {
  const response = await app.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return response.json() !== null;
}

/** The session token a response set (the cookie's value is the token, a dot and its signature). */
function sessionTokenOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((entry) => entry.name.endsWith('lumen.session_token') && entry.value !== '');
  return cookie ? decodeURIComponent(cookie.value).split('.')[0] : undefined;
}

/** The account's audit entries (it has no team: the log of no team), in the order written. */
async function accountEvents(userId: string) {
  return ctx.app.database.db
    .select({ action: auditLogs.action, metadata: auditLogs.metadata })
    .from(auditLogs)
    .where(eq(auditLogs.resourceId, userId))
    .orderBy(asc(auditLogs.seq));
}

describe('a new password ends sessions', () => {
  it('changing it ends every other session; this browser gets a new one', async () => {
    const { user, cookie: first } = await createSignedInUser(ctx);
    const second = await signIn(user.email, user.password);
    // The client does not ask for the other sessions to end: the server decides.
    const changed = await post(
      ctx,
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'a changed password' },
      { cookie: first },
    );
    expect(changed.statusCode).toBe(200);
    const renewed = cookiesFrom(changed, first);
    expect(renewed).not.toBe(first);

    expect(await isSignedIn(ctx, second)).toBe(false);
    expect(await isSignedIn(ctx, first)).toBe(false);
    expect(await isSignedIn(ctx, renewed)).toBe(true);
    // The replacement session is part of the change, not another sign-in.
    const events = await accountEvents(await userIdOf(ctx, user.email));
    expect(events.map((event) => event.action)).toEqual(['user_login', 'user_login', 'password_change']);
  });

  it('resetting it by mail ends every session', async () => {
    const { user, cookie: first } = await createSignedInUser(ctx);
    const second = await signIn(user.email, user.password);
    const before = ctx.smtp.messages.length;
    await post(ctx, '/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?mode=reset' });
    const mail = await ctx.smtp.waitForMail(user.email, { subject: /reset/i, after: before });
    const link = new URL(findLink(mail, '/api/auth/reset-password/'));
    const landing = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(String(landing.headers.location), ctx.config.APP_URL).searchParams.get('token');
    const reset = await post(ctx, '/api/auth/reset-password', { token, newPassword: 'a reset password' });
    expect(reset.statusCode).toBe(200);

    expect(await isSignedIn(ctx, first)).toBe(false);
    expect(await isSignedIn(ctx, second)).toBe(false);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included, and says so in the audit log', async () => {
    const { user, cookie: here } = await createSignedInUser(ctx);
    const elsewhere = await signIn(user.email, user.password);
    const other = await createSignedInUser(ctx);

    const response = await post(ctx, '/api/auth/revoke-sessions', {}, { cookie: here });
    expect(response.statusCode).toBe(200);
    // The browser's own cookie is cleared.
    expect(cookiesFrom(response, here)).toBe('');

    expect(await isSignedIn(ctx, here)).toBe(false);
    expect(await isSignedIn(ctx, elsewhere)).toBe(false);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie: elsewhere } });
    expect(api.statusCode).toBe(401);
    // Someone else's sessions are theirs.
    expect(await isSignedIn(ctx, other.cookie)).toBe(true);
    const events = await accountEvents(await userIdOf(ctx, user.email));
    expect(events.at(-1)).toEqual({ action: 'user_logout', metadata: { isEverywhere: true } });
  });

  it('needs a session', async () => {
    expect((await post(ctx, '/api/auth/revoke-sessions', {})).statusCode).toBe(401);
  });
});

describe('the session token at sign-in', () => {
  it('is a new one, and the one the browser held before no longer works', async () => {
    const { user, cookie: before } = await createSignedInUser(ctx);
    const previousToken = decodeURIComponent(before.split('=')[1] ?? '').split('.')[0];
    const response = await post(
      ctx,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { cookie: before },
    );
    expect(response.statusCode).toBe(200);
    const issued = sessionTokenOf(response);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(previousToken);
    const after = cookiesFrom(response);

    expect(await isSignedIn(ctx, before)).toBe(false);
    expect(await isSignedIn(ctx, after)).toBe(true);
    expect((await post(ctx, '/api/auth/sign-out', {}, { cookie: after })).statusCode).toBe(200);
    expect(await isSignedIn(ctx, after)).toBe(false);
  });

  it('is never one the client chose', async () => {
    const { user } = await createSignedInUser(ctx);
    const chosen = 'chosen-by-the-client';
    const response = await post(
      ctx,
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      { cookie: `lumen.session_token=${chosen}` },
    );
    expect(response.statusCode).toBe(200);
    expect(sessionTokenOf(response)).not.toBe(chosen);
    expect(await isSignedIn(ctx, `lumen.session_token=${chosen}`)).toBe(false);
  });

  it('comes in a cookie without Secure when APP_URL is http', async () => {
    const { user } = await createSignedInUser(ctx);
    const response = await post(ctx, '/api/auth/sign-in/email', { email: user.email, password: user.password });
    const cookie = response.cookies.find((entry) => entry.name === 'lumen.session_token');
    expect(cookie?.secure).toBeFalsy();
  });
});

describe('with APP_URL on https', () => {
  const APP_URL = 'https://lumen.example';
  const origin = { origin: APP_URL };
  let secure: TestContext;
  beforeAll(async () => {
    secure = await buildTestApp({ APP_URL });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('sets Secure, __Secure- prefixed cookies that the API, the WebSocket and sign-out accept', async () => {
    const person = makeUser();
    const signUp = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { ...person, callbackURL: '/employee-dashboard' },
    });
    expect(signUp.statusCode).toBe(200);
    await confirmEmail(secure, person.email);

    const response = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: origin,
      payload: { email: person.email, password: person.password },
    });
    expect(response.statusCode).toBe(200);
    const sessionCookie = response.cookies.find((entry) => entry.name === '__Secure-lumen.session_token');
    expect(sessionCookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.cookies.every((entry) => entry.secure)).toBe(true);
    const cookie = cookiesFrom(response);

    expect(await isSignedIn(secure, cookie)).toBe(true);
    const role = await secure.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie } });
    expect(role.statusCode).toBe(200);

    const socket: WebSocket = await secure.app.injectWS('/ws', { headers: { ...origin, cookie } });
    const closedWith = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
    const started = Date.now();
    while (secure.app.realtime.connectionCount() === 0 && Date.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(secure.app.realtime.connectionCount()).toBe(1);
    socket.close();
    expect(await closedWith).not.toBe(1008);

    const signOut = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...origin, cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await isSignedIn(secure, cookie)).toBe(false);
  });
});
