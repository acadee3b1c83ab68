import {
  CLIENT_EVENT_BATCH_MAX,
  CLIENT_EVENT_BATCHES_PER_MINUTE,
  CLIENT_EVENT_MESSAGES,
  type ClientEvent,
} from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEvents } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { callApi, createTeamWithRoles, errorOf, type TeamWithRoles } from '../../test/team-fixtures.ts';

/** Client events (issue #14): batches of page visits, clicks and errors, stored apart, masked, rate-limited per person. */
let ctx: TestContext;
let team: TeamWithRoles;

beforeAll(async () => {
  ctx = await buildTestApp();
  team = await createTeamWithRoles(ctx, 'Clicky Co');
});
afterAll(async () => {
  await ctx?.close();
});

const now = () => new Date().toISOString();

function send(events: unknown, actor = team.employee) {
  return callApi(ctx, actor, 'POST', '/api/client-events', { events });
}

describe('client events', () => {
  it('stores a batch for the sender and their team, with what could name someone masked', async () => {
    const events: ClientEvent[] = [
      { type: 'page_visit', route: '/spaces/:slug', at: now() },
      { type: 'ui_interaction', route: '/spaces/:slug', element: 'button', target: 'upload-files', at: now() },
      {
        type: 'client_error',
        route: '/chat',
        errorName: 'TypeError',
        errorMessage: 'Cannot read ada@example.com of 9f1c2d3e-1111-4222-8333-444455556666 (order 123456)',
        at: now(),
      },
      { type: 'unhandled_promise_rejection', route: '/chat', errorMessage: 'Network down', at: '2001-01-01T00:00:00Z' },
    ];
    const response = await send(events);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 4 });
    const rows = await ctx.app.database.db
      .select()
      .from(clientEvents)
      .where(eq(clientEvents.userId, team.employee.userId));
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.teamId === team.teamId)).toBe(true);
    const error = rows.find((row) => row.type === 'client_error');
    expect(error?.errorMessage).toBe('Cannot read [email] of [id] (order [number])');
    // A client clock far off is not believed.
    const old = rows.find((row) => row.type === 'unhandled_promise_rejection');
    expect(Math.abs((old?.occurredAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses empty, oversized and malformed batches with a clear 400, storing nothing; signed-out senders get 401', async () => {
    const before = (await ctx.app.database.db.select().from(clientEvents)).length;
    const many = Array.from({ length: CLIENT_EVENT_BATCH_MAX + 1 }, () => ({
      type: 'page_visit',
      route: '/',
      at: now(),
    }));
    for (const events of [[], many, 'clicks', null]) {
      const response = await send(events);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(CLIENT_EVENT_MESSAGES.batchInvalid);
    }
    const badType = await send([{ type: 'keystroke', route: '/', at: now() }]);
    expect(badType.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-events',
      headers: TEST_ORIGIN,
      payload: { events: [{ type: 'page_visit', route: '/', at: now() }] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await ctx.app.database.db.select().from(clientEvents)).length).toBe(before);
  });

  it(`accepts ${CLIENT_EVENT_BATCHES_PER_MINUTE} batches a minute from one person, then 429`, async () => {
    const batch = [{ type: 'page_visit', route: '/dashboard', at: now() }];
    for (let index = 0; index < CLIENT_EVENT_BATCHES_PER_MINUTE; index++) {
      expect((await send(batch, team.viewer)).statusCode).toBe(202);
    }
    expect((await send(batch, team.viewer)).statusCode).toBe(429);
    // Someone else is not held up.
    expect((await send(batch, team.lead)).statusCode).toBe(202);
  });
});
