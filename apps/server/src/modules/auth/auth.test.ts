import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_MESSAGES } from '@lumen/contract';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  confirmEmail,
  createSignedInUser,
  makeUser,
  signUp,
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

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, headers: { ...TEST_ORIGIN, ...headers }, payload: payload as object });
}

describe('sign-up', () => {
  it('sends a verification mail and keeps the account unusable until it is confirmed', async () => {
    const user = makeUser();
    const response = await signUp(ctx, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: user.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
    });
    expect(response.cookies.find((cookie) => cookie.name.includes('session_token'))).toBeUndefined();

    const signIn = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
  });

  it('confirms from the mail link, signs the user in and returns to /employee-dashboard', async () => {
    const user = makeUser({ firstName: 'Katherine', lastName: 'Johnson' });
    await signUp(ctx, user);
    const mail = await ctx.smtp.waitForMail(user.email, { subject: /confirm/i });
    expect(mail.text).toContain('Hi Katherine');
    const { cookie, location } = await confirmEmail(ctx, user.email);
    expect(location).toBe('/employee-dashboard');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email: user.email, emailVerified: true, firstName: 'Katherine' });
  });

  it.each([
    ['firstName', AUTH_MESSAGES.firstNameRequired],
    ['lastName', AUTH_MESSAGES.lastNameRequired],
    ['email', AUTH_MESSAGES.emailRequired],
    ['password', AUTH_MESSAGES.passwordRequired],
  ])('refuses a sign-up without %s', async (field, message) => {
    const payload: Record<string, string> = { ...makeUser() };
    delete payload[field];
    const response = await post('/api/auth/sign-up/email', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses blank names after trimming', async () => {
    const response = await post('/api/auth/sign-up/email', makeUser({ firstName: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.firstNameRequired);
  });

  it('refuses a malformed email', async () => {
    const response = await post('/api/auth/sign-up/email', makeUser({ email: 'not-an-email' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('refuses a short password', async () => {
    const response = await post('/api/auth/sign-up/email', makeUser({ password: 'short' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('refuses a duplicate email, whatever its case, without creating anything', async () => {
    const user = makeUser();
    expect((await signUp(ctx, user)).statusCode).toBe(200);
    const again = await signUp(ctx, { ...user, email: user.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      reason: 'ACCOUNT_EXISTS',
      message: 'An account with this email already exists. Sign in instead.',
    });
  });

  it('refuses a body that is not a JSON object', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body must be a JSON object.');
  });

  it('refuses malformed JSON with a clear message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_JSON',
      reason: 'INVALID_JSON_BODY',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post('/api/auth/sign-up/email', { ...makeUser(), padding: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      reason: 'BODY_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and sets an HttpOnly, SameSite cookie', async () => {
    const { user } = await createSignedInUser(ctx);
    const response = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const sessionCookie = response.cookies.find((cookie) => cookie.name === 'lumen.session_token');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a wrong password', async () => {
    const { user } = await createSignedInUser(ctx);
    const response = await post('/api/auth/sign-in/email', { email: user.email, password: 'wrong password!' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('refuses an unknown email the same way as a wrong password', async () => {
    const response = await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'whatever123' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a sign-in with missing fields', async () => {
    const response = await post('/api/auth/sign-in/email', { email: 'someone@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('restores the session from the cookie and ends it on sign-out', async () => {
    const { cookie, user } = await createSignedInUser(ctx);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.email).toBe(user.email);

    const signOut = await post('/api/auth/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(after.json()).toBeNull();
    const role = await ctx.app.inject({ method: 'GET', url: '/api/me/role', headers: { cookie } });
    expect(role.statusCode).toBe(401);
  });

  it('refuses a signed-in request from a foreign origin', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const response = await post('/api/auth/sign-out', {}, { cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('resends the verification mail on request', async () => {
    const user = makeUser();
    await signUp(ctx, user);
    const before = ctx.smtp.messages.length;
    const response = await post('/api/auth/send-verification-email', {
      email: user.email,
      callbackURL: '/employee-dashboard',
    });
    expect(response.statusCode).toBe(200);
    await ctx.smtp.waitForMail(user.email, { subject: /confirm/i, after: before });
  });
});

describe('password reset by mail', () => {
  it('mails a link that lets the user choose a new password', async () => {
    const { user } = await createSignedInUser(ctx);
    const before = ctx.smtp.messages.length;
    const request = await post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth?mode=reset',
    });
    expect(request.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail(user.email, { subject: /reset/i, after: before });
    const link = new URL(findLink(mail, '/api/auth/reset-password/'));
    const landing = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), ctx.config.APP_URL);
    expect(target.pathname).toBe('/auth');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    const oldPassword = await post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/auth/sign-in/email', { email: user.email, password: 'a brand new password' });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a reset with a bad token', async () => {
    const response = await post('/api/auth/reset-password', { token: 'made-up', newPassword: 'another password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TOKEN');
  });

  it('answers an unknown address like a known one (no account discovery)', async () => {
    const response = await post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
      redirectTo: '/auth',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('Google sign-in when it is not configured', () => {
  it('says the provider is not enabled', async () => {
    const response = await post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/chat' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('PROVIDER_NOT_ENABLED');
    expect(response.json().error.message).toMatch(/not enabled/);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many sign-in attempts', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: TEST_ORIGIN,
          payload: { email: 'someone@example.com', password: 'wrong password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(blocked.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
      expect(blocked.headers['retry-after']).toBeDefined();

      const signUps = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: TEST_ORIGIN,
          payload: makeUser(),
        });
      for (let i = 0; i < 3; i++) expect((await signUps()).statusCode).toBe(200);
      expect((await signUps()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('mail without an SMTP server', () => {
  it('writes the verification mail to DATA_DIR/outbox as an .eml file', async () => {
    const offline = await buildTestApp({ SMTP_URL: '' });
    try {
      const user = makeUser();
      expect((await signUp(offline, user)).statusCode).toBe(200);
      const outbox = path.join(offline.dataDir, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      const eml = await PostalMime.parse(await readFile(path.join(outbox, files[0] as string)));
      expect(eml.to?.[0]?.address).toBe(user.email);
      expect(eml.subject).toBe('Confirm your email for Lumen');
      expect(eml.text).toContain('/api/auth/verify-email?token=');
      expect(offline.smtp.messages).toHaveLength(0);
    } finally {
      await offline.close();
    }
  });
});
