import type { WebSocket } from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookiesFrom, makeUser, type TestContext } from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';

// ADR 0008: without APP_URL the public address follows PORT and every loopback name for it is trusted.
const PORT = 4555;

function signUpFrom(ctx: TestContext, origin: string, user = makeUser()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { ...user, callbackURL: '/employee-dashboard' },
  });
}

/** Signs up from `origin`, confirms from the mail and returns the mail's link and the session cookie. */
async function signedInFrom(ctx: TestContext, origin: string) {
  const user = makeUser();
  const response = await signUpFrom(ctx, origin, user);
  expect(response.statusCode).toBe(200);
  const mail = await ctx.smtp.waitForMail(user.email, { subject: /confirm/i });
  const link = findLink(mail, '/api/auth/verify-email');
  const { pathname, search } = new URL(link);
  const verified = await ctx.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(verified.statusCode).toBe(302);
  return { user, link, cookie: cookiesFrom(verified) };
}

/** The close code of a socket opened from `origin`, or null if the server kept it open. */
async function socketCloseCode(ctx: TestContext, origin: string, cookie: string): Promise<number | null> {
  const socket: WebSocket = await ctx.app.injectWS('/ws', { headers: { origin, cookie } });
  const code = await new Promise<number | null>((resolve) => {
    socket.on('close', (closeCode: number) => resolve(closeCode));
    setTimeout(() => resolve(null), 300);
  });
  socket.close();
  return code;
}

describe('embedded default: APP_URL unset, a port other than 3000', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ APP_URL: '', PORT: String(PORT) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('signs up from 127.0.0.1 on that port and mails a link to localhost on that port', async () => {
    const { link } = await signedInFrom(ctx, `http://127.0.0.1:${PORT}`);
    expect(link.startsWith(`http://localhost:${PORT}/api/auth/verify-email?`)).toBe(true);
  });

  it.each([`http://localhost:${PORT}`, `http://[::1]:${PORT}`])('signs up from %s', async (origin) => {
    expect((await signUpFrom(ctx, origin)).statusCode).toBe(200);
  });

  it.each(['https://evil.example', 'http://127.0.0.1:3000', `https://localhost:${PORT}`])(
    'refuses a sign-up from %s',
    async (origin) => {
      const response = await signUpFrom(ctx, origin);
      expect(response.statusCode).toBe(403);
    },
  );

  it('mails password-reset links to localhost on that port', async () => {
    const { user } = await signedInFrom(ctx, `http://localhost:${PORT}`);
    const before = ctx.smtp.messages.length;
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: `http://[::1]:${PORT}` },
      payload: { email: user.email, redirectTo: '/auth?mode=reset' },
    });
    expect(request.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail(user.email, { subject: /reset/i, after: before });
    expect(findLink(mail, '/api/auth/reset-password/').startsWith(`http://localhost:${PORT}/`)).toBe(true);
  });

  it('accepts signed-in requests and sockets from 127.0.0.1 on that port, not from another site', async () => {
    const { cookie } = await signedInFrom(ctx, `http://127.0.0.1:${PORT}`);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    expect(await socketCloseCode(ctx, 'https://evil.example', cookie)).toBe(1008);
    expect(await socketCloseCode(ctx, `http://127.0.0.1:${PORT}`, cookie)).toBeNull();
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: `http://127.0.0.1:${PORT}` },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
  });
});

describe('APP_URL set: only APP_URL and TRUSTED_ORIGINS are trusted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      APP_URL: `http://localhost:${PORT}`,
      PORT: String(PORT),
      TRUSTED_ORIGINS: `http://[::1]:${PORT}`,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses a sign-up from 127.0.0.1 on the same port, which is not listed', async () => {
    expect((await signUpFrom(ctx, `http://127.0.0.1:${PORT}`)).statusCode).toBe(403);
  });

  it('accepts APP_URL and a listed origin', async () => {
    expect((await signUpFrom(ctx, `http://localhost:${PORT}`)).statusCode).toBe(200);
    expect((await signUpFrom(ctx, `http://[::1]:${PORT}`)).statusCode).toBe(200);
  });

  it('refuses signed-in requests and sockets from 127.0.0.1 on the same port', async () => {
    const { cookie } = await signedInFrom(ctx, `http://localhost:${PORT}`);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: `http://127.0.0.1:${PORT}` },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(await socketCloseCode(ctx, `http://127.0.0.1:${PORT}`, cookie)).toBe(1008);
  });
});
