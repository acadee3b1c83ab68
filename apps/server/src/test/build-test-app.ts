import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { findLink, type SmtpPeer, startSmtpPeer } from './fakes/smtp-peer.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_ORIGIN = { origin: TEST_APP_URL };

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  smtp: SmtpPeer;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, with mail going over SMTP to a real local peer. `env` overrides the environment
 * the way an operator would.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: BuildAppOptions = {},
): Promise<TestContext> {
  const smtp = await startSmtpPeer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL: TEST_APP_URL,
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '1000',
    // A worker thread per test file would cost seconds each; text-analysis.test.ts proves it computes the same terms.
    SEARCH_ANALYSIS_WORKER: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  // A test about the database itself (an outage) opens its own; the others get a fresh one.
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp(config, { ...options, database });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    smtp,
    dataDir,
    async close() {
      await app.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function makeUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    email: `user-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

export async function signUp(ctx: TestContext, user: NewUser) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: TEST_ORIGIN,
    payload: { ...user, callbackURL: '/employee-dashboard' },
  });
}

/** Follows the verification link of the mail the user received; returns the session cookie it sets. */
export async function confirmEmail(ctx: TestContext, email: string): Promise<{ cookie: string; location: string }> {
  const mail = await ctx.smtp.waitForMail(email, { subject: /confirm/i });
  const link = new URL(findLink(mail, '/api/auth/verify-email'));
  const response = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  if (response.statusCode !== 302) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookiesFrom(response), location: String(response.headers.location) };
}

/** Signs up, confirms from the mail, and returns the signed-in cookie. */
export async function createSignedInUser(ctx: TestContext, overrides: Partial<NewUser> = {}) {
  const user = makeUser(overrides);
  const response = await signUp(ctx, user);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { cookie } = await confirmEmail(ctx, user.email);
  return { user, cookie };
}
