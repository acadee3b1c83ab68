import type { WebSocket } from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../test/build-test-app.ts';
import { type Actor, callApi, createTeamWithAdmin } from '../test/team-fixtures.ts';

/** A socket lives no longer than its session (issue #15); the heartbeat is shortened so the test does not wait 10 s. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { realtimeHeartbeatMs: 600 });
});
afterAll(async () => {
  await ctx?.close();
});

async function connect(actor: Actor) {
  const socket: WebSocket = await ctx.app.injectWS('/ws', { headers: { origin: TEST_APP_URL, cookie: actor.cookie } });
  // A browser answers pings by itself; injectWS's client does not (its `autoPong` is off), so this one does it here.
  socket.on('ping', () => socket.pong());
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: String(reason) })),
  );
  return { socket, closed };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}

describe('/ws and the end of a session', () => {
  it('closes the socket of a session that signed out (1008, not retried), and keeps a live one open', async () => {
    const { admin } = await createTeamWithAdmin(ctx, 'Session Co');
    const live = await connect(admin);
    expect(await within(live.closed, 1500)).toBe('still open');

    const signOut = await callApi(ctx, admin, 'POST', '/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    expect(await within(live.closed, 3000)).toEqual({
      code: 1008,
      reason: 'Your session has ended. Please sign in again.',
    });
  });

  it('closes every socket of the user after Sign out everywhere', async () => {
    const { admin } = await createTeamWithAdmin(ctx, 'Everywhere Co');
    const first = await connect(admin);
    const second = await connect(admin);
    const revoke = await callApi(ctx, admin, 'POST', '/api/auth/revoke-sessions', {});
    expect(revoke.statusCode).toBe(200);
    expect((await within(first.closed, 3000)) as { code: number }).toMatchObject({ code: 1008 });
    expect((await within(second.closed, 3000)) as { code: number }).toMatchObject({ code: 1008 });
  });
});
