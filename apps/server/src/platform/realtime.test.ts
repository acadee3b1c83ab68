import type { WebSocket } from '@fastify/websocket';
import type { RealtimeEvent } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../test/build-test-app.ts';
import { type Actor, addMember, callApi, createTeamWithAdmin, signInNewUser } from '../test/team-fixtures.ts';

let ctx: TestContext;
let admin: Actor;
let employee: Actor;
let teamId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, teamId } = await createTeamWithAdmin(ctx, 'Live Co'));
  employee = await addMember(ctx, teamId, 'employee');
});
afterAll(async () => {
  await ctx?.close();
});

/** A signed-in browser's socket, collecting what the server pushes. */
async function connect(actor: Actor | null, origin = TEST_APP_URL) {
  const received: RealtimeEvent[] = [];
  const headers: Record<string, string> = { origin };
  if (actor) headers.cookie = actor.cookie;
  const socket: WebSocket = await ctx.app.injectWS('/ws', { headers });
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  socket.on('message', (data: Buffer) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    // Presence (who is online) comes and goes with every socket; its own tests read it.
    if (event.type !== 'presence') received.push(event);
  });
  return { socket, received, closed };
}

async function waitFor(condition: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('/ws', () => {
  it("tells the team's connected members that tasks changed, and nobody else", async () => {
    const member = await connect(employee);
    const other = await createTeamWithAdmin(ctx, 'Elsewhere');
    const outsider = await connect(other.admin);
    await waitFor(() => ctx.app.realtime.connectionCount() >= 2);

    const created = await callApi(ctx, admin, 'POST', '/api/teams/current/tasks', {
      title: 'Review the launch plan',
      assignedTo: employee.userId,
    });
    expect(created.statusCode).toBe(201);
    await waitFor(() => member.received.length > 0);
    expect(member.received).toEqual([{ type: 'changed', resource: 'tasks', teamId }]);

    await callApi(ctx, admin, 'POST', '/api/teams/current/shared-files', {
      title: 'Brand book',
      url: 'https://example.com/brand',
    });
    await waitFor(() => member.received.length > 1);
    expect(member.received[1]).toEqual({ type: 'changed', resource: 'shared_files', teamId });
    expect(outsider.received).toEqual([]);
    member.socket.close();
    outsider.socket.close();
  });

  it("delivers a user's own event to that user's sockets only, not to their teammates", async () => {
    // Sockets of the tests before may still be counted: wait for these two on top of them.
    const before = ctx.app.realtime.connectionCount();
    const mine = await connect(employee);
    const teammate = await connect(admin);
    await waitFor(() => ctx.app.realtime.connectionCount() >= before + 2);
    await ctx.app.realtime.publishToUser(employee.userId, {
      type: 'sync_completed',
      platform: 'dropbox',
      platform_name: 'Dropbox',
      files_synced: 3,
    });
    await waitFor(() => mine.received.length > 0);
    expect(mine.received).toEqual([
      { type: 'sync_completed', platform: 'dropbox', platform_name: 'Dropbox', files_synced: 3 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(teammate.received).toEqual([]);
    mine.socket.close();
    teammate.socket.close();
  });

  it('sends nothing for a refused change', async () => {
    const member = await connect(admin);
    await waitFor(() => ctx.app.realtime.connectionCount() >= 1);
    const refused = await callApi(ctx, employee, 'POST', '/api/teams/current/tasks', {
      title: 'Not allowed',
      assignedTo: employee.userId,
    });
    expect(refused.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(member.received).toEqual([]);
    member.socket.close();
  });

  it('closes connections without a session or from a foreign origin (1008)', async () => {
    expect(await (await connect(null)).closed).toBe(1008);
    expect(await (await connect(await signInNewUser(ctx), 'https://evil.example')).closed).toBe(1008);
  });
});
