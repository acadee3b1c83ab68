import { formatErrorReason } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../test/build-test-app.ts';
import { startTcpProxy, type TcpProxy } from '../test/fakes/tcp-proxy.ts';
import { type Actor, callApi, errorOf, signInNewUser } from '../test/team-fixtures.ts';
import { createServerDatabase, runOnServer } from '../test/test-database.ts';
import { isDatabaseUnavailable, openDatabase } from './db.ts';

/**
 * A real PostgreSQL server taken away from the app and brought back, through a TCP proxy the test cuts (the machine's
 * server is shared, so it is never stopped). Runs where a server answers: DATABASE_URL, else the local default.
 */
const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function isServerReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const isReachable = await isServerReachable();
const UNAVAILABLE_MESSAGE = formatErrorReason('DATABASE_UNAVAILABLE');

describe.skipIf(!isReachable)('with the PostgreSQL server away', () => {
  let proxy: TcpProxy;
  let ctx: TestContext;
  let alice: Actor;
  let proxiedUrl: string;
  let created: Awaited<ReturnType<typeof createServerDatabase>> | undefined;

  beforeAll(async () => {
    created = await createServerDatabase(serverUrl, 'lumen_outage');
    const target = new URL(serverUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(created.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
    const database = await openDatabase({ kind: 'postgres', url: proxiedUrl });
    ctx = await buildTestApp({}, undefined, { database });
    alice = await signInNewUser(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
    await proxy?.close();
    await created?.drop();
  });

  async function expectUnavailable(): Promise<void> {
    const refused = await callApi(ctx, alice, 'GET', '/api/documents');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(errorOf(refused)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: UNAVAILABLE_MESSAGE,
      reason: 'DATABASE_UNAVAILABLE',
    });
    // Sign-in goes through Better Auth, which answers its own failures with a 500.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_APP_URL },
      payload: { email: alice.email, password: 'whatever-password' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(errorOf(signIn).reason).toBe('DATABASE_UNAVAILABLE');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
  }

  it('answers 503 with a reason while it is down, and serves again once it is back', async () => {
    expect((await callApi(ctx, alice, 'GET', '/api/documents')).statusCode).toBe(200);

    await proxy.cut();
    try {
      await expectUnavailable();
    } finally {
      await proxy.restore();
    }
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 200; tries += 1) {
      status = (await callApi(ctx, alice, 'GET', '/api/documents')).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('listens again for notifications (realtime across instances) once the server is back', async () => {
    const received: string[] = [];
    const stopListening = await ctx.app.database.listen?.('outage_test', (payload) => received.push(payload));
    try {
      await proxy.cut();
      await proxy.restore();
      // The listener reconnects on its own (every second while the server is away): notify until it hears.
      const deadline = Date.now() + 15_000;
      while (!received.includes('back') && Date.now() < deadline) {
        await ctx.app.database.db.execute(sql`SELECT pg_notify('outage_test', 'back')`).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(received).toContain('back');
    } finally {
      await stopListening?.();
    }
  });

  it('knows an administrator shutdown of its connection (57P01) for an outage', async () => {
    const client = new pg.Client({ connectionString: proxiedUrl });
    client.on('error', () => {});
    await client.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const sleeping = client.query('SELECT pg_sleep(30)').then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await runOnServer(serverUrl, `SELECT pg_terminate_backend(${Number(pid)})`);
    const error = await sleeping;
    expect((error as { code?: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(error)).toBe(true);
    await client.end().catch(() => {});
  });

  it('tells a query mistake from an outage', async () => {
    const error = await ctx.app.database.db.execute(sql`SELECT * FROM no_such_table`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
