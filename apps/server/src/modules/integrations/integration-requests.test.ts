import {
  ERROR_REASONS,
  INTEGRATION_REQUEST_MESSAGES,
  INTEGRATION_REQUEST_PAGE_SIZE,
  type IntegrationRequest,
  type IntegrationRequestList,
  OPEN_INTEGRATION_REQUESTS_MAX,
} from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, integrationRequests } from '../../db/schema/index.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import {
  type Actor,
  addMember,
  auditActionsOf,
  callApi,
  createTeamWithRoles,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';
import { rename } from '../../test/work-item-fixtures.ts';

const URL = '/api/integration-requests';

let ctx: TestContext;
const db = () => ctx.app.database.db;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function createTeam(name: string) {
  const team = await createTeamWithRoles(ctx, name);
  await rename(ctx, team.admin, 'Ada', 'Admin');
  await rename(ctx, team.employee, 'Grace', 'Hopper');
  return team;
}

async function ask(actor: Actor, body: object = { platform: 'Jira', purpose: 'Answer from our tickets' }) {
  const response = await callApi(ctx, actor, 'POST', URL, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IntegrationRequest>();
}

function expectReason(response: Awaited<ReturnType<typeof callApi>>, reason: keyof typeof ERROR_REASONS) {
  const status = { VALIDATION_FAILED: 400, NOT_FOUND: 404, FORBIDDEN: 403, CONFLICT: 409 } as Record<string, number>;
  const entry = ERROR_REASONS[reason];
  expect(response.statusCode, response.body).toBe(status[entry.code]);
  expect(errorOf(response)).toMatchObject({ reason, message: entry.message });
}

describe('POST /api/integration-requests', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  beforeAll(async () => {
    team = await createTeam('Requesters');
  });

  it('stores a member’s request with the trimmed fields, medium urgency by default, open, and audits it', async () => {
    const created = await ask(team.employee, { platform: '  Jira  ', purpose: '  Answer from our tickets ' });
    expect(created).toEqual({
      id: expect.any(String),
      platform: 'Jira',
      purpose: 'Answer from our tickets',
      urgency: 'medium',
      status: 'open',
      requestedBy: team.employee.userId,
      requesterName: 'Grace Hopper',
      createdAt: expect.any(String),
      decidedAt: null,
      deciderName: null,
    });
    expect(await auditActionsOf(ctx, team.teamId, created.id)).toEqual(['integration_request_create']);
  });

  it('takes the urgency the member chose; viewers may ask too', async () => {
    const created = await ask(team.viewer, { platform: 'HubSpot', purpose: 'Deals', urgency: 'high' });
    expect(created).toMatchObject({ urgency: 'high', status: 'open', requestedBy: team.viewer.userId });
  });

  it.each([
    [{ purpose: 'x' }, 'INTEGRATION_REQUEST_PLATFORM_REQUIRED'],
    [{ platform: '   ', purpose: 'x' }, 'INTEGRATION_REQUEST_PLATFORM_REQUIRED'],
    [{ platform: 'x'.repeat(81), purpose: 'x' }, 'INTEGRATION_REQUEST_PLATFORM_TOO_LONG'],
    [{ platform: 'Box' }, 'INTEGRATION_REQUEST_PURPOSE_REQUIRED'],
    [{ platform: 'Box', purpose: '' }, 'INTEGRATION_REQUEST_PURPOSE_REQUIRED'],
    [{ platform: 'Box', purpose: 'x'.repeat(1001) }, 'INTEGRATION_REQUEST_PURPOSE_TOO_LONG'],
    [{ platform: 'Box', purpose: 'x', urgency: 'yesterday' }, 'INTEGRATION_REQUEST_URGENCY_INVALID'],
  ] as const)('refuses %j with %s and stores nothing', async (body, reason) => {
    const before = await db().select().from(integrationRequests);
    expectReason(await callApi(ctx, team.lead, 'POST', URL, body), reason);
    expect(await db().select().from(integrationRequests)).toHaveLength(before.length);
  });

  it('refuses someone without a team with NO_TEAM', async () => {
    const loner = await signInNewUser(ctx);
    expectReason(await callApi(ctx, loner, 'POST', URL, { platform: 'Box', purpose: 'x' }), 'NO_TEAM');
  });

  it(`keeps at most ${OPEN_INTEGRATION_REQUESTS_MAX} open requests a person, counting again once one is answered`, async () => {
    const asker = await addMember(ctx, team.teamId, 'employee');
    const made: IntegrationRequest[] = [];
    for (let index = 0; index < OPEN_INTEGRATION_REQUESTS_MAX; index++) {
      made.push(await ask(asker, { platform: `Tool ${index}`, purpose: 'x' }));
    }
    const refused = await callApi(ctx, asker, 'POST', URL, { platform: 'One more', purpose: 'x' });
    expectReason(refused, 'INTEGRATION_REQUESTS_TOO_MANY_OPEN');
    expect(errorOf(refused).message).toBe(INTEGRATION_REQUEST_MESSAGES.tooManyOpen);
    const first = made[0];
    if (!first) throw new Error('no request');
    const answered = await callApi(ctx, team.admin, 'PATCH', `${URL}/${first.id}`, { status: 'declined' });
    expect(answered.statusCode, answered.body).toBe(200);
    await ask(asker, { platform: 'One more', purpose: 'x' });
  });

  it('lets two requests sent at once past the limit check one at a time', async () => {
    const asker = await addMember(ctx, team.teamId, 'employee');
    for (let index = 0; index < OPEN_INTEGRATION_REQUESTS_MAX - 1; index++) {
      await ask(asker, { platform: `Tool ${index}`, purpose: 'x' });
    }
    const responses = await Promise.all(
      [1, 2].map((index) => callApi(ctx, asker, 'POST', URL, { platform: `Race ${index}`, purpose: 'x' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/integration-requests/mine', () => {
  it('lists only the caller’s own requests, newest first, with the admins’ answers', async () => {
    const team = await createTeam('Askers');
    const older = await ask(team.employee, { platform: 'Box', purpose: 'Contracts' });
    const newer = await ask(team.employee, { platform: 'Asana', purpose: 'Projects' });
    await ask(team.lead, { platform: 'Zendesk', purpose: 'Tickets' });
    await callApi(ctx, team.admin, 'PATCH', `${URL}/${older.id}`, { status: 'planned' });

    const response = await callApi(ctx, team.employee, 'GET', `${URL}/mine`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<IntegrationRequestList>();
    expect(list.requests.map((request) => request.id)).toEqual([newer.id, older.id]);
    expect(list.requests[1]).toMatchObject({
      status: 'planned',
      deciderName: 'Ada Admin',
      decidedAt: expect.any(String),
    });
    expect(list.nextCursor).toBeNull();
  });

  it('answers NO_TEAM to someone without a team', async () => {
    const loner = await signInNewUser(ctx);
    expectReason(await callApi(ctx, loner, 'GET', `${URL}/mine`), 'NO_TEAM');
  });
});

describe('GET /api/integration-requests (admins)', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  let made: IntegrationRequest[];
  beforeAll(async () => {
    team = await createTeam('Reviewers');
    made = [];
    const askers = [team.employee, team.viewer, team.lead];
    for (let index = 0; index < INTEGRATION_REQUEST_PAGE_SIZE + 5; index++) {
      const asker = askers[index % askers.length] as Actor;
      const asked = await callApi(ctx, asker, 'POST', URL, { platform: `Tool ${index}`, purpose: 'x' });
      if (asked.statusCode === 409) {
        // Each asker keeps at most OPEN_INTEGRATION_REQUESTS_MAX open: answer one of theirs to go on.
        const theirs = made.find((request) => request.requestedBy === asker.userId && request.status === 'open');
        if (!theirs) throw new Error('no open request to answer');
        await callApi(ctx, team.admin, 'PATCH', `${URL}/${theirs.id}`, { status: 'planned' });
        theirs.status = 'planned';
        made.push(await ask(asker, { platform: `Tool ${index}`, purpose: 'x' }));
      } else {
        expect(asked.statusCode, asked.body).toBe(201);
        made.push(asked.json<IntegrationRequest>());
      }
    }
  });

  it('pages through every request of the team, newest first, with no repeats', async () => {
    const first = await callApi(ctx, team.admin, 'GET', URL);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<IntegrationRequestList>();
    expect(page1.requests).toHaveLength(INTEGRATION_REQUEST_PAGE_SIZE);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await callApi(ctx, team.admin, 'GET', `${URL}?cursor=${page1.nextCursor}`);
    const page2 = second.json<IntegrationRequestList>();
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.requests, ...page2.requests].map((request) => request.id);
    expect(ids).toEqual(made.map((request) => request.id).reverse());
  });

  it('filters by status', async () => {
    const planned = await callApi(ctx, team.admin, 'GET', `${URL}?status=planned`);
    const list = planned.json<IntegrationRequestList>();
    expect(list.requests.length).toBeGreaterThan(0);
    expect(list.requests.every((request) => request.status === 'planned')).toBe(true);
    expect(list.requests.length).toBe(made.filter((request) => request.status === 'planned').length);
  });

  it.each(['lead', 'employee', 'viewer'] as const)('refuses a %s with the admins-only message', async (role) => {
    expectReason(await callApi(ctx, team[role], 'GET', URL), 'INTEGRATION_REQUESTS_ADMINS_ONLY');
  });

  it.each(['abc', '-1', '1.5', '9'.repeat(20)])('refuses the cursor %s', async (cursor) => {
    expectReason(
      await callApi(ctx, team.admin, 'GET', `${URL}?cursor=${cursor}`),
      'INTEGRATION_REQUEST_CURSOR_INVALID',
    );
  });

  it('refuses an unknown status filter, naming the parameter', async () => {
    const response = await callApi(ctx, team.admin, 'GET', `${URL}?status=maybe`);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({
      reason: 'INTEGRATION_REQUEST_STATUS_INVALID',
      message: `status: ${INTEGRATION_REQUEST_MESSAGES.statusInvalid}`,
    });
  });
});

describe('PATCH /api/integration-requests/:id', () => {
  let team: Awaited<ReturnType<typeof createTeam>>;
  let request: IntegrationRequest;
  beforeAll(async () => {
    team = await createTeam('Deciders');
    request = await ask(team.employee, { platform: 'Box', purpose: 'Contracts' });
  });

  it('marks a request planned, then declined, then open again, each audited with the status before and after', async () => {
    const planned = await callApi(ctx, team.admin, 'PATCH', `${URL}/${request.id}`, { status: 'planned' });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({
      status: 'planned',
      deciderName: 'Ada Admin',
      decidedAt: expect.any(String),
    });
    const declined = await callApi(ctx, team.admin, 'PATCH', `${URL}/${request.id}`, { status: 'declined' });
    expect(declined.json()).toMatchObject({ status: 'declined', deciderName: 'Ada Admin' });
    const reopened = await callApi(ctx, team.admin, 'PATCH', `${URL}/${request.id}`, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', deciderName: null, decidedAt: null });

    const entries = await db()
      .select({ action: auditLogs.action, oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, team.teamId), eq(auditLogs.action, 'integration_request_decide')))
      .orderBy(auditLogs.seq);
    expect(entries.map((entry) => [entry.oldValues, entry.newValues])).toEqual([
      [{ status: 'open' }, { status: 'planned' }],
      [{ status: 'planned' }, { status: 'declined' }],
      [{ status: 'declined' }, { status: 'open' }],
    ]);
  });

  it.each(['lead', 'employee', 'viewer'] as const)('refuses a %s and changes nothing', async (role) => {
    const response = await callApi(ctx, team[role], 'PATCH', `${URL}/${request.id}`, { status: 'planned' });
    expectReason(response, 'INTEGRATION_REQUESTS_ADMINS_ONLY');
    const [row] = await db().select().from(integrationRequests).where(eq(integrationRequests.id, request.id));
    expect(row?.status).toBe('open');
  });

  it('refuses an unknown status', async () => {
    const response = await callApi(ctx, team.admin, 'PATCH', `${URL}/${request.id}`, { status: 'maybe' });
    expectReason(response, 'INTEGRATION_REQUEST_STATUS_INVALID');
  });

  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])('answers NOT_FOUND for the id %s', async (id) => {
    expectReason(
      await callApi(ctx, team.admin, 'PATCH', `${URL}/${id}`, { status: 'planned' }),
      'INTEGRATION_REQUEST_NOT_FOUND',
    );
  });
});

describe('integration requests across teams', () => {
  it('keeps each team’s requests to its own admins: another team’s are not found, not listed, not changed', async () => {
    const mine = await createTeam('Team A');
    const theirs = await createTeam('Team B');
    const request = await ask(theirs.employee, { platform: 'Secret tool', purpose: 'Secret plans' });

    const list = await callApi(ctx, mine.admin, 'GET', URL);
    expect(list.json<IntegrationRequestList>().requests.map((item) => item.platform)).not.toContain('Secret tool');
    const patched = await callApi(ctx, mine.admin, 'PATCH', `${URL}/${request.id}`, { status: 'declined' });
    expectReason(patched, 'INTEGRATION_REQUEST_NOT_FOUND');
    const [row] = await db().select().from(integrationRequests).where(eq(integrationRequests.id, request.id));
    expect(row?.status).toBe('open');
    const own = await callApi(ctx, mine.employee, 'GET', `${URL}/mine`);
    expect(own.json<IntegrationRequestList>().requests).toEqual([]);
  });
});
