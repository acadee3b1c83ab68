import { formatErrorReason } from '@lumen/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLogs, signInFailures } from '../../db/schema/index.ts';
import {
  buildTestApp,
  createSignedInUser,
  makeUser,
  TEST_ORIGIN,
  type TestContext,
} from '../../test/build-test-app.ts';
import { findLink } from '../../test/fakes/smtp-peer.ts';

/** Each test builds the app it needs: the per-address limiter counts in memory, per app. */
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function start(env: Record<string, string>): Promise<TestContext> {
  ctx = await buildTestApp(env);
  return ctx;
}

/** A password sign-in from a client that says (X-Forwarded-For) it is at `forwardedFor`. */
function signIn(app: TestContext, email: string, password: string, forwardedFor?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...TEST_ORIGIN, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { email, password },
  });
}

function reasonOf(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { error?: { reason?: string } }).error?.reason;
}

/** The addresses the audit log recorded for the failed sign-ins with this email, in order. */
async function failedSignInAddresses(app: TestContext, email: string): Promise<(string | null)[]> {
  const rows = await app.app.database.db
    .select({ ipAddress: auditLogs.ipAddress })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'user_login_failed'), sql`${auditLogs.metadata}->>'email' = ${email}`))
    .orderBy(asc(auditLogs.seq));
  return rows.map((row) => row.ipAddress);
}

const LOCKED_15_MINUTES = formatErrorReason('SIGN_IN_LOCKED', { minutes: 15 });

describe('without a configured proxy (the default), X-Forwarded-For is not believed', () => {
  it('limits 30 failed sign-ins that each claim another address, per address', async () => {
    const app = await start({ AUTH_RATE_LIMIT_MAX: '10' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Another account each time too, so only the per-address limit can answer.
      const response = await signIn(app, `guess-${i}@example.com`, 'wrong password', `198.51.100.${i}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(reasonOf(response)).toBe('TOO_MANY_ATTEMPTS');
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // The audit log records where the request really came from, not what the client claimed.
    expect(await failedSignInAddresses(app, 'guess-0@example.com')).toEqual(['127.0.0.1']);
  }, 120_000);

  it('limits 30 failed sign-ins on one account from "different" addresses', async () => {
    const app = await start({ AUTH_RATE_LIMIT_MAX: '10' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await signIn(app, 'target@example.com', 'wrong password', `203.0.113.${i}`)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  }, 120_000);
});

describe('per-account lockout (behind a trusted proxy, every attempt from another client address)', () => {
  it('locks an account after 10 failed sign-ins in 15 minutes, an unknown address the same way', async () => {
    const app = await start({ TRUST_PROXY: '1' });
    const { user } = await createSignedInUser(app);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 10; i++) {
        const response = await signIn(app, email, 'wrong password', `203.0.113.${i + 1}`);
        expect(response.statusCode).toBe(401);
      }
    }
    const known = await signIn(app, user.email, 'wrong password', '203.0.113.50');
    const other = await signIn(app, unknown, 'wrong password', '203.0.113.51');
    for (const locked of [known, other]) {
      // Nothing tells a known account from an unknown one.
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        error: { code: 'RATE_LIMITED', reason: 'SIGN_IN_LOCKED', message: LOCKED_15_MINUTES, params: { minutes: 15 } },
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // The right password does not open a locked account; the address in any case, written the other way, is the same.
    const right = await signIn(app, `  ${user.email.toUpperCase()} `, user.password, '203.0.113.52');
    expect(right.statusCode).toBe(429);
    expect(reasonOf(right)).toBe('SIGN_IN_LOCKED');
    expect(right.cookies.find((cookie) => cookie.name.includes('session_token'))).toBeUndefined();

    // Each attempt, locked ones included, is a failed sign-in in the audit log, from the client's real address.
    const addresses = await failedSignInAddresses(app, user.email);
    expect(addresses).toHaveLength(12);
    expect(addresses.slice(0, 3)).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.3']);
    expect(addresses.slice(-2)).toEqual(['203.0.113.50', '203.0.113.52']);

    // Only a keyed hash of the address is stored, never the address itself.
    const stored = await app.app.database.db.select().from(signInFailures);
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(user.email);
    expect(JSON.stringify(stored)).not.toContain(unknown);
  }, 120_000);

  it('opens again when the window ends, and a successful sign-in clears the count', async () => {
    const app = await start({ TRUST_PROXY: '1', SIGN_IN_LOCK_ATTEMPTS: '3' });
    const { user } = await createSignedInUser(app);
    const fail = () => signIn(app, user.email, 'wrong password', '192.0.2.1');

    // Two failures, a success, two failures: the success started the count again, so nothing is locked.
    for (let i = 0; i < 2; i++) expect((await fail()).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password, '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fail()).statusCode).toBe(401);

    const locked = await signIn(app, user.email, user.password, '192.0.2.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(LOCKED_15_MINUTES);

    // A minute before the window ends it is still locked, for a minute; once it has ended, the right password works.
    const age = (ms: number) =>
      app.app.database.db
        .update(signInFailures)
        .set({ windowStart: sql`${signInFailures.windowStart} - make_interval(secs => ${ms / 1000})` });
    await age(14 * 60_000);
    const lastMinute = await signIn(app, user.email, user.password, '192.0.2.3');
    expect(lastMinute.json().error.message).toBe(formatErrorReason('SIGN_IN_LOCKED', { minutes: 1 }));
    await age(60_000);
    expect((await signIn(app, user.email, user.password, '192.0.2.4')).statusCode).toBe(200);
  }, 120_000);

  it('lets a password reset open a locked account, as the message says', async () => {
    const app = await start({ TRUST_PROXY: '1', SIGN_IN_LOCK_ATTEMPTS: '2' });
    const { user } = await createSignedInUser(app);
    for (let i = 0; i < 2; i++) expect((await signIn(app, user.email, 'wrong', `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await signIn(app, user.email, user.password, '192.0.2.9')).statusCode).toBe(429);

    const before = app.smtp.messages.length;
    const post = (url: string, payload: object) =>
      app.app.inject({ method: 'POST', url, headers: TEST_ORIGIN, payload });
    expect(
      (await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth' })).statusCode,
    ).toBe(200);
    const mail = await app.smtp.waitForMail(user.email, { subject: /reset/i, after: before });
    const link = new URL(findLink(mail, '/api/auth/reset-password/'));
    const landing = await app.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const token = new URL(String(landing.headers.location), app.config.APP_URL).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a fresh password' })).statusCode).toBe(200);

    expect((await signIn(app, user.email, 'a fresh password', '192.0.2.10')).statusCode).toBe(200);
  });

  it('lets no more than the limit through when the attempts arrive all at once', async () => {
    const app = await start({ TRUST_PROXY: '1', SIGN_IN_LOCK_ATTEMPTS: '4' });
    const email = makeUser().email;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(app, email, 'wrong password', `198.51.100.${i + 1}`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(4).fill(401), ...Array(8).fill(429)]);
  }, 120_000);

  it('does not count a request the schema refuses', async () => {
    const app = await start({ TRUST_PROXY: '1', SIGN_IN_LOCK_ATTEMPTS: '1' });
    const { user } = await createSignedInUser(app);
    for (let i = 0; i < 3; i++) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: TEST_ORIGIN,
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('behind a configured proxy, the client address comes from X-Forwarded-For', () => {
  it('with a hop count: the address the proxy saw, for the limiter and the audit log', async () => {
    const app = await start({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '3' });
    const email = makeUser().email;
    // A client that sends its own X-Forwarded-For gets it prepended: only the entry the proxy added counts.
    for (let i = 0; i < 3; i++) {
      expect((await signIn(app, `${i}-${email}`, 'wrong password', `10.9.9.${i}, 203.0.113.7`)).statusCode).toBe(401);
    }
    const limited = await signIn(app, `3-${email}`, 'wrong password', '10.9.9.3, 203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(reasonOf(limited)).toBe('TOO_MANY_ATTEMPTS');
    // Another client behind the same proxy has its own allowance.
    expect((await signIn(app, `4-${email}`, 'wrong password', '203.0.113.8')).statusCode).toBe(401);
    expect(await failedSignInAddresses(app, `0-${email}`)).toEqual(['203.0.113.7']);
    expect(await failedSignInAddresses(app, `4-${email}`)).toEqual(['203.0.113.8']);
  });

  it('with an address list that names the proxy (here the test client, 127.0.0.1)', async () => {
    const app = await start({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    const email = makeUser().email;
    expect((await signIn(app, email, 'wrong password', '203.0.113.9, 10.1.2.3')).statusCode).toBe(401);
    // Both trusted hops are passed over: the client is the first address no trusted proxy answers for.
    expect(await failedSignInAddresses(app, email)).toEqual(['203.0.113.9']);
  });

  it('with an address list that does not name the peer: X-Forwarded-For is ignored', async () => {
    const app = await start({ TRUST_PROXY: '10.0.0.0/8' });
    const email = makeUser().email;
    expect((await signIn(app, email, 'wrong password', '203.0.113.10')).statusCode).toBe(401);
    expect(await failedSignInAddresses(app, email)).toEqual(['127.0.0.1']);
  });
});
