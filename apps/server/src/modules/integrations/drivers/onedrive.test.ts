import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  connectDriver,
  connectorsConfigWith,
  consentAt,
  listAllPages,
  recordingFetch,
  rejectionOf,
} from '../../../test/driver-fixtures.ts';
import { type OneDriveFake, startOneDriveFake } from '../../../test/fakes/onedrive-fake.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type FileStoreDriver,
} from '../connector-driver.ts';
import { codeChallengeS256, createCodeVerifier } from '../oauth.ts';
import { createOneDriveDriver } from './onedrive.ts';

const REDIRECT_URI = 'http://localhost:5173/api/integrations/onedrive/callback';

let fake: OneDriveFake;
let driver: FileStoreDriver;
/** Every URL the driver fetched, to prove none went to a real Microsoft host. */
const fetchedUrls: string[] = [];
/** The same, never reset: checked once every test of the driver ran. */
const allFetchedUrls: string[] = [];

function connectorsFor(origin: string): ConnectorsConfig {
  return connectorsConfigWith({
    onedrive: { clientId: fake.clientId, clientSecret: fake.clientSecret, tenant: fake.tenant },
    baseUrls: { onedrive: origin },
  });
}

/** Walks the consent page like a browser and answers the URL it redirects to, with the code or the error. */
async function authorize(verifier: string, state: string): Promise<URL> {
  return consentAt(
    driver.authorizationUrl({ state, codeChallenge: codeChallengeS256(verifier), redirectUri: REDIRECT_URI }),
  );
}

beforeAll(async () => {
  fake = await startOneDriveFake({ pageSize: 3 });
  driver = createOneDriveDriver(connectorsFor(fake.origin), { fetch: recordingFetch(fetchedUrls, allFetchedUrls) });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.failNext(0, 200);
  fake.setConsentDenied(false);
});

describe('OneDrive driver: OAuth', () => {
  it('builds the authorization URL with PKCE S256, state, redirect URI, response mode and scopes', () => {
    const url = new URL(
      driver.authorizationUrl({ state: 's1', codeChallenge: 'challenge-1', redirectUri: REDIRECT_URI }),
    );
    expect(url.origin).toBe(fake.origin);
    expect(url.pathname).toBe(`/${fake.tenant}/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      response_mode: 'query',
      scope: 'offline_access Files.Read.All Files.ReadWrite User.Read',
      state: 's1',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
    });
  });

  it('uses the real Microsoft hosts without a base URL', () => {
    const real = createOneDriveDriver({ ...connectorsFor(fake.origin), baseUrls: {} });
    const url = new URL(real.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(url.origin).toBe('https://login.microsoftonline.com');
  });

  it('exchanges the code with the right verifier and refuses a wrong one', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(tokens.scopes).toEqual(['Files.Read.All', 'Files.ReadWrite', 'User.Read']);

    const verifier = createCodeVerifier();
    const callback = await authorize(verifier, 'state-xyz');
    expect(callback.searchParams.get('state')).toBe('state-xyz');
    const exchange = driver.exchangeCode({
      code: callback.searchParams.get('code') ?? '',
      codeVerifier: createCodeVerifier(),
      redirectUri: REDIRECT_URI,
    });
    await expect(exchange).rejects.toBeInstanceOf(ConnectorAuthError);
  });

  it('passes a denied consent back to the redirect URI', async () => {
    fake.setConsentDenied(true);
    const callback = await authorize(createCodeVerifier(), 'denied-state');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('denied-state');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refreshes, and a revoked refresh token is a ConnectorAuthError', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    const refreshed = await driver.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await driver.accountIdentity(refreshed.accessToken)).email).toBe(fake.account.email);

    // An outage at the token endpoint is not a refusal: the connection stays, the sync retries later.
    fake.failNext(1, 503, 30);
    const outage = await rejectionOf(driver.refresh(refreshed.refreshToken ?? ''));
    expect(outage).toBeInstanceOf(ConnectorHttpError);
    expect(outage).toMatchObject({ status: 503, retryAfterSeconds: 30 });

    await expect(driver.refresh('not-a-refresh-token')).rejects.toBeInstanceOf(ConnectorAuthError);
    fake.revokeRefreshTokens();
    await expect(driver.refresh(refreshed.refreshToken ?? '')).rejects.toBeInstanceOf(ConnectorAuthError);
  });

  it('answers the identity, and an expired access token is a ConnectorAuthError', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    expect(await driver.accountIdentity(tokens.accessToken)).toEqual({
      id: fake.account.id,
      email: fake.account.email,
      name: fake.account.displayName,
    });
    fake.expireAccessTokens();
    await expect(driver.accountIdentity(tokens.accessToken)).rejects.toBeInstanceOf(ConnectorAuthError);
    await expect(driver.listChanges(tokens.accessToken, null)).rejects.toBeInstanceOf(ConnectorAuthError);
  });
});

describe('OneDrive driver: files', () => {
  let accessToken: string;
  const ids = { plan: '', notes: '', budget: '', shared: '', linked: '', old: '', gone: '' };

  beforeAll(async () => {
    accessToken = (await connectDriver(driver, { redirectUri: REDIRECT_URI })).accessToken;
    const folder = fake.addFolder('Reports');
    ids.plan = fake.addFile({ name: 'plan.txt', content: 'The plan' });
    ids.notes = fake.addFile({ name: 'notes.md', content: '# Notes', mimeType: 'text/markdown', parentId: folder });
    ids.budget = fake.addFile({ name: 'budget.csv', content: 'a,b\n1,2', mimeType: 'text/csv', parentId: folder });
    ids.shared = fake.addFile({ name: 'shared.txt', content: 'Shared text' });
    ids.linked = fake.addFile({ name: 'linked.txt', content: 'Linked text' });
    ids.old = fake.addFile({ name: 'old.txt', content: 'Old' });
    ids.gone = fake.addFile({ name: 'gone.txt', content: 'Deleted before the first sync' });
    fake.deleteFile(ids.gone);
    fake.share(ids.shared, 'Grace@Contoso.test');
    fake.share(ids.shared, 'linus@contoso.test');
    fake.share(ids.linked, 'ken@contoso.test', 'link');
  });

  it('lists every file across delta pages, then only the changes since the deltaLink', async () => {
    fetchedUrls.length = 0;
    const full = await listAllPages(driver, accessToken, null);
    expect(full.pages.length).toBeGreaterThan(2);
    // Folders and the root are not files; a file deleted before the first sync is not listed.
    const byName = new Map(full.items.map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual([
      'budget.csv',
      'linked.txt',
      'notes.md',
      'old.txt',
      'plan.txt',
      'shared.txt',
    ]);
    expect(full.items.every((item) => !item.deleted)).toBe(true);
    const notes = byName.get('notes.md');
    expect(notes).toMatchObject({ id: ids.notes, mimeType: 'text/markdown', size: 7, sharedWith: [] });
    expect(notes?.version).toBeTruthy();
    expect(notes?.webUrl).toContain(ids.notes);
    expect(notes?.modifiedAt).toBeInstanceOf(Date);
    // The connected account (the owner) is left out; emails are lower case; links count by their recipients.
    expect(byName.get('shared.txt')?.sharedWith).toEqual(['grace@contoso.test', 'linus@contoso.test']);
    expect(byName.get('linked.txt')?.sharedWith).toEqual(['ken@contoso.test']);
    // Permissions are read only for the two shared files.
    expect(fetchedUrls.filter((url) => url.endsWith('/permissions'))).toHaveLength(2);

    // Nothing changed: the delta link answers no files.
    const quiet = await listAllPages(driver, accessToken, full.cursor);
    expect(quiet.items).toEqual([]);

    fake.updateFile(ids.plan, 'The new plan');
    fake.deleteFile(ids.old);
    const added = fake.addFile({ name: 'added.txt', content: 'Added' });
    fake.unshare(ids.shared, 'linus@contoso.test');

    const changes = await listAllPages(driver, accessToken, quiet.cursor);
    const changed = new Map(changes.items.map((item) => [item.id, item]));
    expect([...changed.keys()].sort()).toEqual([ids.plan, ids.old, added, ids.shared].sort());
    expect(changed.get(ids.old)?.deleted).toBe(true);
    expect(changed.get(added)).toMatchObject({ name: 'added.txt', deleted: false });
    expect(changed.get(ids.plan)?.version).not.toBe(byName.get('plan.txt')?.version);
    // Unsharing changes who may see it, not the content.
    expect(changed.get(ids.shared)?.sharedWith).toEqual(['grace@contoso.test']);
    expect(changed.get(ids.shared)?.version).toBe(byName.get('shared.txt')?.version);

    // No request left the fake, though Graph's links name graph.microsoft.com and a 1drv.com download host.
    expect(fetchedUrls.length).toBeGreaterThan(0);
    expect(fetchedUrls.every((url) => url.startsWith(fake.origin))).toBe(true);
  });

  it("reports the files of a folder shared later with the folder's people", async () => {
    const { cursor } = await listAllPages(driver, accessToken, null);
    const reports = fake.addFolder('Board');
    const minutes = fake.addFile({ name: 'minutes.txt', content: 'Minutes', parentId: reports });
    const { cursor: afterAdd } = await listAllPages(driver, accessToken, cursor);
    fake.share(reports, 'Board@Contoso.test', 'link');
    const changes = await listAllPages(driver, accessToken, afterAdd);
    expect(changes.items).toHaveLength(1);
    expect(changes.items[0]).toMatchObject({ id: minutes, sharedWith: ['board@contoso.test'] });
  });

  it('answers a cursor reset when Graph answers 410 Gone for the stored token; a null cursor starts over', async () => {
    const { cursor } = await listAllPages(driver, accessToken, null);
    fake.expireDeltaTokens();
    fake.resetRequests();
    const error = await driver.listChanges(accessToken, cursor).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConnectorCursorResetError);
    expect((error as Error).message).toContain('resyncChangesApplyDifferences');
    // The stale token was asked once and not followed: the engine restarts with a null cursor.
    expect(fake.requests.filter((request) => request.path.endsWith('/delta'))).toHaveLength(1);
    const first = await driver.listChanges(accessToken, null);
    expect(first.startsFullListing).toBe(true);
    const restarted = await listAllPages(driver, accessToken, null);
    expect(restarted.items.map((item) => item.name)).toContain('notes.md');
    expect(restarted.items.every((item) => !item.deleted)).toBe(true);
  });

  it('downloads content through the redirect to the download host, without sending the token there', async () => {
    fake.resetRequests();
    fetchedUrls.length = 0;
    const notes = (await listAllPages(driver, accessToken, null)).items.find((item) => item.id === ids.notes);
    if (!notes) throw new Error('notes.md not listed');
    fake.resetRequests();
    const content = await driver.fetchContent(accessToken, notes);
    expect(content.content.toString('utf8')).toBe('# Notes');
    expect(content.mimeType).toBe('text/markdown');
    expect(fake.requests).toEqual([
      { method: 'GET', path: `/v1.0/me/drive/items/${encodeURIComponent(ids.notes)}/content`, hasBearer: true },
      { method: 'GET', path: `/download/${encodeURIComponent(ids.notes)}`, hasBearer: false },
    ]);
    expect(fetchedUrls.every((url) => url.startsWith(fake.origin))).toBe(true);
  });

  it('answers 429 with Retry-After as a retryable ConnectorHttpError', async () => {
    fake.failNext(1, 429, 7);
    const error = await rejectionOf(driver.listChanges(accessToken, null));
    expect(error).toBeInstanceOf(ConnectorHttpError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });

    fake.failNext(1, 503);
    const unavailable = await rejectionOf(driver.accountIdentity(accessToken));
    expect(unavailable).toMatchObject({ status: 503, retryAfterSeconds: null, isRetryable: true });
    // The failure was used up: the next call works.
    expect((await driver.accountIdentity(accessToken)).id).toBe(fake.account.id);
  });

  it('uploads a file that the next delta then reports', async () => {
    const { cursor } = await listAllPages(driver, accessToken, null);
    const uploaded = await driver.upload(accessToken, {
      name: 'Answer summary.md',
      content: Buffer.from('# Summary'),
      mimeType: 'text/markdown',
    });
    expect(uploaded).toMatchObject({ name: 'Answer summary.md', deleted: false, mimeType: 'text/markdown', size: 9 });
    expect(fake.readFile(uploaded.id)?.content.toString('utf8')).toBe('# Summary');

    // The same name again is kept beside, not overwritten.
    const second = await driver.upload(accessToken, {
      name: 'Answer summary.md',
      content: Buffer.from('# Second'),
      mimeType: 'text/markdown',
    });
    expect(second.name).toBe('Answer summary 1.md');
    expect(fake.readFile(uploaded.id)?.content.toString('utf8')).toBe('# Summary');

    const intoFolder = await driver.upload(accessToken, {
      name: 'q3.txt',
      content: Buffer.from('Q3'),
      mimeType: 'text/plain',
      folder: '/Lumen/Exports',
    });
    expect(fake.readFile(intoFolder.id)?.name).toBe('q3.txt');

    const changes = await listAllPages(driver, accessToken, cursor);
    expect(changes.items.map((item) => item.id).sort()).toEqual([uploaded.id, second.id, intoFolder.id].sort());
    expect(changes.items.find((item) => item.id === uploaded.id)?.version).toBe(uploaded.version);
  });

  it('refuses uploads above the 4 MB simple-upload limit before calling Graph', async () => {
    fake.resetRequests();
    const upload = driver.upload(accessToken, {
      name: 'big.bin',
      content: Buffer.alloc(4 * 1024 * 1024 + 1),
      mimeType: 'application/octet-stream',
    });
    await expect(upload).rejects.toMatchObject({ status: 413 });
    expect(fake.requests).toEqual([]);
  });

  it('has no revoke: Microsoft offers no per-grant revocation for this flow', () => {
    expect(driver.revoke).toBeUndefined();
  });

  it('sent every request of this suite (token, Graph, links, downloads) to the base URL, none to Microsoft', () => {
    const paths = allFetchedUrls.map((url) => new URL(url).pathname);
    expect(paths).toContain(`/${fake.tenant}/oauth2/v2.0/token`);
    expect(paths.some((path) => path.startsWith('/download/'))).toBe(true);
    expect(allFetchedUrls.filter((url) => !url.startsWith(`${fake.origin}/`))).toEqual([]);
  });
});

describe('OneDrive fake at bench scale', () => {
  it('adds 2,500 files and lists them all', async () => {
    const big = await startOneDriveFake({ pageSize: 500 });
    try {
      big.addFiles(2500, (index) => ({ name: `doc-${index}.txt`, content: `Document ${index}` }));
      const bigDriver = createOneDriveDriver(
        connectorsConfigWith({
          onedrive: { clientId: big.clientId, clientSecret: big.clientSecret, tenant: big.tenant },
          baseUrls: { onedrive: big.origin },
        }),
      );
      const tokens = await connectDriver(bigDriver, { redirectUri: REDIRECT_URI });
      const count = (await listAllPages(bigDriver, tokens.accessToken, null)).items.length;
      expect(count).toBe(2500);
    } finally {
      await big.close();
    }
  });
});
