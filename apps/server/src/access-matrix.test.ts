import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anomalyAlerts, conversations, spaceInvitations } from './db/schema/index.ts';
import {
  ACCESS_MATRIX,
  ACTOR_NAMES,
  type ActorName,
  type CaseInput,
  type FreshResource,
  isEntryAllowed,
  type MatrixEntry,
  type MatrixFixtures,
  type MatrixSpace,
  type Method,
  otherThan,
  type Variant,
} from './test/access-matrix-table.ts';
import { buildTestApp, TEST_APP_URL, type TestContext } from './test/build-test-app.ts';
import { multipartBody, postFiles, postSpaceFiles } from './test/multipart.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  createTeamWithRoles,
  signInNewUser,
} from './test/team-fixtures.ts';

/**
 * The route x role x ownership matrix (issue #15). The routes come from the OpenAPI document the server serves; each
 * must have an entry in ACCESS_MATRIX (test/access-matrix-table.ts) saying who may use it. For every route, every
 * actor (team A's four roles, the four space roles, a non-member, another team's admin, a user without a team, a
 * signed-out visitor) and every resource the route names (the actor's own, someone else's, a public or a private
 * space's), the answer is 2xx when the rules allow and 401/403/404 when they do not; never a 5xx. A destructive route
 * runs its refused cases first on the shared resource, and each allowed case on a fresh one. The outsider's cases run
 * the other way round too: team A's admin on team B's ids (a second set of the same fixtures). It runs on PGlite and,
 * with DATABASE_URL, on the PostgreSQL server.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REFUSED = [401, 403, 404];
const ANONYMOUS: Actor = { cookie: '', userId: '', email: '' };

let ctx: TestContext;
let fx: MatrixFixtures;
/** The same fixtures for team B, whose outsider is team A's admin. */
let mirror: MatrixFixtures;
let inviteSpaceId: string;

function routeKeysOf(document: { paths?: Record<string, Partial<Record<string, unknown>>> }): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    path.startsWith('/api/docs')
      ? []
      : METHODS.filter((method) => item[method]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

function jsonOf<T>(response: LightMyRequestResponse, status: number, what: string): T {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json() as T;
}

async function upload(actor: Actor): Promise<string> {
  const response = await postFiles(ctx, actor.cookie, [{ filename: 'own.txt', content: `Own notes ${randomUUID()}.` }]);
  return jsonOf<{ files: Array<{ document: { id: string } }> }>(response, 201, 'upload').files[0]?.document.id ?? '';
}

async function uploadToSpace(actor: Actor, spaceId: string): Promise<{ id: string; documentId: string }> {
  const response = await postSpaceFiles(ctx, actor.cookie, spaceId, [
    { filename: 'space.txt', content: `Space notes ${randomUUID()}.` },
  ]);
  const [file] = jsonOf<{ files: Array<{ id: string; documentId: string }> }>(response, 201, 'space upload').files;
  if (!file) throw new Error('space file missing');
  return file;
}

const SPACE_ROLES = { spaceAdmin: 'admin', spaceLead: 'team_lead', spaceEmployee: 'employee', spaceViewer: 'viewer' };

/** A space of team A made by its admin, with the four space actors in their roles. */
async function createMatrixSpace(isPrivate: boolean): Promise<{ id: string; slug: string }> {
  const created = jsonOf<{ id: string; slug: string }>(
    await callApi(ctx, fx.actors.admin, 'POST', '/api/spaces', { name: `Matrix ${randomUUID()}`, isPrivate }),
    201,
    'space',
  );
  for (const [name, role] of Object.entries(SPACE_ROLES)) {
    const actor = fx.actors[name as ActorName];
    const added = await callApi(ctx, fx.actors.admin, 'POST', `/api/spaces/${created.id}/members`, {
      userId: actor.userId,
      role,
    });
    jsonOf(added, 200, 'space member');
  }
  return created;
}

async function createTask(assignee: Actor): Promise<string> {
  const body = { title: 'Matrix task', assignedTo: assignee.userId };
  return jsonOf<{ id: string }>(
    await callApi(ctx, fx.actors.admin, 'POST', '/api/teams/current/tasks', body),
    201,
    'task',
  ).id;
}

async function postMessage(author: Actor): Promise<string> {
  const response = await callApi(ctx, author, 'POST', '/api/team-chat/messages', { content: 'Matrix message' });
  const sent = jsonOf<{ id?: string; message?: { id: string } }>(response, 201, 'message');
  return sent.message?.id ?? sent.id ?? '';
}

async function share(sharer: Actor): Promise<string> {
  const body = { title: 'Matrix link', url: 'https://docs.example.com/matrix' };
  return jsonOf<{ id: string }>(
    await callApi(ctx, sharer, 'POST', '/api/teams/current/shared-files', body),
    201,
    'share',
  ).id;
}

async function createConversation(owner: Actor): Promise<string> {
  const [row] = await ctx.app.database.db
    .insert(conversations)
    .values({ userId: owner.userId, title: 'Matrix' })
    .returning({ id: conversations.id });
  return row?.id ?? '';
}

async function invite(email: string): Promise<string> {
  const response = await callApi(ctx, fx.actors.admin, 'POST', '/api/teams/current/invitations', {
    email,
    role: 'viewer',
  });
  return jsonOf<{ invitation: { id: string } }>(response, 201, 'invitation').invitation.id;
}

async function createDepartment(): Promise<string> {
  const body = { name: `Dept ${randomUUID().slice(0, 8)}` };
  return jsonOf<{ id: string }>(
    await callApi(ctx, fx.actors.admin, 'POST', '/api/teams/current/departments', body),
    201,
    'department',
  ).id;
}

async function createAlert(): Promise<string> {
  const [row] = await ctx.app.database.db
    .insert(anomalyAlerts)
    .values({
      teamId: fx.teamId,
      alertType: 'mass_download',
      severity: 'medium',
      description: 'Matrix alert',
      dedupeKey: randomUUID(),
    })
    .returning({ id: anomalyAlerts.id });
  return row?.id ?? '';
}

/** An invitation of the space of invitations to the person; the token is what the mail's link carries. */
async function inviteToSpace(person: Actor): Promise<string> {
  const response = await callApi(ctx, fx.actors.admin, 'POST', `/api/spaces/${inviteSpaceId}/invitations`, {
    email: person.email,
    role: 'viewer',
  });
  jsonOf(response, 201, 'space invitation');
  const [row] = await ctx.app.database.db
    .select({ token: spaceInvitations.token })
    .from(spaceInvitations)
    .where(and(eq(spaceInvitations.spaceId, inviteSpaceId), eq(spaceInvitations.email, person.email)))
    .orderBy(desc(spaceInvitations.createdAt))
    .limit(1);
  return row?.token ?? '';
}

/** The person whose resource the case names. */
function ownerOf(actor: ActorName, variant: Variant, kind: MatrixEntry['fresh']): Actor {
  if (variant === 'own') return fx.actors[actor];
  if (kind === 'share') return fx.actors[actor === 'admin' ? 'lead' : 'admin'];
  return fx.actors[otherThan(actor)];
}

async function makeFresh(entry: MatrixEntry, actor: ActorName, variant: Variant): Promise<FreshResource> {
  const isSpace = variant === 'public' || variant === 'private';
  switch (entry.fresh) {
    case 'space':
      return { id: (await createMatrixSpace(variant === 'private')).id };
    case 'space-file':
      return { id: (await uploadToSpace(fx.actors.admin, fx.spaces[variant as 'public'].id)).id };
    case 'space-member': {
      const spaceId = fx.spaces[variant as 'public'].id;
      const body = { userId: fx.target.userId, role: 'viewer' };
      jsonOf(await callApi(ctx, fx.actors.admin, 'POST', `/api/spaces/${spaceId}/members`, body), 200, 're-add');
      return {};
    }
    case 'task':
      return { id: await createTask(ownerOf(actor, variant, entry.fresh)) };
    case 'message':
      return { id: await postMessage(ownerOf(actor, variant, entry.fresh)) };
    case 'share':
      return { id: await share(ownerOf(actor, variant, entry.fresh)) };
    case 'conversation':
      return { id: await createConversation(ownerOf(actor, variant, entry.fresh)) };
    case 'upload':
      if (isSpace) return { id: (await uploadToSpace(fx.actors.admin, fx.spaces[variant].id)).documentId };
      return { id: await upload(ownerOf(actor, variant, entry.fresh)) };
    case 'invitation':
      return { id: await invite(`fresh-${randomUUID().slice(0, 8)}@example.com`) };
    case 'department':
      return { id: await createDepartment() };
    case 'alert':
      return { id: await createAlert() };
    case 'member':
      return { id: (await addMember(ctx, fx.teamId, 'employee')).userId };
    case 'teamless-user':
      return { as: await signInNewUser(ctx) };
    case 'invited-teamless-user': {
      const person = await signInNewUser(ctx);
      return { id: await invite(person.email), as: person };
    }
    case 'space-invitation':
      return { id: await inviteToSpace(ownerOf(actor, variant, entry.fresh)) };
    default:
      return {};
  }
}

interface MatrixCase {
  actor: ActorName;
  variant: Variant;
  isAllowed: boolean;
}

/** Whether the fixtures hold the resource the case names (an employee has no share of their own, say). */
function isApplicable(fixtures: MatrixFixtures, entry: MatrixEntry, actor: ActorName, variant: Variant): boolean {
  // Accepting a team invitation as one's own is tried by a fresh person without a team only.
  if (entry.fresh === 'invited-teamless-user' && variant === 'own') return actor === 'teamless';
  try {
    entry.request({ fx: fixtures, actor, variant });
    return true;
  } catch {
    return false;
  }
}

function casesOf(fixtures: MatrixFixtures, entry: MatrixEntry): MatrixCase[] {
  const cases = ACTOR_NAMES.flatMap((actor) =>
    (entry.on ?? ['none']).flatMap((variant) =>
      isApplicable(fixtures, entry, actor, variant)
        ? [{ actor, variant, isAllowed: isEntryAllowed(entry, actor, variant) }]
        : [],
    ),
  );
  // The refused first: on a destructive route they must leave the shared resource in place for the others.
  return [...cases.filter((item) => !item.isAllowed), ...cases.filter((item) => item.isAllowed)];
}

async function send(method: Method, actor: Actor, input: CaseInput, entry: MatrixEntry) {
  const request = entry.request(input);
  const headers: Record<string, string> = { origin: TEST_APP_URL };
  if (actor.cookie) headers.cookie = actor.cookie;
  if (request.files) {
    const body = multipartBody(request.files);
    return ctx.app.inject({
      method,
      url: request.url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  return ctx.app.inject({ method, url: request.url, headers, ...(request.body ? { payload: request.body } : {}) });
}

/**
 * Runs the cases of one route on team A's fixtures (or the ones given, with `isIncluded` choosing cases that make no
 * fresh resource); returns what went against the table.
 */
async function runRoute(
  key: string,
  entry: MatrixEntry,
  fixtures = fx,
  isIncluded: (item: MatrixCase) => boolean = () => true,
): Promise<string[]> {
  const method = key.slice(0, key.indexOf(' ')) as Method;
  const problems: string[] = [];
  for (const item of casesOf(fixtures, entry).filter(isIncluded)) {
    const fresh = item.isAllowed && entry.fresh ? await makeFresh(entry, item.actor, item.variant) : {};
    const actor = fresh.as ?? (item.actor === 'anonymous' ? ANONYMOUS : fixtures.actors[item.actor]);
    const input: CaseInput = {
      fx: fixtures,
      actor: item.actor,
      variant: item.variant,
      ...(fresh.id ? { fresh: fresh.id } : {}),
    };
    const response = await send(method, actor, input, entry);
    const status = response.statusCode;
    const what = `${item.actor} on ${item.variant}: ${status} ${response.body.slice(0, 160)}`;
    if (status >= 500) problems.push(`5xx — ${what}`);
    else if (entry.notARoleRule) continue;
    else if (item.isAllowed && (status < 200 || status >= 300)) problems.push(`expected 2xx — ${what}`);
    else if (!item.isAllowed && ![...REFUSED, ...(entry.alsoRefusedWith ?? [])].includes(status)) {
      problems.push(`expected refusal — ${what}`);
    } else if (
      !item.isAllowed &&
      item.actor === 'outsider' &&
      item.variant !== 'none' &&
      status !== (entry.outsiderStatus ?? 404)
    ) {
      // Another team's ids are not found, never "forbidden": an outsider learns nothing of what exists.
      problems.push(`expected 404 for another team's resource — ${what}`);
    }
  }
  return problems;
}

/**
 * A team with every actor and resource the table names, made by its admin (`teamName`); the outsider is another team's
 * admin (a new team of one, or `outsider`). The helpers above read the fixtures being built through `fx`.
 */
async function buildMatrixFixtures(teamName: string, outsider?: Actor): Promise<MatrixFixtures> {
  const team = await createTeamWithRoles(ctx, teamName);
  const spaceActors = {
    spaceAdmin: await addMember(ctx, team.teamId, 'employee'),
    spaceLead: await addMember(ctx, team.teamId, 'employee'),
    spaceEmployee: await addMember(ctx, team.teamId, 'employee'),
    spaceViewer: await addMember(ctx, team.teamId, 'employee'),
  };
  const target = await addMember(ctx, team.teamId, 'employee');
  const otherAdmin = outsider ?? (await createTeamWithAdmin(ctx, `${teamName} outsiders`)).admin;
  const teamless = await signInNewUser(ctx);
  const actors: Record<ActorName, Actor> = {
    admin: team.admin,
    lead: team.lead,
    employee: team.employee,
    viewer: team.viewer,
    ...spaceActors,
    outsider: otherAdmin,
    teamless,
    anonymous: ANONYMOUS,
  };
  fx = {
    actors,
    teamId: team.teamId,
    target,
    spaces: {} as Record<'public' | 'private', MatrixSpace>,
    uploads: {},
    conversations: {},
    tasks: {},
    messages: {},
    shares: {},
    spaceInvitations: {},
    invitationId: '',
    departmentId: '',
    integrationRequestId: '',
    alertId: '',
  };
  for (const kind of ['public', 'private'] as const) {
    const space = await createMatrixSpace(kind === 'private');
    const file = await uploadToSpace(spaceActors.spaceEmployee, space.id);
    await uploadToSpace(spaceActors.spaceLead, space.id);
    fx.spaces[kind] = { ...space, fileId: file.id, documentId: file.documentId };
  }
  inviteSpaceId = (await createMatrixSpace(true)).id;
  for (const name of ACTOR_NAMES) {
    const actor = actors[name];
    if (name === 'anonymous') continue;
    fx.uploads[name] = await upload(actor);
    fx.conversations[name] = await createConversation(actor);
    if (name === 'outsider' || name === 'teamless') continue;
    fx.tasks[name] = await createTask(actor);
    fx.messages[name] = await postMessage(actor);
    fx.spaceInvitations[name] = await inviteToSpace(actor);
  }
  fx.shares.admin = await share(actors.admin);
  fx.shares.lead = await share(actors.lead);
  fx.invitationId = await invite(`invitee-${randomUUID().slice(0, 8)}@example.com`);
  fx.departmentId = await createDepartment();
  const requested = await callApi(ctx, actors.employee, 'POST', '/api/integration-requests', {
    platform: 'Matrix tool',
    purpose: 'Matrix',
    urgency: 'low',
  });
  fx.integrationRequestId = jsonOf<{ id: string }>(requested, 201, 'integration request').id;
  fx.alertId = await createAlert();
  return fx;
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const alpha = await buildMatrixFixtures('Alpha');
  const alphaInviteSpaceId = inviteSpaceId;
  // Team B, whose ids team A's admin tries: the matrix's outsider (team B's admin) tries team A's.
  mirror = await buildMatrixFixtures('Beta', alpha.actors.admin);
  // The matrix and the fresh resources it makes are team A's.
  fx = alpha;
  inviteSpaceId = alphaInviteSpaceId;
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the route x role x ownership matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for a route that is gone', () => {
    const keys = routeKeysOf(ctx.app.swagger() as Parameters<typeof routeKeysOf>[0]);
    expect(keys.length).toBeGreaterThan(80);
    expect(
      keys.filter((key) => !(key in ACCESS_MATRIX)),
      'routes without a declared rule',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS_MATRIX).filter((key) => !keys.includes(key)),
      'entries of no route',
    ).toEqual([]);
  });

  it.each(Object.keys(ACCESS_MATRIX))('%s', async (key) => {
    const entry = ACCESS_MATRIX[key];
    if (!entry) throw new Error(`no entry for ${key}`);
    const problems = await runRoute(key, entry);
    for (const scoped of entry.also ?? []) {
      const found = await runRoute(key, { ...scoped, request: scoped.request });
      problems.push(...found.map((problem) => `${scoped.what}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it("answers team A's admin 404 for every id of team B, on every route (the cases above try team B's on team A's)", async () => {
    const isOnTeamBIds = (item: MatrixCase) => item.actor === 'outsider' && item.variant !== 'none' && !item.isAllowed;
    const problems: string[] = [];
    let tried = 0;
    for (const [key, entry] of Object.entries(ACCESS_MATRIX)) {
      for (const scoped of [entry, ...(entry.also ?? [])]) {
        tried += casesOf(mirror, scoped).filter(isOnTeamBIds).length;
        problems.push(...(await runRoute(key, scoped, mirror, isOnTeamBIds)).map((problem) => `${key}: ${problem}`));
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(50);
  });
});
