import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import {
  GOOGLE_DOC,
  GOOGLE_FOLDER,
  GOOGLE_SHEET,
  GOOGLE_SHORTCUT,
  type GoogleDriveFake,
  startGoogleDriveFake,
} from '../../../test/fakes/google-drive-fake.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type FileStoreDriver,
} from '../connector-driver.ts';
import { createGoogleDriveDriver } from './google-drive.ts';

const REDIRECT_URI = 'http://localhost:5173/api/integrations/google-drive/callback';

let fake: GoogleDriveFake;
let driver: FileStoreDriver;
/** Every URL the driver fetched, in order. */
const fetched: string[] = [];

function connectorsFor(baseUrl: string | null): ConnectorsConfig {
  return connectorsConfigWith({
    googleDrive: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    baseUrls: baseUrl ? { 'google-drive': baseUrl } : {},
  });
}

const countingFetch = recordingFetch(fetched);

/** Follows the authorization URL like a browser whose user consents; answers the callback's query. */
async function consent(challenge: string, state = 'state-1'): Promise<URLSearchParams> {
  const url = driver.authorizationUrl({ state, codeChallenge: challenge, redirectUri: REDIRECT_URI });
  const location = await consentAt(url);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

/** Expects the promise to reject with an error of `type`, and answers it as one. */
async function expectRejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(type);
  return error as T;
}

beforeAll(async () => {
  // Drive clamps pageSize to its maximum; a small one here makes a few files span several pages.
  fake = await startGoogleDriveFake({ maxPageSize: 2 });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  driver = createGoogleDriveDriver(connectorsFor(fake.baseUrl), { fetch: countingFetch });
});

afterEach(() => {
  // Every request of every test went to the fake: none left for a real Google host.
  for (const url of fetched) expect(url.startsWith(`${fake.baseUrl}/`)).toBe(true);
  fetched.length = 0;
});

describe('Google Drive driver: OAuth', () => {
  it('builds the consent URL with every parameter on the configured origin', () => {
    const url = new URL(
      driver.authorizationUrl({ state: 'the-state', codeChallenge: 'the-challenge', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope:
        'https://www.googleapis.com/auth/drive.readonly https://www.googleapis.com/auth/drive.file openid email profile',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'the-state',
      code_challenge: 'the-challenge',
      code_challenge_method: 'S256',
    });
    expect(driver.isConfigured()).toBe(true);
  });

  it("uses Google's real hosts without a base URL, and is unconfigured without credentials", () => {
    const real = createGoogleDriveDriver(connectorsFor(null));
    const url = new URL(real.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const unconfigured = createGoogleDriveDriver({ ...connectorsFor(null), googleDrive: null });
    expect(unconfigured.isConfigured()).toBe(false);
  });

  it('exchanges the code with the PKCE verifier and refuses a wrong verifier', async () => {
    const { verifier, challenge } = pkcePair();
    const callback = await consent(challenge, 'state-xyz');
    expect(callback.get('state')).toBe('state-xyz');
    expect(fake.codeChallenges.at(-1)).toBe(challenge);

    const wrong = pkcePair().verifier;
    const refused = await expectRejection(
      driver.exchangeCode({ code: callback.get('code') ?? '', codeVerifier: wrong, redirectUri: REDIRECT_URI }),
      ConnectorAuthError,
    );
    expect(refused.message).toContain('code verifier');

    const again = await consent(challenge);
    const before = Date.now();
    const tokens = await driver.exchangeCode({
      code: again.get('code') ?? '',
      codeVerifier: verifier,
      redirectUri: REDIRECT_URI,
    });
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toMatch(/^1\/\/0/);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(before + 3500 * 1000);
    expect(tokens.scopes).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/drive.readonly',
        'https://www.googleapis.com/auth/drive.file',
      ]),
    );
    // A code works once.
    await expectRejection(
      driver.exchangeCode({ code: again.get('code') ?? '', codeVerifier: verifier, redirectUri: REDIRECT_URI }),
      ConnectorAuthError,
    );
  });

  it('passes on a refused consent as error=access_denied', async () => {
    fake.setDenyConsent(true);
    try {
      const callback = await consent(pkcePair().challenge, 'state-denied');
      expect(callback.get('error')).toBe('access_denied');
      expect(callback.get('state')).toBe('state-denied');
      expect(callback.get('code')).toBeNull();
    } finally {
      fake.setDenyConsent(false);
    }
  });

  it('refreshes an expired access token, and a refused refresh token is an auth error', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    fake.expireAccessTokens();
    const expired = await expectRejection(driver.accountIdentity(tokens.accessToken), ConnectorAuthError);
    expect(expired.message).toContain('invalid authentication credentials');

    const refreshed = await driver.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // Google answers no new refresh token on refresh: the driver keeps the one it has.
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect((await driver.accountIdentity(refreshed.accessToken)).email).toBe(fake.user.email);

    fake.revokeRefreshTokens();
    await expectRejection(driver.refresh(tokens.refreshToken ?? ''), ConnectorAuthError);
    await expectRejection(driver.refresh('1//0unknown'), ConnectorAuthError);
  });

  it("reports a wrong client secret as an HTTP error, not as the user's refused grant", async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    const misconfigured = createGoogleDriveDriver(
      { ...connectorsFor(fake.baseUrl), googleDrive: { clientId: fake.clientId, clientSecret: 'wrong' } },
      { fetch: countingFetch },
    );
    const error = await expectRejection(misconfigured.refresh(tokens.refreshToken ?? ''), ConnectorHttpError);
    expect(error).toMatchObject({ status: 401, isRetryable: false });
    expect(error.message).toContain('invalid_client');
  });

  it('answers the account identity', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    expect(await driver.accountIdentity(tokens.accessToken)).toEqual({
      id: fake.user.permissionId,
      email: fake.user.email,
      name: fake.user.name,
    });
  });

  it('revokes the grant: afterwards neither token works', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    await driver.revoke?.(tokens.accessToken);
    expect(fake.countRequests('/revoke', 'POST')).toBeGreaterThan(0);
    await expectRejection(driver.accountIdentity(tokens.accessToken), ConnectorAuthError);
    await expectRejection(driver.refresh(tokens.refreshToken ?? ''), ConnectorAuthError);
    // Revoking again is not an error.
    await driver.revoke?.(tokens.refreshToken ?? '');
  });
});

describe('Google Drive driver: files', () => {
  let accessToken: string;

  beforeAll(async () => {
    driver = createGoogleDriveDriver(connectorsFor(fake.baseUrl), { fetch: countingFetch });
    accessToken = (await connectDriver(driver, { redirectUri: REDIRECT_URI })).accessToken;
  });

  it('lists everything across pages, then reports exactly what changed', async () => {
    const changed = fake.addFile({ name: 'changed.txt', content: 'first' });
    const trashed = fake.addFile({ name: 'trashed.txt', content: 'bin me' });
    const unshared = fake.addFile({ name: 'unshared.txt', content: 'team', sharedWith: ['Bob@Example.com', 'c@x.io'] });
    const unchanged = fake.addFile({ name: 'unchanged.pdf', mimeType: 'application/pdf', content: 'pdf bytes' });
    const fromCarol = fake.addFile({ name: 'from-carol.txt', content: 'hi', owner: 'carol@example.com' });
    const doc = fake.addFile({ name: 'Plan', mimeType: GOOGLE_DOC, content: 'The plan.' });
    fake.addFile({ name: 'Folder', mimeType: GOOGLE_FOLDER });
    fake.addFile({ name: 'Shortcut', mimeType: GOOGLE_SHORTCUT });
    fake.addFile({ name: 'Old', content: 'old' });
    const old = fake.addFile({ name: 'Gone', content: 'gone' });
    fake.trashFile(old.id ?? '');

    const full = await listAllPages(driver, accessToken, null);
    // Everything that is a file: no folder, no shortcut, nothing from the trash.
    expect(full.items.map((item) => item.name).sort()).toEqual(
      ['Old', 'Plan', 'changed.txt', 'from-carol.txt', 'trashed.txt', 'unchanged.pdf', 'unshared.txt'].sort(),
    );
    expect(full.pages.length).toBeGreaterThanOrEqual(4);
    expect(fake.countRequests('/drive/v3/files', 'GET')).toBeGreaterThanOrEqual(4);
    const byId = new Map(full.items.map((item) => [item.id, item]));
    const listedUnshared = byId.get(unshared.id ?? '');
    expect(listedUnshared?.sharedWith).toEqual(['bob@example.com', 'c@x.io']);
    expect(listedUnshared?.deleted).toBe(false);
    expect(listedUnshared?.webUrl).toBe(`https://drive.google.com/file/d/${unshared.id}/view?usp=drivesdk`);
    // A file someone shared with the account: its owner is another person with access, the account is not.
    expect(byId.get(fromCarol.id ?? '')?.sharedWith).toEqual(['carol@example.com']);
    const listedPdf = byId.get(unchanged.id ?? '');
    expect(listedPdf).toMatchObject({
      mimeType: 'application/pdf',
      size: 9,
      version: createHash('md5').update('pdf bytes').digest('hex'),
      sharedWith: [],
    });
    expect(listedPdf?.modifiedAt).toBeInstanceOf(Date);
    // A Google Doc has no checksum: its Drive version.
    expect(byId.get(doc.id ?? '')?.version).toBe('1');

    // Caught up: nothing new.
    const idle = await driver.listChanges(accessToken, full.cursor);
    expect(idle).toMatchObject({ items: [], hasMore: false });

    fake.updateFile(changed.id ?? '', { content: 'second' });
    fake.trashFile(trashed.id ?? '');
    const added = fake.addFile({ name: 'added.md', mimeType: 'text/markdown', content: '# new' });
    fake.unshare(unshared.id ?? '', 'bob@example.com');

    const delta = await listAllPages(driver, accessToken, idle.nextCursor);
    expect(delta.items.map((item) => item.id).sort()).toEqual(
      [changed.id, trashed.id, added.id, unshared.id].map(String).sort(),
    );
    const deltaById = new Map(delta.items.map((item) => [item.id, item]));
    expect(deltaById.get(changed.id ?? '')?.version).toBe(createHash('md5').update('second').digest('hex'));
    expect(deltaById.get(changed.id ?? '')?.version).not.toBe(byId.get(changed.id ?? '')?.version);
    expect(deltaById.get(trashed.id ?? '')).toMatchObject({ deleted: true, sharedWith: [] });
    expect(deltaById.get(added.id ?? '')).toMatchObject({ name: 'added.md', deleted: false, size: 5 });
    expect(deltaById.get(unshared.id ?? '')).toMatchObject({ deleted: false, sharedWith: ['c@x.io'] });
    // Its content did not change: the same version, so the sync does not fetch it again.
    expect(deltaById.get(unshared.id ?? '')?.version).toBe(listedUnshared?.version);

    // Deleted for good: a removal with no file.
    fake.deleteFile(added.id ?? '');
    const removal = await listAllPages(driver, accessToken, delta.cursor);
    expect(removal.items).toEqual([expect.objectContaining({ id: added.id, deleted: true })]);
  });

  it('reports a file unshared from the account as removed, and shared again as back', async () => {
    const fromDan = fake.addFile({ name: 'from-dan.txt', content: 'dan', owner: 'dan@example.com' });
    const start = await listAllPages(driver, accessToken, null);
    expect(start.items.map((item) => item.id)).toContain(fromDan.id);
    fake.unshare(fromDan.id ?? '', fake.user.email);
    const lost = await listAllPages(driver, accessToken, start.cursor);
    expect(lost.items).toEqual([expect.objectContaining({ id: fromDan.id, deleted: true, sharedWith: [] })]);
    // Shared back as a reader: Drive hides the permissions from a reader, the owner still counts.
    fake.share(fromDan.id ?? '', fake.user.email, 'reader');
    expect(fake.getFile(fromDan.id ?? '')?.permissions).toBeUndefined();
    const back = await listAllPages(driver, accessToken, lost.cursor);
    expect(back.items).toEqual([
      expect.objectContaining({ id: fromDan.id, deleted: false, sharedWith: ['dan@example.com'] }),
    ]);
  });

  it('flags the first page of a full listing, and answers a cursor reset for a change token Drive refuses', async () => {
    fake.addFiles(3, (index) => ({ name: `listed-${index}.txt`, content: `listed ${index}` }));
    const first = await driver.listChanges(accessToken, null);
    expect(first).toMatchObject({ hasMore: true, startsFullListing: true });
    const second = await driver.listChanges(accessToken, first.nextCursor);
    expect(second.startsFullListing).toBe(false);
    const caughtUp = await listAllPages(driver, accessToken, second.nextCursor);
    const idle = await driver.listChanges(accessToken, caughtUp.cursor);
    expect(idle.startsFullListing).toBeUndefined();

    fake.addFile({ name: 'while-stale.txt', content: 'x' });
    fake.expireChangeTokens();
    const reset = await expectRejection(driver.listChanges(accessToken, idle.nextCursor), ConnectorCursorResetError);
    expect(reset.message).toContain('changes.list');
    // Starting over works: a fresh full listing.
    const again = await driver.listChanges(accessToken, null);
    expect(again.startsFullListing).toBe(true);
  });

  it('pages through a long change feed', async () => {
    const start = await listAllPages(driver, accessToken, null);
    const ids = fake.addFiles(5, (index) => ({ name: `bulk-${index}.txt`, content: `bulk ${index}` }));
    const delta = await listAllPages(driver, accessToken, start.cursor);
    expect(delta.pages.length).toBe(3);
    expect(delta.items.map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it('exports Google Docs and Sheets as text and downloads other files as stored', async () => {
    const doc = fake.addFile({ name: 'Notes', mimeType: GOOGLE_DOC, content: 'Meeting notes: ship it.' });
    const sheet = fake.addFile({ name: 'Budget', mimeType: GOOGLE_SHEET, content: 'item,cost\nrent,100\n' });
    const bytes = randomBytes(2048);
    const binary = fake.addFile({ name: 'photo.png', mimeType: 'image/png', content: bytes });
    const { items } = await listAllPages(driver, accessToken, null);
    const item = (id: string | null | undefined) => {
      const found = items.find((entry) => entry.id === id);
      if (!found) throw new Error(`not listed: ${id}`);
      return found;
    };

    const docContent = await driver.fetchContent(accessToken, item(doc.id));
    expect(docContent).toEqual({ content: Buffer.from('Meeting notes: ship it.'), mimeType: 'text/plain' });
    const sheetContent = await driver.fetchContent(accessToken, item(sheet.id));
    expect(sheetContent.mimeType).toBe('text/csv');
    expect(sheetContent.content.toString()).toBe('item,cost\nrent,100\n');
    const binaryContent = await driver.fetchContent(accessToken, item(binary.id));
    expect(binaryContent.mimeType).toBe('image/png');
    expect(binaryContent.content.equals(bytes)).toBe(true);
    expect(fake.countRequests(`/drive/v3/files/${doc.id}/export`, 'GET')).toBe(1);
  });

  it('reports 429 with Retry-After, 403 rate limits and 5xx as retryable HTTP errors, without retrying itself', async () => {
    fake.resetRequests();
    fake.failNext(1, 429, 7);
    const tooMany = await expectRejection(driver.accountIdentity(accessToken), ConnectorHttpError);
    expect(tooMany).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });
    // The SDK's own retries are off: one request, the sync engine decides when to ask again.
    expect(fake.requests).toHaveLength(1);

    const start = await listAllPages(driver, accessToken, null);
    fake.failNext(1, 429, 3);
    const duringFeed = await expectRejection(driver.listChanges(accessToken, start.cursor), ConnectorHttpError);
    expect(duringFeed).toMatchObject({ status: 429, retryAfterSeconds: 3 });

    fake.failNext(1, 403);
    const limited = await expectRejection(driver.accountIdentity(accessToken), ConnectorHttpError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: null, isRetryable: true });

    fake.failNext(1, 503, 2);
    const unavailable = await expectRejection(driver.accountIdentity(accessToken), ConnectorHttpError);
    expect(unavailable).toMatchObject({ status: 503, retryAfterSeconds: 2, isRetryable: true });

    const missing = await expectRejection(
      driver.fetchContent(accessToken, {
        id: 'no-such-file',
        name: 'x',
        deleted: false,
        mimeType: 'text/plain',
        size: null,
        modifiedAt: null,
        version: null,
        webUrl: null,
        sharedWith: [],
      }),
      ConnectorHttpError,
    );
    expect(missing).toMatchObject({ status: 404, isRetryable: false });
  });

  it('reports an unreachable host as a retryable HTTP error without status', async () => {
    const closed = await startGoogleDriveFake();
    const origin = closed.baseUrl;
    await closed.close();
    const offline = createGoogleDriveDriver(connectorsFor(origin));
    const error = await expectRejection(offline.listChanges(accessToken, null), ConnectorHttpError);
    expect(error).toMatchObject({ status: null, isRetryable: true });
    await expectRejection(offline.refresh('1//0any'), ConnectorHttpError);
  });

  it('uploads a file to My Drive and the change feed reports it', async () => {
    const start = await listAllPages(driver, accessToken, null);
    const uploaded = await driver.upload(accessToken, {
      name: 'summary.md',
      content: Buffer.from('# Summary\n\nAll good.'),
      mimeType: 'text/markdown',
    });
    expect(uploaded).toMatchObject({
      name: 'summary.md',
      deleted: false,
      mimeType: 'text/markdown',
      size: 20,
      version: createHash('md5').update('# Summary\n\nAll good.').digest('hex'),
      sharedWith: [],
    });
    expect(fake.getFile(uploaded.id)?.name).toBe('summary.md');
    const delta = await listAllPages(driver, accessToken, start.cursor);
    expect(delta.items.map((item) => item.id)).toEqual([uploaded.id]);
    const content = await driver.fetchContent(accessToken, uploaded);
    expect(content.content.toString()).toBe('# Summary\n\nAll good.');
  });

  it('sends every request to the base URL, through the fetch it was given', async () => {
    fetched.length = 0;
    fake.resetRequests();
    await listAllPages(driver, accessToken, null);
    await driver.accountIdentity(accessToken);
    expect(fetched.length).toBeGreaterThan(0);
    // The fake saw as many requests as went through our fetch: the SDK used no other.
    expect(fake.requests).toHaveLength(fetched.length);
  });
});

describe('Google Drive at scale', () => {
  it('lists 10,000 files in pages of 1,000 and then only what changed', async () => {
    const big = await startGoogleDriveFake();
    try {
      const ids = big.addFiles(10_000, (index) => ({ name: `file-${index}.txt`, content: `content ${index}` }));
      expect(new Set(ids).size).toBe(10_000);

      const bigDriver = createGoogleDriveDriver(
        connectorsConfigWith({
          googleDrive: { clientId: big.clientId, clientSecret: big.clientSecret },
          baseUrls: { 'google-drive': big.baseUrl },
        }),
      );
      const tokens = await connectDriver(bigDriver, { redirectUri: REDIRECT_URI });
      big.resetRequests();
      const { items, cursor } = await listAllPages(bigDriver, tokens.accessToken, null);
      expect(items).toHaveLength(10_000);
      expect(big.countRequests('/drive/v3/files', 'GET')).toBe(10);

      big.updateFile(ids[42] ?? '', { content: 'new content' });
      const delta = await bigDriver.listChanges(tokens.accessToken, cursor);
      expect(delta.items.map((item) => item.id)).toEqual([ids[42]]);
    } finally {
      await big.close();
    }
  });
});
