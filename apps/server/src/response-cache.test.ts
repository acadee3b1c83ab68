import { randomUUID } from 'node:crypto';
import type { DocumentListResponse, TeamMember } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { departments, documents, teamEmployees, user } from './db/schema/index.ts';
import { ingestTexts } from './modules/documents/ingest.ts';
import { createResponseCache } from './platform/response-cache.ts';
import { buildTestApp, type TestContext } from './test/build-test-app.ts';
import { postFiles, postSpaceFiles } from './test/multipart.ts';
import {
  createInstance,
  isOnServer,
  openInstanceDatabase,
  removeInstances,
  signIn,
  start,
} from './test/server-process.ts';
import { type Actor, callApi, createTeamWithAdmin, createTeamWithRoles } from './test/team-fixtures.ts';

/**
 * The busiest lists are answered from memory until something they were read from changes (ADR 0117). Every kind of
 * write they depend on shows on the very next request: uploads, ingestion, space membership, roles, departments,
 * profiles, and writes straight to the database (the triggers notify them); a write elsewhere keeps the answer.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.database.db;
/** How long a notice may take to be heard before a test gives up; delivery takes milliseconds (bench/realtime.ts measures it). */
const NOTICE_WAIT_MS = 10_000;

/** The JSON of a GET, and whether the cache answered it. */
async function read<T>(actor: Actor, url: string): Promise<{ body: T; isHit: boolean }> {
  const hitsBefore = ctx.app.responseCache.hits;
  const response = await callApi(ctx, actor, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<T>(), isHit: ctx.app.responseCache.hits > hitsBefore };
}

const titlesOf = async (actor: Actor) =>
  (await read<DocumentListResponse>(actor, '/api/documents?limit=50')).body.documents.map((doc) => doc.title);

/** Reads the list twice: the second answer comes from the cache. */
async function cachedRead<T>(actor: Actor, url: string): Promise<T> {
  const first = await read<T>(actor, url);
  const second = await read<T>(actor, url);
  expect(second.isHit).toBe(true);
  expect(second.body).toEqual(first.body);
  return second.body;
}

describe('the document list', () => {
  it('is answered from memory, and shows an upload and its ingestion at once', async () => {
    const { admin } = await createTeamWithAdmin(ctx);
    await cachedRead(admin, '/api/documents?limit=50');
    const upload = await postFiles(ctx, admin.cookie, [{ filename: 'plan.txt', content: 'The plan is ready.' }]);
    expect(upload.statusCode).toBe(201);
    const uploaded = await read<DocumentListResponse>(admin, '/api/documents?limit=50');
    expect(uploaded.isHit).toBe(false);
    expect(uploaded.body.documents.map((doc) => [doc.title, doc.status])).toEqual([['plan.txt', 'pending']]);
    await ctx.app.jobs.drain();
    expect((await read<DocumentListResponse>(admin, '/api/documents?limit=50')).body.documents[0]?.status).toBe(
      'ready',
    );
  });

  it("shows a teammate's upload into a public space, and a private space's files once the caller joins it", async () => {
    const { admin, employee, viewer } = await createTeamWithRoles(ctx, 'Spaces');
    const space = (await callApi(ctx, admin, 'POST', '/api/spaces', { name: 'Secret', isPrivate: true })).json<{
      id: string;
    }>();
    await cachedRead(employee, '/api/documents?limit=50');
    expect(
      (await postSpaceFiles(ctx, admin.cookie, space.id, [{ filename: 'secret.txt', content: 'x' }])).statusCode,
    ).toBe(201);
    expect(await titlesOf(employee)).toEqual([]);
    const added = await callApi(ctx, admin, 'POST', `/api/spaces/${space.id}/members`, { userId: employee.userId });
    expect(added.statusCode).toBe(200);
    expect(await titlesOf(employee)).toEqual(['secret.txt']);
    // Someone else's list is no answer for this caller.
    expect(await titlesOf(viewer)).toEqual([]);
  });

  it('shows a write made straight to the database (a trigger notices it)', async () => {
    const { admin } = await createTeamWithAdmin(ctx);
    await postFiles(ctx, admin.cookie, [{ filename: 'old.txt', content: 'Old name.' }]);
    // Ingestion writes the document too: it is done before the title changes behind the app's back.
    await ctx.app.jobs.drain();
    await expect
      .poll(async () => (await read(admin, '/api/documents?limit=50')).isHit, { timeout: NOTICE_WAIT_MS, interval: 20 })
      .toBe(true);
    await db().update(documents).set({ title: 'new.txt' }).where(eq(documents.ownerId, admin.userId));
    await expect.poll(() => titlesOf(admin), { timeout: NOTICE_WAIT_MS, interval: 20 }).toEqual(['new.txt']);
  });

  it("keeps the answer while another team's documents change", async () => {
    const { admin } = await createTeamWithAdmin(ctx, 'Quiet');
    const { admin: other } = await createTeamWithAdmin(ctx, 'Busy');
    await cachedRead(admin, '/api/documents?limit=50');
    expect((await postFiles(ctx, other.cookie, [{ filename: 'b.txt', content: 'B' }])).statusCode).toBe(201);
    await ctx.app.jobs.drain();
    // A server instance forgets everything after its own writes; the embedded database knows exactly what changed.
    if (!isOnServer) expect((await read(admin, '/api/documents?limit=50')).isHit).toBe(true);
  });
});

describe('the member list', () => {
  it('shows a role change, a new department and a changed name at once', async () => {
    const { admin, employee, teamId } = await createTeamWithRoles(ctx, 'People');
    const roleOf = async () =>
      (await read<{ members: TeamMember[] }>(admin, '/api/teams/current/members')).body.members.find(
        (member) => member.userId === employee.userId,
      );
    await cachedRead(admin, '/api/teams/current/members');
    await callApi(ctx, admin, 'PATCH', `/api/teams/current/members/${employee.userId}/role`, { role: 'viewer' });
    expect((await roleOf())?.role).toBe('viewer');
    const [department] = await db()
      .insert(departments)
      .values({ teamId, name: 'Research' })
      .returning({ id: departments.id });
    await db()
      .update(teamEmployees)
      .set({ departmentId: department?.id ?? null })
      .where(eq(teamEmployees.userId, employee.userId));
    await expect
      .poll(async () => (await roleOf())?.department, { timeout: NOTICE_WAIT_MS, interval: 20 })
      .toBe('Research');
    const renamed = await callApi(ctx, employee, 'POST', '/api/auth/update-user', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await roleOf())?.firstName).toBe('Grace');
    await db().update(user).set({ lastName: 'Brewster' }).where(eq(user.id, employee.userId));
    await expect
      .poll(async () => (await roleOf())?.lastName, { timeout: NOTICE_WAIT_MS, interval: 20 })
      .toBe('Brewster');
  });
});

describe('search', () => {
  it('is answered from memory until any passage changes, in any team (ranking statistics are global)', async () => {
    const { admin } = await createTeamWithAdmin(ctx, 'Readers');
    const { admin: other } = await createTeamWithAdmin(ctx, 'Writers');
    await ingestTexts(db(), [
      {
        ownerId: admin.userId,
        source: 'upload',
        externalId: `cache-${randomUUID()}`,
        title: 'Travel policy',
        mimeType: 'text/plain',
        pages: [{ page: null, text: 'Travel budget approval needs a manager.' }],
        contentHash: randomUUID(),
      },
    ]);
    const url = '/api/search?q=travel%20budget';
    // On a server the ingestion's notices may still be on their way: the answer is kept once they are in.
    await expect.poll(async () => (await read(admin, url)).isHit, { timeout: NOTICE_WAIT_MS, interval: 20 }).toBe(true);
    await postFiles(ctx, other.cookie, [{ filename: 'travel.txt', content: 'Travel budget for the writers.' }]);
    await ctx.app.jobs.drain();
    expect((await read(admin, url)).isHit).toBe(false);
  });
});

describe('the cache itself', () => {
  const entry = (versions: number[]) => ({ body: 'x'.repeat(10), contentType: 'application/json', versions });

  it('serves an answer only while the counts of its scopes are unchanged, and never one read before a clear', () => {
    const cache = createResponseCache(1000);
    const versions = cache.versionsOf(['user:a', 'team:t']);
    cache.store('a /x', entry(versions));
    expect(cache.lookup('a /x', cache.versionsOf(['user:a', 'team:t']))).toBeDefined();
    cache.touch('team:other');
    expect(cache.lookup('a /x', cache.versionsOf(['user:a', 'team:t']))).toBeDefined();
    cache.touch('team:t');
    expect(cache.lookup('a /x', cache.versionsOf(['user:a', 'team:t']))).toBeUndefined();
    const before = cache.versionsOf(['user:a']);
    cache.clear();
    cache.store('a /y', entry(before));
    expect(cache.lookup('a /y', cache.versionsOf(['user:a']))).toBeUndefined();
  });

  it('keeps at most its bytes, the least recently used going first', () => {
    // An answer may take a sixteenth of the bytes at most: sixteen of 100 bytes fit in 1,600.
    const cache = createResponseCache(1600);
    for (let index = 0; index <= 16; index++) {
      cache.store(`k${index}`, { ...entry(cache.versionsOf([])), body: 'x'.repeat(100) });
    }
    expect(cache.size).toBe(16);
    expect(cache.lookup('k0', cache.versionsOf([]))).toBeUndefined();
    expect(cache.lookup('k16', cache.versionsOf([]))).toBeDefined();
    cache.store('big', { ...entry(cache.versionsOf([])), body: 'x'.repeat(101) });
    expect(cache.lookup('big', cache.versionsOf([]))).toBeUndefined();
  });
});

describe.skipIf(!isOnServer)('two instances on one PostgreSQL server', { timeout: 180_000 }, () => {
  afterEach(removeInstances);

  it("an upload on A shows in B's document list (B hears the notice; nothing else would refresh it)", async () => {
    const a = await createInstance();
    const b = await createInstance({}, { sharesDatabaseWith: a });
    await Promise.all([start(a), start(b)]);
    const cookie = await signIn(a);
    const titlesOnB = async () =>
      (
        (await (
          await fetch(`${b.base}/api/documents?limit=50`, { headers: { cookie } })
        ).json()) as DocumentListResponse
      ).documents.length;
    expect(await titlesOnB()).toBe(0);
    expect(await titlesOnB()).toBe(0);
    const database = await openInstanceDatabase(a);
    const [owner] = await database.db.select({ id: user.id }).from(user);
    await ingestTexts(database.db, [
      {
        ownerId: owner?.id ?? '',
        source: 'upload',
        externalId: 'two-instances',
        title: 'From A',
        mimeType: 'text/plain',
        pages: [{ page: null, text: 'Written on A.' }],
        contentHash: 'two-instances',
      },
    ]).finally(() => database.close());
    await expect.poll(titlesOnB, { timeout: NOTICE_WAIT_MS, interval: 20 }).toBe(1);
  });
});
