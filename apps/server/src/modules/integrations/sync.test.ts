import { randomUUID } from 'node:crypto';
import {
  type Citation,
  type IntegrationList,
  PLATFORM_LABELS,
  type SearchResult,
  type SyncFailureList,
} from '@lumen/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectionAccessGroups, connections, documents, jobs, syncRuns } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { dataParts, parseUIMessageStream, postChat } from '../../test/assistant-fixtures.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { makeDocx, makePdf, makePptx, makeXlsx } from '../../test/document-fixtures.ts';
import { MemoryConnector } from '../../test/fakes/memory-connector.ts';
import { connectThroughPopup, openSocket, waitFor } from '../../test/integration-fixtures.ts';
import {
  type Actor,
  addMember,
  callApi,
  createTeamWithAdmin,
  errorOf,
  signInNewUser,
} from '../../test/team-fixtures.ts';
import { ConnectorHttpError, createConnectorRegistry } from './connector-driver.ts';
import { createIntegrationsRuntime, enqueueScheduledSyncs, SYNC_JOB } from './integrations.service.ts';
import { connectionTokens, RECONNECT_MESSAGE } from './tokens.ts';

let ctx: TestContext;
const dropbox = new MemoryConnector('dropbox');
/** Every wait the sync asked for, in ms (the sleep is injected, so tests do not wait). */
const sleeps: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ DROPBOX_APP_KEY: 'dropbox-key', DROPBOX_APP_SECRET: 'dropbox-secret' }, undefined, {
    drivers: [dropbox],
    connectorSync: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  dropbox.reset();
  sleeps.length = 0;
});

const db = () => ctx.app.database.db;

async function connect(actor: Actor) {
  const connection = await connectThroughPopup(ctx, actor, dropbox);
  await ctx.app.jobs.drain();
  return connection;
}

async function syncNow(actor: Actor) {
  const response = await callApi(ctx, actor, 'POST', '/api/integrations/dropbox/sync');
  expect(response.statusCode).toBe(202);
  await ctx.app.jobs.drain();
}

async function documentsOf(actor: Actor) {
  return db()
    .select()
    .from(documents)
    .where(and(eq(documents.ownerId, actor.userId), eq(documents.source, 'dropbox')))
    .orderBy(asc(documents.externalId));
}

async function connectionRow(connectionId: string) {
  const [row] = await db().select().from(connections).where(eq(connections.id, connectionId));
  return row;
}

async function runsOf(connectionId: string) {
  return db().select().from(syncRuns).where(eq(syncRuns.connectionId, connectionId)).orderBy(asc(syncRuns.startedAt));
}

async function search(actor: Actor, q: string): Promise<SearchResult[]> {
  const response = await callApi(ctx, actor, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ results: SearchResult[] }>().results;
}

describe('the sync job', () => {
  it('indexes every readable file with its link, team, sharing and version, and records what it cannot read', async () => {
    const { admin: alice, teamId } = await createTeamWithAdmin(ctx, 'Sync Co');
    const bob = await signInNewUser(ctx);
    const sheet = await makeXlsx([
      {
        name: 'Fares',
        rows: [
          ['Route', 'Fare'],
          ['East quay', 7],
        ],
      },
    ]);
    dropbox.addFile({ id: 'a-notes', name: 'notes.txt', content: 'The lighthouse keeper logs every ship.' });
    dropbox.addFile({
      id: 'b-readme',
      name: 'README.md',
      mimeType: 'text/markdown',
      content: '# Moorings\nNorth pier',
    });
    dropbox.addFile({ id: 'c-table', name: 'tides.csv', mimeType: 'text/csv', content: 'hour,height\n6,3.2' });
    dropbox.addFile({ id: 'd-page', name: 'page.html', mimeType: 'text/html; charset=utf-8', content: '<p>Buoys</p>' });
    dropbox.addFile({
      id: 'e-report',
      name: 'report.pdf',
      mimeType: 'application/pdf',
      content: await makePdf([['Quarterly harbour report']]),
    });
    dropbox.addFile({
      id: 'f-memo',
      name: 'memo.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content: await makeDocx(['Dredging starts in spring.']),
      sharedWith: ['Bob@Example.com'],
    });
    dropbox.addFile({
      id: 'g-sheet',
      name: 'fares.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: sheet,
    });
    dropbox.addFile({
      id: 'h-deck',
      name: 'deck.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      content: await makePptx([{ title: 'Ferry plan', body: 'Two boats' }]),
    });
    dropbox.addFile({ id: 'i-photo', name: 'photo.png', mimeType: 'image/png', content: 'png' });
    dropbox.addFile({ id: 'j-broken', name: 'locked.txt', content: 'secret' });
    dropbox.brokenFiles.add('j-broken');
    dropbox.addFile({ id: 'k-fake', name: 'fake.pdf', mimeType: 'application/pdf', content: 'not a pdf at all' });
    // A store that does not know the type: read by the name's extension.
    dropbox.addFile({
      id: 'l-ideas',
      name: 'ideas.md',
      mimeType: 'application/octet-stream',
      content: 'Paint the hull',
    });

    const aliceSocket = await openSocket(ctx, alice);
    const bobSocket = await openSocket(ctx, bob);
    const connection = await connect(alice);

    const synced = await documentsOf(alice);
    expect(synced.map((document) => document.externalId)).toEqual([
      'a-notes',
      'b-readme',
      'c-table',
      'd-page',
      'e-report',
      'f-memo',
      'g-sheet',
      'h-deck',
      'l-ideas',
    ]);
    expect(synced.find((document) => document.externalId === 'l-ideas')?.mimeType).toBe('text/markdown');
    const memo = synced.find((document) => document.externalId === 'f-memo');
    expect(memo).toMatchObject({
      title: 'memo.docx',
      status: 'ready',
      teamId,
      fileId: null,
      url: 'https://store.test/files/f-memo',
      sharedWith: ['bob@example.com'],
      sourceVersion: 'v1',
      modifiedAt: new Date('2026-05-01T10:00:00Z'),
    });
    // The unreadable type is recorded without being downloaded.
    expect(dropbox.fetchCalls).not.toContain('i-photo');
    const failures = await callApi(ctx, alice, 'GET', '/api/integrations/dropbox/failures');
    expect(failures.statusCode).toBe(200);
    expect(failures.json<SyncFailureList>().failures).toEqual([
      { id: 'i-photo', name: 'photo.png', error: 'Files of type image/png cannot be read.' },
      { id: 'j-broken', name: 'locked.txt', error: 'The file could not be downloaded (HTTP 403).' },
      { id: 'k-fake', name: 'fake.pdf', error: expect.any(String) },
    ]);

    expect((await search(alice, 'dredging'))[0]).toMatchObject({ title: 'memo.docx', source: 'dropbox' });
    expect(await search(bob, 'dredging')).toEqual([]);

    const list = (await callApi(ctx, alice, 'GET', '/api/integrations')).json<IntegrationList>();
    const card = list.integrations.find((integration) => integration.provider === 'dropbox');
    expect(card).toMatchObject({ connected: true, status: 'connected', syncing: false, lastError: null });
    expect(card?.counts).toEqual({ seen: 12, indexed: 9, failed: 3 });
    expect(card?.lastSyncedAt).not.toBeNull();
    const [run] = await runsOf(connection.id);
    expect(run).toMatchObject({ status: 'completed', filesSynced: 9, error: null });

    await waitFor(() => aliceSocket.received.some((event) => event.type === 'sync_completed'));
    expect(aliceSocket.received.filter((event) => event.type !== 'platform_connected')).toEqual([
      { type: 'sync_started', platform: 'dropbox', platform_name: 'Dropbox', message: 'Syncing Dropbox...' },
      { type: 'sync_completed', platform: 'dropbox', platform_name: 'Dropbox', files_synced: 9, connected: true },
    ]);
    expect(bobSocket.received).toEqual([]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('fetches only changed files, removes deleted ones, and follows sharing changes without fetching', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.addFile({ id: 'keep', name: 'keep.txt', content: 'Anchors are kept in shed four.' });
    dropbox.addFile({ id: 'edit', name: 'edit.txt', content: 'The ferry leaves at nine.' });
    dropbox.addFile({ id: 'gone', name: 'gone.txt', content: 'Seagulls nest on the pier roof.' });
    await connect(alice);
    expect(dropbox.fetchCalls.sort()).toEqual(['edit', 'gone', 'keep']);
    expect(await search(alice, 'seagulls')).toHaveLength(1);

    dropbox.fetchCalls.length = 0;
    dropbox.changeFile('edit', 'The ferry leaves at ten.');
    dropbox.deleteFile('gone');
    dropbox.shareFile('keep', ['crew@example.com']);
    await syncNow(alice);

    expect(dropbox.fetchCalls).toEqual(['edit']);
    const synced = await documentsOf(alice);
    expect(synced.map((document) => document.externalId)).toEqual(['edit', 'keep']);
    expect(synced.find((document) => document.externalId === 'keep')?.sharedWith).toEqual(['crew@example.com']);
    expect(synced.find((document) => document.externalId === 'edit')?.sourceVersion).toBe('v2');
    expect(await search(alice, 'seagulls')).toEqual([]);
    expect((await search(alice, 'ferry'))[0]?.text).toContain('ten');
  });

  it('resumes an interrupted sync from the last committed page, with every item once', async () => {
    const alice = await signInNewUser(ctx);
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      dropbox.addFile({ id: `item-${name}`, name: `${name}.txt`, content: `Item ${name} of the harbour log.` });
    }
    const socket = await openSocket(ctx, alice);
    dropbox.failAfterPages(1);
    const connection = await connect(alice);

    // Page one (two items) was committed before page two failed.
    const [failed] = await runsOf(connection.id);
    expect(failed).toMatchObject({ status: 'failed', filesSynced: 2 });
    expect(failed?.error).toBe('File synchronization failed. The provider answered HTTP 400.');
    const afterFailure = await connectionRow(connection.id);
    expect(afterFailure).toMatchObject({ status: 'error', lastError: failed?.error });
    expect(afterFailure?.cursor).not.toBeNull();
    expect(await documentsOf(alice)).toHaveLength(2);
    await waitFor(() => socket.received.some((event) => event.type === 'sync_error'));
    expect(socket.received.find((event) => event.type === 'sync_error')).toMatchObject({
      platform: 'dropbox',
      error: 'File synchronization failed. The provider answered HTTP 400.',
    });
    socket.socket.close();

    const listsBefore = dropbox.listCalls.length;
    await syncNow(alice);
    expect(dropbox.listCalls[listsBefore]).toBe(afterFailure?.cursor);
    const synced = await documentsOf(alice);
    expect(synced.map((document) => document.externalId)).toEqual([
      'item-five',
      'item-four',
      'item-one',
      'item-three',
      'item-two',
    ]);
    expect(await connectionRow(connection.id)).toMatchObject({ status: 'connected', lastError: null });
    // The resumed run fetched only what the first one had not committed.
    expect(dropbox.fetchCalls.filter((id) => id === 'item-one')).toHaveLength(1);
  });

  it('skips while another sync runs, and takes over a running sync left by a process that died', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.addFile({ id: 'log', name: 'log.txt', content: 'Night watch log.' });
    const connection = await connect(alice);
    await expect(
      db()
        .insert(syncRuns)
        .values([
          { connectionId: connection.id, status: 'running' },
          { connectionId: connection.id, status: 'running' },
        ]),
    ).rejects.toThrow();

    const [alive] = await db().insert(syncRuns).values({ connectionId: connection.id, status: 'running' }).returning();
    const listsBefore = dropbox.listCalls.length;
    await syncNow(alice);
    expect(dropbox.listCalls.length).toBe(listsBefore);
    const syncing = (await callApi(ctx, alice, 'GET', '/api/integrations')).json<IntegrationList>();
    expect(syncing.integrations.find((integration) => integration.provider === 'dropbox')?.syncing).toBe(true);

    await db()
      .update(syncRuns)
      .set({ heartbeatAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(syncRuns.id, alive?.id ?? ''));
    await syncNow(alice);
    expect(dropbox.listCalls.length).toBe(listsBefore + 1);
    const runs = await runsOf(connection.id);
    expect(runs.find((run) => run.id === alive?.id)).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the server stopped during this sync.',
    });
    expect(runs.at(-1)?.status).toBe('completed');
  });

  it('a sync job taken over from a dead worker takes over the run it left at once, heartbeat or not', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.addFile({ id: 'crash', name: 'crash.txt', content: 'Left behind by a crash.' });
    const connection = await connect(alice);
    // What a kill leaves: a run with a fresh heartbeat, and its job handed out again by the queue's sweep (which
    // keeps `locked_by`, so the next attempt knows the previous one was cut off).
    const [left] = await db().insert(syncRuns).values({ connectionId: connection.id, status: 'running' }).returning();
    await db()
      .insert(jobs)
      .values({ kind: SYNC_JOB, payload: { connectionId: connection.id }, attempts: 1, lockedBy: 'a-dead-worker' });
    const listsBefore = dropbox.listCalls.length;
    await ctx.app.jobs.drain();
    expect(dropbox.listCalls.length).toBe(listsBefore + 1);
    const runs = await runsOf(connection.id);
    expect(runs.find((run) => run.id === left?.id)?.status).toBe('failed');
    expect(runs.at(-1)?.status).toBe('completed');
  });

  it('closes the run a sync job left when that job gives up after its last attempt was cut off', async () => {
    const alice = await signInNewUser(ctx);
    const connection = await connect(alice);
    const [left] = await db().insert(syncRuns).values({ connectionId: connection.id, status: 'running' }).returning();
    await db()
      .insert(jobs)
      .values({
        kind: SYNC_JOB,
        payload: { connectionId: connection.id },
        attempts: 3,
        maxAttempts: 3,
        lockedBy: 'a-dead-worker',
      });
    await ctx.app.jobs.drain();
    const [run] = (await runsOf(connection.id)).filter((candidate) => candidate.id === left?.id);
    expect(run).toMatchObject({ status: 'failed', error: 'Interrupted: the server stopped during this sync.' });
  });

  it("waits the provider's Retry-After (capped) on 429, and fails the run when the provider keeps failing", async () => {
    const alice = await signInNewUser(ctx);
    dropbox.addFile({ id: 'chart', name: 'chart.txt', content: 'Depth chart.' });
    dropbox.throttleNextLists(2, 120);
    const connection = await connect(alice);
    expect(sleeps).toEqual([30_000, 30_000]);
    expect((await runsOf(connection.id)).at(-1)?.status).toBe('completed');
    expect(await documentsOf(alice)).toHaveLength(1);

    sleeps.length = 0;
    const socket = await openSocket(ctx, alice);
    dropbox.throttleNextLists(10, 1, 503);
    await syncNow(alice);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    const row = await connectionRow(connection.id);
    expect(row).toMatchObject({
      status: 'error',
      lastError: 'File synchronization failed. The provider answered HTTP 503.',
    });
    await waitFor(() => socket.received.some((event) => event.type === 'sync_error'));
    socket.socket.close();
    // The documents stay; the next sync starts again.
    expect(await documentsOf(alice)).toHaveLength(1);
  });
});

describe('a page fetched side by side', () => {
  /** Wraps the connector's downloads: later items answer sooner, and the downloads in flight are counted. */
  function delayDownloads(delayOf: (id: string) => number) {
    const original = dropbox.fetchContent.bind(dropbox);
    const flight = { now: 0, max: 0 };
    dropbox.fetchContent = async (token, item) => {
      flight.now += 1;
      flight.max = Math.max(flight.max, flight.now);
      try {
        await new Promise((resolve) => setTimeout(resolve, delayOf(item.id)));
        return await original(token, item);
      } finally {
        flight.now -= 1;
      }
    };
    return { flight, restore: () => (dropbox.fetchContent = original) };
  }
  const ids = (count: number) => Array.from({ length: count }, (_, index) => `f${String(index).padStart(2, '0')}`);

  it('downloads several at once, each item once, indexes them whatever order they finish in, and records a failure', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.pageSize = 100;
    for (const id of ids(70)) dropbox.addFile({ id, name: `${id}.txt`, content: `Logbook page ${id} mentions kelp.` });
    dropbox.brokenFiles.add('f33');
    const downloads = delayDownloads((id) => 20 - (Number(id.slice(1)) % 20));
    try {
      const connection = await connect(alice);
      expect([...dropbox.fetchCalls].sort()).toEqual(ids(70));
      expect(downloads.flight.max).toBeGreaterThan(1);
      expect(downloads.flight.max).toBeLessThanOrEqual(6);
      const synced = await documentsOf(alice);
      expect(synced.map((document) => document.externalId)).toEqual(ids(70).filter((id) => id !== 'f33'));
      expect(synced.every((document) => document.title === `${document.externalId}.txt`)).toBe(true);
      const [run] = await runsOf(connection.id);
      expect(run).toMatchObject({ status: 'completed', filesSynced: 69 });
      expect(run?.failedItems).toEqual([
        { id: 'f33', name: 'f33.txt', error: 'The file could not be downloaded (HTTP 403).' },
      ]);
      expect((await search(alice, 'f47'))[0]).toMatchObject({ title: 'f47.txt' });
    } finally {
      downloads.restore();
    }
  });

  it('a run failing mid-page commits no cursor; the next run indexes every item once, nothing fetched twice', async () => {
    const alice = await signInNewUser(ctx);
    // One page of 300 items: two windows (WINDOW_ITEMS, 256), the first indexed before the second fails.
    dropbox.pageSize = 400;
    for (const id of ids(300)) dropbox.addFile({ id, name: `${id}.txt`, content: `Crew roster ${id}.` });
    const original = dropbox.fetchContent.bind(dropbox);
    // An outage on one download of the second window: retried, then the run fails.
    dropbox.fetchContent = async (token, item) => {
      if (item.id === 'f290') throw new ConnectorHttpError('HTTP 503', { status: 503 });
      return original(token, item);
    };
    let connection: Awaited<ReturnType<typeof connect>>;
    try {
      connection = await connect(alice);
    } finally {
      dropbox.fetchContent = original;
    }
    const [failed] = await runsOf(connection.id);
    expect(failed).toMatchObject({ status: 'failed', filesSynced: 0 });
    expect((await connectionRow(connection.id))?.cursor).toBeNull();
    const indexedBefore = (await documentsOf(alice)).map((document) => document.externalId);

    const fetchedBefore = dropbox.fetchCalls.length;
    await syncNow(alice);
    expect(indexedBefore.length).toBeGreaterThan(0);
    expect((await documentsOf(alice)).map((document) => document.externalId).sort()).toEqual(ids(300).sort());
    // What the failed run indexed is not downloaded again: its version is stored.
    const fetchedAgain = dropbox.fetchCalls.slice(fetchedBefore);
    expect(fetchedAgain.filter((id) => indexedBefore.includes(id))).toEqual([]);
    expect(new Set(fetchedAgain).size).toBe(fetchedAgain.length);
    expect((await runsOf(connection.id)).at(-1)).toMatchObject({ status: 'completed' });
  });
});

describe('full listings, cursor resets and folder deletions', () => {
  // Sorted here: the database's collation orders punctuation differently on PGlite and PostgreSQL.
  const idsOf = async (actor: Actor) => (await documentsOf(actor)).map((document) => document.externalId ?? '').sort();

  it('a null cursor lists everything again and removes the documents the listing did not report', async () => {
    const alice = await signInNewUser(ctx);
    for (const id of ['kept', 'gone']) dropbox.addFile({ id, name: `${id}.txt`, content: `The ${id} pier.` });
    const connection = await connect(alice);
    expect(await idsOf(alice)).toEqual(['gone', 'kept']);
    expect((await connectionRow(connection.id))?.listingStartedAt).toBeNull();

    dropbox.deleteFile('gone');
    await db().update(connections).set({ cursor: null }).where(eq(connections.id, connection.id));
    dropbox.fetchCalls.length = 0;
    await syncNow(alice);
    expect(await idsOf(alice)).toEqual(['kept']);
    // The unchanged file was listed, not fetched again.
    expect(dropbox.fetchCalls).toEqual([]);
    expect((await connectionRow(connection.id))?.listingStartedAt).toBeNull();
    expect(await search(alice, 'gone')).toEqual([]);
  });

  it('restarts with a full listing when the provider resets the cursor, and sweeps what went meanwhile', async () => {
    const alice = await signInNewUser(ctx);
    for (const id of ['a', 'b', 'c']) dropbox.addFile({ id, name: `${id}.txt`, content: `Crate ${id} on deck.` });
    const connection = await connect(alice);
    const before = await connectionRow(connection.id);

    dropbox.expireCursors();
    dropbox.deleteFile('b');
    dropbox.addFile({ id: 'd', name: 'd.txt', content: 'Crate d on deck.' });
    dropbox.fetchCalls.length = 0;
    const listsBefore = dropbox.listCalls.length;
    await syncNow(alice);

    expect(dropbox.listCalls.slice(listsBefore, listsBefore + 2)).toEqual([before?.cursor, null]);
    expect(await idsOf(alice)).toEqual(['a', 'c', 'd']);
    expect(dropbox.fetchCalls).toEqual(['d']);
    expect((await runsOf(connection.id)).at(-1)).toMatchObject({ status: 'completed' });
    expect(await connectionRow(connection.id)).toMatchObject({ status: 'connected', listingStartedAt: null });
  });

  it('restarts once per run: a second reset fails the run, and the next run finishes the listing', async () => {
    const alice = await signInNewUser(ctx);
    for (const id of ['a', 'b', 'c', 'd', 'e']) dropbox.addFile({ id, name: `${id}.txt`, content: `Rope ${id}.` });
    const connection = await connect(alice);
    dropbox.deleteFile('e');
    // The stored cursor, then the listing's second page: both refused.
    dropbox.resetNextLists(2);
    await syncNow(alice);
    const failed = await connectionRow(connection.id);
    expect(failed).toMatchObject({
      status: 'error',
      lastError: 'File synchronization failed. The provider reset its list of changes; the next sync starts over.',
    });
    // The listing's first page is committed, the sweep has not run.
    expect(failed?.listingStartedAt).not.toBeNull();
    expect(await idsOf(alice)).toEqual(['a', 'b', 'c', 'd', 'e']);

    await syncNow(alice);
    expect(await idsOf(alice)).toEqual(['a', 'b', 'c', 'd']);
    expect(await connectionRow(connection.id)).toMatchObject({ status: 'connected', listingStartedAt: null });
  });

  it('a run that dies mid-listing resumes the same listing and removes only what the listing missed', async () => {
    const alice = await signInNewUser(ctx);
    const names = ['one', 'two', 'three', 'four', 'five'];
    for (const name of names) dropbox.addFile({ id: `item-${name}`, name: `${name}.txt`, content: `Log ${name}.` });
    const connection = await connect(alice);
    expect(await idsOf(alice)).toHaveLength(5);

    dropbox.expireCursors();
    dropbox.deleteFile('item-five');
    // Reset, the listing's first page (one, two), then the process "dies".
    dropbox.failAfterPages(1);
    await syncNow(alice);
    const interrupted = await connectionRow(connection.id);
    expect(interrupted?.status).toBe('error');
    expect(interrupted?.listingStartedAt).not.toBeNull();
    expect(await idsOf(alice)).toHaveLength(5);
    const stamped = (await documentsOf(alice)).filter(
      (document) => document.lastListedAt?.getTime() === interrupted?.listingStartedAt?.getTime(),
    );
    expect(stamped.map((document) => document.externalId).sort()).toEqual(['item-one', 'item-two']);

    // The run was left running by a dead process: the next one takes over from the committed listing cursor.
    await db()
      .update(syncRuns)
      .set({ status: 'running', heartbeatAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(syncRuns.id, (await runsOf(connection.id)).at(-1)?.id ?? ''));
    const listsBefore = dropbox.listCalls.length;
    await syncNow(alice);
    expect(dropbox.listCalls[listsBefore]).toBe(interrupted?.cursor);
    expect(dropbox.listCalls.slice(listsBefore)).not.toContain(null);
    // Page one's files were not listed again, yet stay: their stamp is this listing's.
    expect(await idsOf(alice)).toEqual(['item-four', 'item-one', 'item-three', 'item-two']);
    expect(await connectionRow(connection.id)).toMatchObject({ status: 'connected', listingStartedAt: null });
  });

  it("removes a deleted folder's documents by id prefix, taking LIKE wildcards in ids literally", async () => {
    const alice = await signInNewUser(ctx);
    const ids = [
      '/a_b/x.txt',
      '/a_b/deep/y.txt',
      '/aXb/z.txt',
      '/a_b.txt',
      '/50%/p.txt',
      '/50%off/q.txt',
      '/a\\b/r.txt',
    ];
    for (const id of ids) dropbox.addFile({ id, name: id.replace(/^.*\//, ''), content: `File ${id}.` });
    await connect(alice);
    expect(await idsOf(alice)).toHaveLength(ids.length);

    dropbox.deleteFolder('/a_b');
    dropbox.deleteFolder('/50%');
    dropbox.deleteFolder('/a\\');
    await syncNow(alice);
    expect(await idsOf(alice)).toEqual(['/50%off/q.txt', '/aXb/z.txt', '/a\\b/r.txt', '/a_b.txt']);
  });
});

describe('tokens', () => {
  it('refreshes a token that expires within a minute, and keeps the refresh token when none comes back', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.exchangeTokenLifetimeMs = 30_000;
    dropbox.isRefreshTokenKept = true;
    dropbox.addFile({ id: 'tide', name: 'tide.txt', content: 'High tide at noon.' });
    const connection = await connect(alice);
    const secrets = createSecretBox(ctx.config.SECRET_KEY);
    const row = await connectionRow(connection.id);
    const originalRefresh = secrets.decrypt(connection.encryptedRefreshToken ?? '');
    expect(dropbox.refreshCalls).toEqual([originalRefresh]);
    expect(secrets.decrypt(row?.encryptedRefreshToken ?? '')).toBe(originalRefresh);
    const accessToken = secrets.decrypt(row?.encryptedAccessToken ?? '');
    expect(accessToken).not.toBe(secrets.decrypt(connection.encryptedAccessToken ?? ''));
    expect(dropbox.isAccessTokenLive(accessToken)).toBe(true);
    expect(await documentsOf(alice)).toHaveLength(1);
  });

  it('refreshes once and retries when the provider refuses the access token, storing the rotated tokens', async () => {
    const alice = await signInNewUser(ctx);
    const connection = await connect(alice);
    dropbox.expireAccessTokens();
    dropbox.addFile({ id: 'buoy', name: 'buoy.txt', content: 'Red buoy to port.' });
    await syncNow(alice);
    expect(dropbox.refreshCalls).toHaveLength(1);
    const secrets = createSecretBox(ctx.config.SECRET_KEY);
    const row = await connectionRow(connection.id);
    expect(secrets.decrypt(row?.encryptedRefreshToken ?? '')).not.toBe(dropbox.refreshCalls[0]);
    expect(row?.status).toBe('connected');
    expect(await documentsOf(alice)).toHaveLength(1);
  });

  it('shares one refresh among calls running side by side (rotating refresh tokens are used once)', async () => {
    const alice = await signInNewUser(ctx);
    const connected = await connect(alice);
    const runtime = createIntegrationsRuntime(ctx.app, {
      config: ctx.config,
      drivers: createConnectorRegistry([dropbox]),
    });
    const identities = async () => {
      const row = await connectionRow(connected.id);
      if (!row) throw new Error('no connection');
      const tokens = connectionTokens(runtime, row, dropbox);
      return Promise.all(Array.from({ length: 6 }, () => tokens.call((token) => dropbox.accountIdentity(token))));
    };

    // Refused with a token that has expired at the provider (401): one refresh, every call retried with its token.
    dropbox.refreshCalls.length = 0;
    dropbox.expireAccessTokens();
    expect(await identities()).toHaveLength(6);
    expect(dropbox.refreshCalls).toHaveLength(1);

    // About to expire by the stored date: one refresh before the calls.
    await db()
      .update(connections)
      .set({ tokenExpiresAt: new Date(Date.now() + 1000) })
      .where(eq(connections.id, connected.id));
    dropbox.refreshCalls.length = 0;
    expect(await identities()).toHaveLength(6);
    expect(dropbox.refreshCalls).toHaveLength(1);
    expect(await connectionRow(connected.id)).toMatchObject({ status: 'connected' });
  });

  it('marks the connection needs_reconnect when the refresh is refused, tells the user, and stops syncing it', async () => {
    const alice = await signInNewUser(ctx);
    const connection = await connect(alice);
    const socket = await openSocket(ctx, alice);
    dropbox.expireAccessTokens();
    dropbox.isRefreshRefused = true;
    await syncNow(alice);

    expect(await connectionRow(connection.id)).toMatchObject({
      status: 'needs_reconnect',
      lastError: RECONNECT_MESSAGE,
    });
    await waitFor(() => socket.received.some((event) => event.type === 'platform_status_changed'));
    expect(socket.received.find((event) => event.type === 'platform_status_changed')).toEqual({
      type: 'platform_status_changed',
      platform: 'dropbox',
      platform_name: 'Dropbox',
      connected: false,
      error: RECONNECT_MESSAGE,
    });
    socket.socket.close();

    const again = await callApi(ctx, alice, 'POST', '/api/integrations/dropbox/sync');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'CONFLICT', reason: 'INTEGRATION_NEEDS_RECONNECT' });
    const card = (await callApi(ctx, alice, 'GET', '/api/integrations'))
      .json<IntegrationList>()
      .integrations.find((integration) => integration.provider === 'dropbox');
    expect(card).toMatchObject({ connected: true, status: 'needs_reconnect', lastError: RECONNECT_MESSAGE });
    expect(JSON.stringify(card)).not.toMatch(/at-|rt-/);

    // The schedule visits the other connections, not this one.
    await ctx.app.jobs.drain();
    const runtime = createIntegrationsRuntime(ctx.app, {
      config: ctx.config,
      drivers: createConnectorRegistry([dropbox]),
    });
    const jobsOfConnection = async () =>
      (await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'integrations.sync'))).filter(
        (job) => (job.payload as { connectionId?: string }).connectionId === connection.id,
      ).length;
    const before = await jobsOfConnection();
    expect(await enqueueScheduledSyncs(runtime)).toBeGreaterThan(0);
    expect(await jobsOfConnection()).toBe(before);
    await ctx.app.jobs.drain();
  });
});

describe('on demand, failures and disconnect', () => {
  it("answers 404 for a connection that is not there or is another user's", async () => {
    const alice = await signInNewUser(ctx);
    const bob = await signInNewUser(ctx);
    await connect(alice);
    for (const [method, url] of [
      ['POST', '/api/integrations/dropbox/sync'],
      ['GET', '/api/integrations/dropbox/failures'],
      ['POST', '/api/integrations/dropbox/disconnect'],
    ] as const) {
      const response = await callApi(ctx, bob, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).reason).toBe('INTEGRATION_NOT_CONNECTED');
    }
    const mine = await callApi(ctx, alice, 'POST', '/api/integrations/dropbox/sync');
    expect(mine.statusCode).toBe(202);
    expect(mine.json()).toEqual({ queued: expect.any(Boolean) });
    await ctx.app.jobs.drain();
    expect((await callApi(ctx, bob, 'POST', '/api/integrations/fax/sync')).statusCode).toBe(400);
  });

  it('revokes at the provider, removes the synced documents from search and the list, and tells the user', async () => {
    const alice = await signInNewUser(ctx);
    dropbox.addFile({ id: 'manual', name: 'manual.txt', content: 'Winch manual for the crane.' });
    const connection = await connect(alice);
    const refreshToken = createSecretBox(ctx.config.SECRET_KEY).decrypt(connection.encryptedRefreshToken ?? '');
    expect(await search(alice, 'winch')).toHaveLength(1);
    const socket = await openSocket(ctx, alice);

    const response = await callApi(ctx, alice, 'POST', '/api/integrations/dropbox/disconnect');
    expect(response.statusCode).toBe(204);
    expect(dropbox.revoked).toEqual([refreshToken]);
    expect(await documentsOf(alice)).toEqual([]);
    expect(await search(alice, 'winch')).toEqual([]);
    const listed = await callApi(ctx, alice, 'GET', '/api/documents');
    expect(listed.json<{ documents: unknown[] }>().documents).toEqual([]);
    await waitFor(() => socket.received.length > 0);
    expect(socket.received).toEqual([
      { type: 'platform_disconnected', platform: 'dropbox', platform_name: 'Dropbox', connected: false },
    ]);
    socket.socket.close();
  });

  it('disconnects even when the provider refuses the revocation', async () => {
    const alice = await signInNewUser(ctx);
    await connect(alice);
    const revoke = dropbox.revoke;
    dropbox.revoke = async () => {
      throw new Error('HTTP 500 from the revoke endpoint');
    };
    try {
      expect((await callApi(ctx, alice, 'POST', '/api/integrations/dropbox/disconnect')).statusCode).toBe(204);
    } finally {
      dropbox.revoke = revoke;
    }
  });
});

describe('who sees synced documents', () => {
  it('the owner and teammates the source shares it with; losing the share at the source removes access', async () => {
    const { admin: alice, teamId } = await createTeamWithAdmin(ctx, 'Shared Co');
    const bob = await addMember(ctx, teamId, 'employee');
    const carol = await addMember(ctx, teamId, 'employee');
    const { admin: dave } = await createTeamWithAdmin(ctx, 'Elsewhere');
    dropbox.addFile({
      id: 'plan',
      name: 'plan.txt',
      content: 'The breakwater extension plan.',
      sharedWith: [bob.email, dave.email],
    });
    await connect(alice);
    const [plan] = await documentsOf(alice);
    const documentUrl = `/api/documents/${plan?.id}`;

    expect((await callApi(ctx, alice, 'GET', documentUrl)).statusCode).toBe(200);
    expect((await callApi(ctx, bob, 'GET', documentUrl)).statusCode).toBe(200);
    expect((await search(bob, 'breakwater'))[0]).toMatchObject({ documentId: plan?.id, source: 'dropbox' });
    expect((await callApi(ctx, carol, 'GET', documentUrl)).statusCode).toBe(404);
    expect(await search(carol, 'breakwater')).toEqual([]);
    // Shared at the source with someone of another Lumen team: not visible to them.
    expect((await callApi(ctx, dave, 'GET', documentUrl)).statusCode).toBe(404);
    expect(await search(dave, 'breakwater')).toEqual([]);

    // A synced document opens at its source (citations and the asset list use this address).
    const content = await callApi(ctx, bob, 'GET', `${documentUrl}/content`);
    expect(content.statusCode).toBe(302);
    expect(content.headers.location).toBe('https://store.test/files/plan');

    // The assistant cites it for the teammate as "plan.txt (Dropbox)", and the chip opens it at the source.
    const chat = await postChat(ctx, bob.cookie, { id: randomUUID(), text: 'What is the breakwater extension plan?' });
    expect(chat.statusCode).toBe(200);
    const [cited] = dataParts<{ citations: Citation[] }>(parseUIMessageStream(chat.body), 'data-citations');
    const citation = cited?.citations.find((candidate) => candidate.documentId === plan?.id);
    expect(citation).toMatchObject({ title: 'plan.txt', source: 'dropbox' });
    expect(PLATFORM_LABELS[citation?.source ?? 'upload']).toBe('Dropbox');
    const opened = await callApi(ctx, bob, 'GET', citation?.url.split('#')[0] ?? '');
    expect(opened.headers.location).toBe('https://store.test/files/plan');

    dropbox.shareFile('plan', []);
    await syncNow(alice);
    expect((await callApi(ctx, bob, 'GET', documentUrl)).statusCode).toBe(404);
    expect(await search(bob, 'breakwater')).toEqual([]);
    expect((await callApi(ctx, alice, 'GET', documentUrl)).statusCode).toBe(200);
  });

  it('teammates whose own connection holds an access group the document names (a Slack channel they are in); the groups follow the source at every sync', async () => {
    const { admin: alice, teamId } = await createTeamWithAdmin(ctx, 'Channels Co');
    const bob = await addMember(ctx, teamId, 'employee');
    const carol = await addMember(ctx, teamId, 'employee');
    dropbox.addFile({
      id: 'rota',
      name: 'rota.txt',
      content: 'The lighthouse keeper rota changes in March.',
      sharedWith: ['dropbox:ws1:channel-a'],
    });
    dropbox.addFile({
      id: 'budget',
      name: 'budget.txt',
      content: 'The harbour budget is forty thousand euros.',
      sharedWith: ['dropbox:ws1:channel-b'],
    });
    dropbox.accessGroups = ['dropbox:ws1:channel-a', 'dropbox:ws1:channel-b'];
    await connect(alice);
    const aliceDocuments = await documentsOf(alice);
    const rota = aliceDocuments.find((document) => document.externalId === 'rota');
    const budget = aliceDocuments.find((document) => document.externalId === 'budget');
    expect(rota?.sharedWith).toEqual(['dropbox:ws1:channel-a']);

    // Bob's own connection is in channel A only. Keys another source could claim, or that look like an email, are
    // not stored; the others in lower case, as documents keep them.
    dropbox.accessGroups = [
      'DROPBOX:WS1:Channel-A',
      'google-drive:ws1:channel-b',
      'dropbox:bob@example.test',
      'dropbox:',
    ];
    const bobConnection = await connect(bob);
    const stored = await db()
      .select({ groupKey: connectionAccessGroups.groupKey })
      .from(connectionAccessGroups)
      .where(eq(connectionAccessGroups.connectionId, bobConnection.id));
    expect(stored.map((row) => row.groupKey)).toEqual(['dropbox:ws1:channel-a']);

    const canOpen = async (actor: Actor, documentId: string | undefined) =>
      (await callApi(ctx, actor, 'GET', `/api/documents/${documentId}`)).statusCode === 200;
    const foundIds = async (actor: Actor, query: string) => (await search(actor, query)).map((hit) => hit.documentId);
    expect(await canOpen(bob, rota?.id)).toBe(true);
    expect(await foundIds(bob, 'lighthouse keeper rota')).toContain(rota?.id);
    expect(await canOpen(bob, budget?.id)).toBe(false);
    expect(await foundIds(bob, 'harbour budget')).not.toContain(budget?.id);
    // Carol has no connection to the source: no group, nothing of Alice's.
    expect(await canOpen(carol, rota?.id)).toBe(false);
    expect(await foundIds(carol, 'lighthouse keeper rota')).toEqual([]);

    // Bob leaves channel A at the source: his next sync takes the group away.
    dropbox.accessGroups = [];
    await syncNow(bob);
    expect(dropbox.accessGroupCalls.length).toBe(3);
    expect(await canOpen(bob, rota?.id)).toBe(false);
    expect(await foundIds(bob, 'lighthouse keeper rota')).not.toContain(rota?.id);

    // Back in the channel, then disconnected: the groups go with the connection.
    dropbox.accessGroups = ['dropbox:ws1:channel-a'];
    await syncNow(bob);
    expect(await canOpen(bob, rota?.id)).toBe(true);
    expect((await callApi(ctx, bob, 'POST', '/api/integrations/dropbox/disconnect')).statusCode).toBe(204);
    expect(await canOpen(bob, rota?.id)).toBe(false);
  });
});
