import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  type Citation,
  type ConnectorProvider,
  type Integration,
  type IntegrationList,
  PLATFORM_LABELS,
  type SearchResult,
} from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { dataParts, parseUIMessageStream, postChat, streamedText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../../test/build-test-app.ts';
import { startDropboxFake } from '../../test/fakes/dropbox-fake.ts';
import { dropboxFakeEnv, googleDriveFakeEnv, oneDriveFakeEnv } from '../../test/fakes/fake-env.ts';
import { GOOGLE_DOC, startGoogleDriveFake } from '../../test/fakes/google-drive-fake.ts';
import { startOneDriveFake } from '../../test/fakes/onedrive-fake.ts';
import { getAs, readPopupResult } from '../../test/integration-fixtures.ts';
import {
  type Actor,
  callApi,
  createTeamWithRoles,
  signInNewUser,
  type TeamWithRoles,
} from '../../test/team-fixtures.ts';

/**
 * Each real driver against its fake provider over HTTP, through the real app: connect popup, first sync, an
 * incremental sync, who sees what, and disconnect. The fakes speak the providers' wire formats (test/fakes/).
 */

/** A file in the fake store: `key` is what the fake's controls take (an id, or a path for Dropbox). */
interface StoreFile {
  key: string;
  name: string;
}

/** One provider's fake, behind the few controls this test needs. */
interface Store {
  env: Record<string, string>;
  /** The fake's origin, which stands in for every host of the provider. */
  origin: string;
  accountEmail: string;
  /** A markdown file, shared with `sharedWith` when given. */
  addText(name: string, content: string, sharedWith?: string): StoreFile;
  /** A native document the provider exports (Google Docs only). */
  addNativeDoc: ((name: string, content: string) => StoreFile) | null;
  change(file: StoreFile, content: string): void;
  remove(file: StoreFile): void;
  unshare(file: StoreFile, email: string): void;
  /** Where the provider opens the file. */
  sourceUrl(file: StoreFile): string;
  /**
   * Content downloads (and exports) the fake served since the last reset: the file's key when the request names it
   * (Dropbox names the file in a header the fake does not log: null).
   */
  downloads(): Array<string | null>;
  /** Revocations the fake received; null for a provider without a revoke endpoint (Microsoft). */
  countRevocations: (() => number) | null;
  /** The token endpoint and our client there, where a refresh shows whether a grant is alive (providers with revoke). */
  tokenEndpoint: { url: string; clientId: string; clientSecret: string } | null;
  resetRequests(): void;
  close(): Promise<void>;
}

async function startGoogleDrive(): Promise<Store> {
  const fake = await startGoogleDriveFake();
  const ref = (file: { id?: string | null; name?: string | null }): StoreFile => ({
    key: file.id ?? '',
    name: file.name ?? '',
  });
  return {
    env: googleDriveFakeEnv(fake),
    origin: fake.baseUrl,
    accountEmail: fake.user.email,
    addText: (name, content, sharedWith) =>
      ref(fake.addFile({ name, mimeType: 'text/markdown', content, sharedWith: sharedWith ? [sharedWith] : [] })),
    addNativeDoc: (name, content) => ref(fake.addFile({ name, mimeType: GOOGLE_DOC, content })),
    change: (file, content) => fake.updateFile(file.key, { content }),
    remove: (file) => fake.deleteFile(file.key),
    unshare: (file, email) => fake.unshare(file.key, email),
    sourceUrl: (file) => fake.getFile(file.key)?.webViewLink ?? '',
    downloads: () =>
      fake.requests.flatMap((request) => {
        const match = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(request.path);
        return request.method === 'GET' && match?.[1] ? [match[1]] : [];
      }),
    countRevocations: () => fake.countRequests('/revoke', 'POST'),
    tokenEndpoint: { url: `${fake.baseUrl}/token`, clientId: fake.clientId, clientSecret: fake.clientSecret },
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

async function startOneDrive(): Promise<Store> {
  const fake = await startOneDriveFake();
  return {
    env: oneDriveFakeEnv(fake),
    origin: fake.origin,
    accountEmail: fake.account.email,
    addText: (name, content, sharedWith) => {
      const id = fake.addFile({ name, content, mimeType: 'text/markdown' });
      if (sharedWith) fake.share(id, sharedWith);
      return { key: id, name };
    },
    addNativeDoc: null,
    change: (file, content) => fake.updateFile(file.key, content),
    remove: (file) => fake.deleteFile(file.key),
    unshare: (file, email) => fake.unshare(file.key, email),
    sourceUrl: (file) => `https://onedrive.live.com/?id=${encodeURIComponent(file.key)}`,
    downloads: () =>
      fake.requests.flatMap((request) => {
        const match = /^\/v1\.0\/me\/drive\/items\/([^/]+)\/content$/.exec(request.path);
        return request.method === 'GET' && match?.[1] ? [decodeURIComponent(match[1])] : [];
      }),
    countRevocations: null,
    tokenEndpoint: null,
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

async function startDropbox(): Promise<Store> {
  const fake = await startDropboxFake();
  const countRoute = (route: string) => fake.requests.filter((request) => request.path === route).length;
  return {
    env: dropboxFakeEnv(fake),
    origin: fake.baseUrl,
    accountEmail: fake.account.email,
    // Dropbox shares folders, not files: a shared file lives in a folder of its own shared with the teammate.
    addText: (name, content, sharedWith) => {
      const folder = sharedWith ? `/Shared ${name}` : '/Notes';
      const file = fake.addFile(`${folder}/${name}`, content);
      if (sharedWith) fake.shareFolder(folder, [{ email: sharedWith, accessType: 'viewer' }]);
      return { key: file.pathDisplay, name };
    },
    addNativeDoc: null,
    change: (file, content) => {
      fake.updateFile(file.key, content);
    },
    remove: (file) => fake.deleteFile(file.key),
    // A removed member is not in Dropbox's change feed; a folder that stops being shared is.
    unshare: (file) => fake.unshareFolder(path.posix.dirname(file.key)),
    // With CONNECTOR_BASE_URL_DROPBOX every Dropbox host, www.dropbox.com included, is the fake's origin.
    sourceUrl: (file) => `${fake.baseUrl}/home${encodeURI(file.key)}`,
    downloads: () => fake.requests.filter((request) => request.path === '/2/files/download').map(() => null),
    countRevocations: () => countRoute('/2/auth/token/revoke'),
    tokenEndpoint: { url: `${fake.baseUrl}/oauth2/token`, clientId: fake.clientId, clientSecret: fake.clientSecret },
    resetRequests: () => fake.resetRequests(),
    close: () => fake.close(),
  };
}

const PROVIDERS: Array<{ provider: ConnectorProvider; start: () => Promise<Store> }> = [
  { provider: 'google-drive', start: startGoogleDrive },
  { provider: 'onedrive', start: startOneDrive },
  { provider: 'dropbox', start: startDropbox },
];

describe.each(PROVIDERS)('$provider through the real driver and its fake', ({ provider, start }) => {
  const label = PLATFORM_LABELS[provider];
  let store: Store;
  let ctx: TestContext;
  let team: TeamWithRoles;
  /** Connects the store; `teammate` is who the source shares the crew roster with. */
  let owner: Actor;
  let teammate: Actor;
  let outsider: Actor;
  const files: Record<string, StoreFile> = {};

  beforeAll(async () => {
    store = await start();
    ctx = await buildTestApp(store.env, undefined, { connectorSync: { sleep: async () => {} } });
    team = await createTeamWithRoles(ctx, `${label} Co`);
    owner = team.admin;
    teammate = team.employee;
    outsider = await signInNewUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.close();
  });

  async function search(actor: Actor, q: string): Promise<SearchResult[]> {
    const response = await callApi(ctx, actor, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: SearchResult[] }>().results;
  }

  async function titlesFound(actor: Actor, q: string): Promise<string[]> {
    return [...new Set((await search(actor, q)).map((result) => result.title))];
  }

  async function card(actor: Actor): Promise<Integration | undefined> {
    const list = (await callApi(ctx, actor, 'GET', '/api/integrations')).json<IntegrationList>();
    return list.integrations.find((integration) => integration.provider === provider);
  }

  async function listedDocuments(actor: Actor): Promise<Array<{ id: string; title: string; source: string }>> {
    const response = await callApi(ctx, actor, 'GET', '/api/documents');
    expect(response.statusCode).toBe(200);
    return response.json<{ documents: Array<{ id: string; title: string; source: string }> }>().documents;
  }

  async function documentIdOf(actor: Actor, title: string): Promise<string> {
    const document = (await listedDocuments(actor)).find((candidate) => candidate.title === title);
    if (!document) throw new Error(`${title} is not in the document list`);
    return document.id;
  }

  it('connects through the popup: consent at the fake, callback, connected card with the account email', async () => {
    files.ferry = store.addText('ferry-times.md', 'The night ferry to Skerryvore departs from pier eleven.');
    files.roster = store.addText('crew-roster.md', 'Crew roster: the bosun is Wilhelmina Quayside.', teammate.email);
    files.tugboat = store.addText('old-notes.md', 'The retired tugboat is named Brimble.');
    if (store.addNativeDoc) {
      files.handbook = store.addNativeDoc('Harbour handbook', 'Lanterns are lit at dusk by the lamplighter Oddny.');
    }

    const started = await getAs(ctx, owner, `/api/integrations/${provider}/connect`);
    expect(started.statusCode).toBe(302);
    const consentUrl = new URL(String(started.headers.location));
    expect(consentUrl.origin).toBe(store.origin);

    const consent = await fetch(consentUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${TEST_APP_URL}/api/integrations/${provider}/callback`);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(consentUrl.searchParams.get('state'));

    const result = await getAs(ctx, owner, `${callback.pathname}${callback.search}`);
    expect(readPopupResult(result)).toMatchObject({ provider, ok: true, error: undefined });
    expect(await card(owner)).toMatchObject({
      connected: true,
      status: 'connected',
      account: { email: store.accountEmail },
    });
  });

  it('the first sync indexes every file; search and the assistant cite it with its platform and source link', async () => {
    store.resetRequests();
    await ctx.app.jobs.drain();
    const fileCount = Object.keys(files).length;
    expect(store.downloads()).toHaveLength(fileCount);
    const synced = await card(owner);
    expect(synced).toMatchObject({ connected: true, syncing: false, lastError: null });
    expect(synced?.counts).toMatchObject({ indexed: fileCount, failed: 0 });
    expect(synced?.lastSyncedAt).not.toBeNull();

    const [hit] = await search(owner, 'Skerryvore');
    expect(hit).toMatchObject({ title: 'ferry-times.md', source: provider });
    expect(await titlesFound(owner, 'Wilhelmina')).toEqual(['crew-roster.md']);
    expect(await titlesFound(owner, 'Brimble')).toEqual(['old-notes.md']);
    if (files.handbook) expect(await titlesFound(owner, 'lamplighter')).toEqual(['Harbour handbook']);

    // The builtin model answers a find request with "**title** (Platform)" and a citation chip.
    const chat = await postChat(ctx, owner.cookie, { id: randomUUID(), text: 'Find the files about Skerryvore' });
    expect(chat.statusCode).toBe(200);
    const chunks = parseUIMessageStream(chat.body);
    expect(streamedText(chunks)).toContain(`**ferry-times.md** (${label})`);
    const [cited] = dataParts<{ citations: Citation[] }>(chunks, 'data-citations');
    const citation = cited?.citations.find((candidate) => candidate.documentId === hit?.documentId);
    expect(citation).toMatchObject({ title: 'ferry-times.md', source: provider });
    expect(`${citation?.title} (${PLATFORM_LABELS[citation?.source ?? 'upload']})`).toBe(`ferry-times.md (${label})`);
    const opened = await callApi(ctx, owner, 'GET', citation?.url.split('#')[0] ?? '');
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(store.sourceUrl(files.ferry as StoreFile));

    // The teammate the source shares the roster with sees it, and only it.
    expect(await titlesFound(teammate, 'Wilhelmina')).toEqual(['crew-roster.md']);
    expect(await search(teammate, 'Skerryvore')).toEqual([]);
    expect(await search(team.viewer, 'Wilhelmina')).toEqual([]);
  });

  it('the next sync downloads only the changed and the added file, and applies deletions and unsharing', async () => {
    const rosterId = await documentIdOf(owner, 'crew-roster.md');
    store.change(files.ferry as StoreFile, 'The night ferry to Skerryvore now departs from pier twelve.');
    store.remove(files.tugboat as StoreFile);
    files.tides = store.addText('tide-table.md', 'High tide at Gullhaven comes at noon.');
    store.unshare(files.roster as StoreFile, teammate.email);
    store.resetRequests();

    expect((await callApi(ctx, owner, 'POST', `/api/integrations/${provider}/sync`)).statusCode).toBe(202);
    await ctx.app.jobs.drain();

    // Two downloads, of the changed and the added file (both new contents are indexed): nothing else was fetched.
    const downloads = store.downloads();
    expect(downloads).toHaveLength(2);
    const named = downloads.filter((key) => key !== null);
    if (named.length > 0) expect(named.sort()).toEqual([files.ferry?.key, files.tides?.key].sort());
    expect((await search(owner, 'twelve'))[0]).toMatchObject({ title: 'ferry-times.md' });
    expect(await search(owner, 'eleven')).toEqual([]);
    expect(await titlesFound(owner, 'Gullhaven')).toEqual(['tide-table.md']);
    expect(await search(owner, 'Brimble')).toEqual([]);
    expect((await listedDocuments(owner)).map((document) => document.title)).not.toContain('old-notes.md');
    expect((await card(owner))?.lastError).toBeNull();

    // Unshared at the source: the owner keeps it, the teammate loses it.
    expect(await titlesFound(owner, 'Wilhelmina')).toEqual(['crew-roster.md']);
    expect(await search(teammate, 'Wilhelmina')).toEqual([]);
    expect((await callApi(ctx, teammate, 'GET', `/api/documents/${rosterId}`)).statusCode).toBe(404);
  });

  it("another user sees none of the documents and cannot sync or disconnect the owner's connection", async () => {
    const ferryId = await documentIdOf(owner, 'ferry-times.md');
    expect(await search(outsider, 'Skerryvore')).toEqual([]);
    expect(await listedDocuments(outsider)).toEqual([]);
    expect((await callApi(ctx, outsider, 'GET', `/api/documents/${ferryId}`)).statusCode).toBe(404);
    expect((await callApi(ctx, outsider, 'GET', `/api/documents/${ferryId}/content`)).statusCode).toBe(404);
    expect((await callApi(ctx, outsider, 'POST', `/api/integrations/${provider}/sync`)).statusCode).toBe(404);
    expect((await callApi(ctx, outsider, 'POST', `/api/integrations/${provider}/disconnect`)).statusCode).toBe(404);
    expect(await card(outsider)).toMatchObject({ connected: false });
    expect(await card(owner)).toMatchObject({ connected: true, status: 'connected' });
    expect(await titlesFound(owner, 'Skerryvore')).toEqual(['ferry-times.md']);
  });

  /** The HTTP status of a refresh with this refresh token at the fake's token endpoint. */
  async function refreshStatus(endpoint: NonNullable<Store['tokenEndpoint']>, refreshToken: string): Promise<number> {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: endpoint.clientId,
        client_secret: endpoint.clientSecret,
      }),
    });
    return response.status;
  }

  it('disconnecting revokes at the provider and removes every synced document', async () => {
    const [connection] = await ctx.app.database.db
      .select()
      .from(connections)
      .where(and(eq(connections.userId, owner.userId), eq(connections.provider, provider)));
    const refreshToken = createSecretBox(ctx.config.SECRET_KEY).decrypt(connection?.encryptedRefreshToken ?? '');
    const { tokenEndpoint } = store;
    if (tokenEndpoint) expect(await refreshStatus(tokenEndpoint, refreshToken)).toBe(200);
    store.resetRequests();

    expect((await callApi(ctx, owner, 'POST', `/api/integrations/${provider}/disconnect`)).statusCode).toBe(204);
    if (store.countRevocations) expect(store.countRevocations()).toBeGreaterThan(0);
    // The grant is gone at the provider, not just forgotten here.
    if (tokenEndpoint) expect(await refreshStatus(tokenEndpoint, refreshToken)).toBe(400);
    expect(await search(owner, 'Skerryvore')).toEqual([]);
    expect(await search(owner, 'Gullhaven')).toEqual([]);
    expect(await search(owner, 'Wilhelmina')).toEqual([]);
    expect((await listedDocuments(owner)).filter((document) => document.source === provider)).toEqual([]);
    expect(await card(owner)).toMatchObject({ connected: false, status: null, account: null });
  });
});
