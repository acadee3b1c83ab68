import type { RealtimeEvent, TeamMessage } from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db.ts';
import { buildTestApp, type TestContext } from './test/build-test-app.ts';
import { openSocket } from './test/integration-fixtures.ts';
import { canCreatePrivateCluster, createPrivateCluster, type PrivateCluster } from './test/private-postgres.ts';
import { isOnServer, waitUntil } from './test/server-process.ts';
import { callApi, createTeamWithRoles, type TeamWithRoles } from './test/team-fixtures.ts';

/**
 * The database server restarts under a running Lumen (issue #13): requests fail while it is down and work again after,
 * the LISTEN connection that carries realtime events between instances is opened again, the sockets are told to fetch
 * what they may have missed (`resync`), and a message sent afterwards reaches them live. The server is a cluster of
 * this test's own, so the shared one the other test files use is never disturbed. With DATABASE_URL only (the
 * server-mode suite), and where clusters can be made (root with Debian's PostgreSQL tools).
 */
describe.skipIf(!isOnServer || !canCreatePrivateCluster)('a PostgreSQL restart under a running server', () => {
  let cluster: PrivateCluster;
  let ctx: TestContext;
  let team: TeamWithRoles;

  beforeAll(async () => {
    cluster = await createPrivateCluster();
    ctx = await buildTestApp({}, undefined, {
      database: await openDatabase({ kind: 'postgres', url: cluster.url }),
    });
    team = await createTeamWithRoles(ctx, 'Restart Co');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await cluster?.drop();
  });

  it('listens again after the restart: the sockets resync and then receive messages live', {
    timeout: 90_000,
  }, async () => {
    const viewer = await openSocket(ctx, team.viewer);
    try {
      const before = await callApi(ctx, team.lead, 'POST', '/api/team-chat/messages', {
        content: 'Before the restart',
      });
      expect(before.statusCode).toBe(201);
      await waitUntil('the first message', () =>
        viewer.received.some(
          (event) => event.type === 'team_message' && event.message.content === 'Before the restart',
        ),
      );

      await cluster.restart();

      // Requests work again once the server is back (the pool replaces its dead connections).
      const after = await waitUntil('a message to be accepted again', async () => {
        const response = await callApi(ctx, team.lead, 'POST', '/api/team-chat/messages', {
          content: 'After the restart',
        });
        return response.statusCode === 201 ? response.json<TeamMessage>() : undefined;
      });
      // The LISTEN connection is back: the socket is told to resync ...
      await waitUntil('the resync notice', () => viewer.received.some((event) => event.type === 'resync'), 30_000);
      // ... and from then on every message reaches it live, through NOTIFY and the new LISTEN.
      const content = 'Live after the restart';
      expect((await callApi(ctx, team.lead, 'POST', '/api/team-chat/messages', { content })).statusCode).toBe(201);
      await waitUntil('the message after the restart', () =>
        viewer.received.some(
          (event: RealtimeEvent) => event.type === 'team_message' && event.message.content === content,
        ),
      );
      // Nothing sent was lost: both messages after the restart are in the room.
      const page = await callApi(ctx, team.viewer, 'GET', `/api/team-chat/messages?after=${after.seq - 1}`);
      expect(page.json<{ messages: TeamMessage[] }>().messages.map((message) => message.content)).toEqual([
        'After the restart',
        content,
      ]);
    } finally {
      viewer.socket.terminate();
    }
  });
});
