import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  connectDriver,
  connectorsConfigWith,
  consentAt,
  listAllPages,
  pkcePair,
  recordingFetch,
  rejectionOf,
} from '../../../test/driver-fixtures.ts';
import { type DropboxFake, startDropboxFake } from '../../../test/fakes/dropbox-fake.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type FileStoreDriver,
  type RemoteItem,
} from '../connector-driver.ts';
import { createDropboxDriver, isRemovedByDropboxDeletion } from './dropbox.ts';
import { createDrivers } from './index.ts';

const REDIRECT_URI = 'http://localhost:3000/api/integrations/dropbox/callback';

function configFor(fake: DropboxFake): ConnectorsConfig {
  return connectorsConfigWith({
    dropbox: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    baseUrls: { dropbox: fake.baseUrl },
  });
}

describe('Dropbox driver against the fake Dropbox', () => {
  let fake: DropboxFake;
  let driver: FileStoreDriver;
  const fetchedUrls: string[] = [];

  beforeAll(async () => {
    fake = await startDropboxFake({ account: { email: 'Ada@Example.com', name: 'Ada Lovelace' } });
    driver = createDropboxDriver(configFor(fake), { fetch: recordingFetch(fetchedUrls) });
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.setPageLimit(null);
  });

  it('is registered and configured', () => {
    const registered = createDrivers(configFor(fake)).find((candidate) => candidate.provider === 'dropbox');
    expect(registered?.isConfigured()).toBe(true);
    const unconfigured = createDropboxDriver({ ...configFor(fake), dropbox: null });
    expect(unconfigured.isConfigured()).toBe(false);
  });

  it('builds the authorization URL on the configured origin with PKCE, state and offline access', () => {
    const url = new URL(
      driver.authorizationUrl({ state: 'xyz', codeChallenge: 'challenge', redirectUri: REDIRECT_URI }),
    );
    expect(url.origin).toBe(fake.baseUrl);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'xyz',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
      token_access_type: 'offline',
    });
  });

  it('uses the real Dropbox hosts when no base URL is set', () => {
    const real = createDropboxDriver({ ...configFor(fake), baseUrls: {} });
    const url = new URL(real.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(url.origin).toBe('https://www.dropbox.com');
  });

  it('exchanges the code with the PKCE verifier and refuses a wrong verifier', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = await consentAt(
      driver.authorizationUrl({ state: 'state-2', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    expect(redirect.searchParams.get('state')).toBe('state-2');
    expect(fake.codeChallenges.at(-1)).toBe(challenge);
    const code = redirect.searchParams.get('code') ?? '';

    const wrong = await rejectionOf(
      driver.exchangeCode({ code, codeVerifier: pkcePair().verifier, redirectUri: REDIRECT_URI }),
    );
    expect(wrong).toBeInstanceOf(ConnectorAuthError);

    // A fresh code with the right verifier.
    const second = await consentAt(
      driver.authorizationUrl({ state: 'state-3', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    const before = Date.now();
    const tokens = await driver.exchangeCode({
      code: second.searchParams.get('code') ?? '',
      codeVerifier: verifier,
      redirectUri: REDIRECT_URI,
    });
    expect(tokens.accessToken).toMatch(/^sl\./);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toContain('files.content.read');
    expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 14_400_000 - 1000);

    // The code is single use.
    const reused = await rejectionOf(
      driver.exchangeCode({
        code: second.searchParams.get('code') ?? '',
        codeVerifier: verifier,
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(reused).toBeInstanceOf(ConnectorAuthError);
  });

  it('brings the user back with access_denied and the state when they decline', async () => {
    const declining = await startDropboxFake({ isConsentDenied: true });
    try {
      const declined = createDropboxDriver(configFor(declining));
      const redirect = await consentAt(
        declined.authorizationUrl({ state: 'state-d', codeChallenge: pkcePair().challenge, redirectUri: REDIRECT_URI }),
      );
      expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
      expect(redirect.searchParams.get('error')).toBe('access_denied');
      expect(redirect.searchParams.get('state')).toBe('state-d');
      expect(redirect.searchParams.has('code')).toBe(false);
    } finally {
      await declining.close();
    }
  });

  it('refuses a code sent back with another redirect URI', async () => {
    const { verifier, challenge } = pkcePair();
    const redirect = await consentAt(
      driver.authorizationUrl({ state: 's', codeChallenge: challenge, redirectUri: REDIRECT_URI }),
    );
    const error = await rejectionOf(
      driver.exchangeCode({
        code: redirect.searchParams.get('code') ?? '',
        codeVerifier: verifier,
        redirectUri: 'http://localhost:3000/elsewhere',
      }),
    );
    expect(error).toBeInstanceOf(ConnectorAuthError);
  });

  it('refreshes, maps a refused access token and a refused refresh token to ConnectorAuthError', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    const refreshToken = tokens.refreshToken ?? '';
    fake.expireAccessTokens();
    const expired = await rejectionOf(driver.listChanges(tokens.accessToken, null));
    expect(expired).toBeInstanceOf(ConnectorAuthError);
    expect((expired as Error).message).toContain('expired_access_token');

    const refreshed = await driver.refresh(refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeNull();
    expect((await driver.accountIdentity(refreshed.accessToken)).email).toBe('Ada@Example.com');

    fake.revokeRefreshTokens();
    expect(await rejectionOf(driver.refresh(refreshToken))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh('never-issued'))).toBeInstanceOf(ConnectorAuthError);
  });

  it('reads the account identity', async () => {
    const identity = await driver.accountIdentity(fake.issueAccessToken());
    expect(identity).toEqual({ id: fake.account.accountId, email: 'Ada@Example.com', name: 'Ada Lovelace' });
  });

  it('lists every file across pages, then reports exactly what changed', async () => {
    const token = fake.issueAccessToken();
    fake.addFile('/Notes/a.txt', 'alpha');
    fake.addFile('/Notes/b.md', '# beta');
    fake.addFile('/Notes/deep/c.txt', 'gamma');
    fake.addFile('/Reports/q1.pdf', '%PDF-1.4 fake');
    fake.addFile('/Team/plan.txt', 'the plan');
    fake.addFile('/Team Two/roadmap.txt', 'the roadmap');
    fake.addFile('/Team Two/budget.txt', 'the budget');
    fake.addFile('/Café.txt', 'crème');
    fake.shareFolder('/Team', [{ email: 'Bob@Example.com' }, { email: 'carol@example.com', accessType: 'viewer' }]);
    fake.shareFolder('/Team Two', [{ email: 'dave@example.com' }]);
    fake.setPageLimit(3);
    fake.resetRequests();

    const full = await listAllPages(driver, token, null);
    expect(full.pages.length).toBeGreaterThan(3);
    const byName = new Map(full.items.map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual(
      ['Café.txt', 'a.txt', 'b.md', 'budget.txt', 'c.txt', 'plan.txt', 'q1.pdf', 'roadmap.txt'].sort(),
    );
    expect(full.items.every((item) => !item.deleted)).toBe(true);
    const a = byName.get('a.txt');
    expect(a).toMatchObject({
      id: '/notes/a.txt',
      mimeType: 'text/plain',
      size: 5,
      version: fake.getFile('/Notes/a.txt')?.contentHash,
      webUrl: `${fake.baseUrl}/home/Notes/a.txt`,
      sharedWith: [],
    });
    expect(byName.get('q1.pdf')?.mimeType).toBe('application/pdf');
    // The connected account (the owner, listed among the members) is left out; emails are lower case.
    expect(byName.get('plan.txt')?.sharedWith).toEqual(['bob@example.com', 'carol@example.com']);
    expect(byName.get('roadmap.txt')?.sharedWith).toEqual(['dave@example.com']);
    // Members are asked once per shared folder per page at most.
    const memberCalls = fake.requests.filter((request) => request.path === '/2/sharing/list_folder_members').length;
    expect(memberCalls).toBeGreaterThanOrEqual(2);
    expect(memberCalls).toBeLessThanOrEqual(full.pages.length);

    // Nothing changed: the feed is empty.
    const idle = await driver.listChanges(token, full.cursor);
    expect(idle).toEqual({ items: [], nextCursor: expect.any(String), hasMore: false });

    fake.updateFile('/Notes/a.txt', 'alpha, edited');
    fake.deleteFile('/Notes/b.md');
    fake.addFile('/Notes/new.txt', 'fresh');
    fake.unshareFolder('/Team');
    fake.setPageLimit(2);

    const changes = await listAllPages(driver, token, idle.nextCursor);
    const changed = new Map(changes.items.map((item) => [item.id, item]));
    expect([...changed.keys()].sort()).toEqual(['/notes/a.txt', '/notes/b.md', '/notes/new.txt', '/team/plan.txt']);
    expect(changed.get('/notes/a.txt')?.version).not.toBe(a?.version);
    expect(changed.get('/notes/a.txt')?.deleted).toBe(false);
    expect(changed.get('/notes/b.md')).toMatchObject({ id: byName.get('b.md')?.id, deleted: true, sharedWith: [] });
    expect(changed.get('/notes/new.txt')).toMatchObject({ deleted: false, name: 'new.txt' });
    expect(changed.get('/team/plan.txt')).toMatchObject({ deleted: false, sharedWith: [] });
    expect(changed.get('/team/plan.txt')?.version).toBe(byName.get('plan.txt')?.version);

    // Unchanged files keep their version in a new full listing.
    const again = new Map((await listAllPages(driver, token, null)).items.map((item) => [item.id, item.version]));
    for (const name of ['c.txt', 'q1.pdf', 'plan.txt', 'roadmap.txt', 'Café.txt']) {
      const item = byName.get(name);
      expect(again.get(item?.id ?? '')).toBe(item?.version);
    }

    // A deleted folder is one deletion whose id covers every file below it.
    fake.deleteFile('/Reports');
    const folderGone = await listAllPages(driver, token, changes.cursor);
    // Flagged so the engine removes every document under the path, not only one with the folder's id.
    expect(folderGone.items).toEqual([
      expect.objectContaining({ id: '/reports', deleted: true, removesDescendants: true }),
    ]);
    expect(isRemovedByDropboxDeletion(byName.get('q1.pdf')?.id ?? '', '/reports')).toBe(true);
    expect(isRemovedByDropboxDeletion('/reportsx/a.txt', '/reports')).toBe(false);

    // A removed member is not in Dropbox's change feed, but the next full listing shows it.
    fake.removeMember('/Team Two', 'dave@example.com');
    expect((await driver.listChanges(token, folderGone.cursor)).items).toEqual([]);
    const relisted = await listAllPages(driver, token, null);
    expect(relisted.items.find((item) => item.name === 'roadmap.txt')?.sharedWith).toEqual([]);
  });

  it('downloads a file with its type, and a missing path is a non-retryable 409', async () => {
    const token = fake.issueAccessToken();
    fake.addFile('/Downloads/Résumé.md', '# Ada');
    const { items } = await listAllPages(driver, token, null);
    const resume = items.find((item) => item.name === 'Résumé.md');
    expect(resume).toBeDefined();
    const content = await driver.fetchContent(token, resume as RemoteItem);
    expect(content.content.toString('utf8')).toBe('# Ada');
    expect(content.mimeType).toBe('text/markdown');

    fake.deleteFile('/Downloads/Résumé.md');
    const missing = await rejectionOf(driver.fetchContent(token, resume as RemoteItem));
    expect(missing).toBeInstanceOf(ConnectorHttpError);
    expect((missing as ConnectorHttpError).status).toBe(409);
    expect((missing as ConnectorHttpError).isRetryable).toBe(false);
  });

  it('passes on 429 and 5xx with their Retry-After', async () => {
    const token = fake.issueAccessToken();
    fake.failNext(1, 429, 7);
    const limited = await rejectionOf(driver.listChanges(token, null));
    expect(limited).toBeInstanceOf(ConnectorHttpError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });

    fake.failNext(1, 503, 30);
    const unavailable = await rejectionOf(driver.accountIdentity(token));
    expect(unavailable).toMatchObject({ status: 503, retryAfterSeconds: 30, isRetryable: true });

    fake.failNext(1, 500);
    expect(await rejectionOf(driver.fetchContent(token, { id: '/x', name: 'x' } as RemoteItem))).toMatchObject({
      status: 500,
      retryAfterSeconds: null,
    });
    // The failures are spent.
    expect((await driver.listChanges(token, null)).nextCursor).toBeTruthy();
  });

  it('answers 409 reset as a cursor reset, flags the first page of a full listing, and a network failure', async () => {
    const token = fake.issueAccessToken();
    const reset = await rejectionOf(driver.listChanges(token, 'AAE-not-a-cursor'));
    expect(reset).toBeInstanceOf(ConnectorCursorResetError);
    expect((reset as Error).message).toContain('reset');

    fake.addFile('/Reset/one.txt', 'one');
    fake.addFile('/Reset/two.txt', 'two');
    fake.setPageLimit(1);
    const first = await driver.listChanges(token, null);
    expect(first).toMatchObject({ hasMore: true, startsFullListing: true });
    const second = await driver.listChanges(token, first.nextCursor);
    expect(second.startsFullListing).toBeUndefined();
    const caughtUp = await listAllPages(driver, token, second.nextCursor);
    // A cursor that worked stops working when Dropbox expires it: a reset, not an HTTP error.
    fake.expireCursors();
    expect(await rejectionOf(driver.listChanges(token, caughtUp.cursor))).toBeInstanceOf(ConnectorCursorResetError);
    expect(await rejectionOf(driver.listChanges(token, second.nextCursor))).toBeInstanceOf(ConnectorCursorResetError);

    const closed = await startDropboxFake();
    await closed.close();
    const offline = createDropboxDriver(configFor(closed));
    const unreachable = await rejectionOf(offline.accountIdentity(token));
    expect(unreachable).toBeInstanceOf(ConnectorHttpError);
    expect(unreachable).toMatchObject({ status: null, isRetryable: true });
  });

  it('uploads a file that then appears in the next listing, renaming on a clash', async () => {
    const token = fake.issueAccessToken();
    const { cursor } = await listAllPages(driver, token, null);
    const uploaded = await driver.upload(token, {
      name: 'Answer.md',
      content: Buffer.from('# The answer'),
      mimeType: 'text/markdown',
    });
    expect(uploaded).toMatchObject({ id: '/answer.md', name: 'Answer.md', deleted: false, size: 12 });
    const clash = await driver.upload(token, {
      name: 'Answer.md',
      content: Buffer.from('# Another'),
      mimeType: 'text/markdown',
      folder: null,
    });
    expect(clash.name).toBe('Answer (1).md');
    const inFolder = await driver.upload(token, {
      name: 'memo.txt',
      content: Buffer.from('memo'),
      mimeType: 'text/plain',
      folder: '/Lumen',
    });
    expect(inFolder.id).toBe('/lumen/memo.txt');

    const next = await listAllPages(driver, token, cursor);
    const files = next.items.filter((item) => !item.deleted);
    expect(files.map((item) => item.id).sort()).toEqual(['/answer (1).md', '/answer.md', '/lumen/memo.txt']);
    expect(files.find((item) => item.id === '/answer.md')?.version).toBe(uploaded.version);
    expect((await driver.fetchContent(token, uploaded)).content.toString()).toBe('# The answer');
  });

  it('revokes the grant, given the access token or the refresh token', async () => {
    const first = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    await driver.revoke?.(first.accessToken);
    expect(await rejectionOf(driver.accountIdentity(first.accessToken))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh(first.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);

    const second = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    await driver.revoke?.(second.refreshToken ?? '');
    expect(await rejectionOf(driver.refresh(second.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.accountIdentity(second.accessToken))).toBeInstanceOf(ConnectorAuthError);
    // Revoking what is already revoked is quiet.
    await driver.revoke?.(second.refreshToken ?? '');
  });

  it('lists thousands of files in pages', async () => {
    const bulk = await startDropboxFake();
    try {
      const bulkDriver = createDropboxDriver(configFor(bulk));
      bulk.addFiles(2500, (index) => ({
        path: `/Bulk/${Math.floor(index / 100)}/file-${index}.txt`,
        content: `n${index}`,
      }));
      const listing = await listAllPages(bulkDriver, bulk.issueAccessToken(), null);
      expect(listing.items).toHaveLength(2500);
      expect(new Set(listing.items.map((item) => item.id)).size).toBe(2500);
      expect(listing.pages.length).toBeGreaterThanOrEqual(3);
    } finally {
      await bulk.close();
    }
  });

  it('sends every request to the configured origin, none to a real Dropbox host', () => {
    expect(fetchedUrls.length).toBeGreaterThan(20);
    for (const url of fetchedUrls) expect(new URL(url).origin).toBe(fake.baseUrl);
    const fakeHost = new URL(fake.baseUrl).host;
    for (const request of fake.requests) expect(request.host).toBe(fakeHost);
  });
});
