import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  connectDriver,
  connectorsConfigWith,
  consentAt,
  expectCodesSingleUseAndBound,
  listAllPages,
  recordingFetch,
  rejectionOf,
} from '../../../test/driver-fixtures.ts';
import { type SlackFake, startSlackFake } from '../../../test/fakes/slack-fake.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type RemoteItem,
} from '../connector-driver.ts';
import { createSlackDriver, LOOKBACK_DAYS, parseSlackCursor } from './slack.ts';

const REDIRECT_URI = 'http://localhost:3000/api/integrations/slack/callback';
const ADA = 'U0ADA0001';
const BOB = 'U0BOB0002';
const CAROL = 'U0CAROL03';
/** People of their own tests, in no channel of the others. */
const DAVE = 'U0DAVE004';
const ERIN = 'U0ERIN005';

function configFor(fake: SlackFake): ConnectorsConfig {
  return connectorsConfigWith({
    slack: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    baseUrls: { slack: fake.baseUrl },
  });
}

const at = (iso: string): Date => new Date(iso);

/** Connects as `userId`: the person the fake Slack's consent page signs in. */
async function connect(driver: ConnectorDriver, fake: SlackFake, userId: string) {
  fake.setConsentingUser(userId);
  return connectDriver(driver, { redirectUri: REDIRECT_URI });
}

function byId(items: RemoteItem[]): Map<string, RemoteItem> {
  return new Map(items.map((item) => [item.id, item]));
}

async function contentOf(driver: ConnectorDriver, token: string, item: RemoteItem | undefined): Promise<string> {
  if (!item) throw new Error('missing item');
  const content = await driver.fetchContent(token, item);
  expect(content.mimeType).toBe('text/markdown');
  return content.content.toString('utf8');
}

describe('Slack driver against the fake Slack', () => {
  let fake: SlackFake;
  let driver: ConnectorDriver;
  const fetchedUrls: string[] = [];

  beforeAll(async () => {
    fake = await startSlackFake();
    fake.addUser({ id: DAVE, name: 'dave', realName: 'Dave Cutler', email: 'dave@example.com' });
    fake.addUser({ id: ERIN, name: 'erin', realName: 'Erin Catto', email: 'erin@example.com' });
    driver = createSlackDriver(configFor(fake), { fetch: recordingFetch(fetchedUrls) });
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.setPageLimit(null);
  });

  it('is configured from the credentials and builds the consent URL on the configured origin, without PKCE', () => {
    expect(driver.isConfigured()).toBe(true);
    expect(createSlackDriver({ ...configFor(fake), slack: null }).isConfigured()).toBe(false);
    const url = new URL(driver.authorizationUrl({ state: 'xyz', codeChallenge: 'abc', redirectUri: REDIRECT_URI }));
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/oauth/v2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      user_scope: 'channels:read,channels:history,groups:read,groups:history,users:read,users:read.email',
      redirect_uri: REDIRECT_URI,
      state: 'xyz',
    });
    const real = createSlackDriver({ ...configFor(fake), baseUrls: {} });
    const realUrl = new URL(real.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(realUrl.origin).toBe('https://slack.com');
  });

  it('exchanges the code for a user token and reads the identity; spent codes and wrong redirects are refused', async () => {
    fake.setConsentingUser(ADA);
    const redirect = await consentAt(
      driver.authorizationUrl({ state: 'state-2', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
    );
    expect(redirect.searchParams.get('state')).toBe('state-2');
    const code = redirect.searchParams.get('code') ?? '';
    const tokens = await driver.exchangeCode({ code, codeVerifier: 'v', redirectUri: REDIRECT_URI });
    expect(tokens.accessToken).toMatch(/^xoxp-/);
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt).toBeNull();
    expect(tokens.scopes).toEqual(expect.arrayContaining(['channels:history', 'groups:read', 'users:read.email']));
    expect(await driver.accountIdentity(tokens.accessToken)).toEqual({
      id: `${fake.team.id}:${ADA}`,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });

    await expectCodesSingleUseAndBound(driver, code, REDIRECT_URI);

    // Without token rotation there is nothing to refresh: the connection needs the person again.
    expect(await rejectionOf(driver.refresh(''))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh('xoxe-1-unknown'))).toBeInstanceOf(ConnectorAuthError);

    const badSecret = createSlackDriver({ ...configFor(fake), slack: { clientId: fake.clientId, clientSecret: 'x' } });
    const third = await consentAt(
      driver.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
    );
    const misconfigured = await rejectionOf(
      badSecret.exchangeCode({
        code: third.searchParams.get('code') ?? '',
        codeVerifier: 'v',
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(misconfigured).toMatchObject({ name: 'ConnectorHttpError', status: 400 });
  });

  it('brings the person back with access_denied when they decline', async () => {
    fake.setConsentDenied(true);
    try {
      const redirect = await consentAt(
        driver.authorizationUrl({ state: 'state-d', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
      );
      expect(redirect.searchParams.get('error')).toBe('access_denied');
      expect(redirect.searchParams.get('state')).toBe('state-d');
    } finally {
      fake.setConsentDenied(false);
    }
  });

  it('syncs member channels as one markdown document per channel and day, then only what changed', async () => {
    const general = fake.addChannel({ name: 'general', members: [ADA, BOB] });
    const secret = fake.addChannel({ name: 'secret', isPrivate: true, members: [ADA, BOB] });
    const random = fake.addChannel({ name: 'random', members: [BOB] });
    const hidden = fake.addChannel({ name: 'ops', isPrivate: true, members: [BOB] });
    const old = fake.postMessage(general, { user: BOB, text: 'Old news', at: at('2026-02-01T12:00:00Z') });
    const hello = fake.postMessage(general, {
      user: ADA,
      text: 'Hello <@U0BOB0002>, see <https://example.com|the plan> &amp; <#C000|general>',
      at: at('2026-03-02T09:15:00Z'),
    });
    fake.addMember(general, CAROL, at('2026-03-02T09:30:00Z'));
    fake.postMessage(general, { botName: 'CI Bot', text: 'Deploy finished', at: at('2026-03-02T10:00:00Z') });
    const lunch = fake.postMessage(general, { user: BOB, text: 'Lunch?', at: at('2026-03-02T11:00:00Z') });
    fake.postReply(general, lunch, { user: ADA, text: 'Yes', at: at('2026-03-03T08:00:00Z') });
    fake.postReply(general, lunch, { user: CAROL, text: 'Me too\n# not a heading', at: at('2026-03-02T11:05:00Z') });
    const morning = fake.postMessage(general, { user: BOB, text: 'Morning', at: at('2026-03-03T09:00:00Z') });
    fake.postMessage(secret, { user: ADA, text: 'Secret plan', at: at('2026-03-05T14:30:00Z') });
    fake.postMessage(random, { user: BOB, text: 'Cats', at: at('2026-03-01T10:00:00Z') });
    fake.postMessage(hidden, { user: BOB, text: 'Invisible', at: at('2026-03-01T10:00:00Z') });
    // Small pages: history, replies and the channel list all walk their cursors.
    fake.setPageLimit(2);
    const token = fake.issueToken(ADA);

    expect(await driver.listAccessGroups?.(token)).toEqual([
      `slack:${fake.team.id}:${general}`,
      `slack:${fake.team.id}:${secret}`,
    ]);

    const full = await listAllPages(driver, token, null);
    // One page per member channel; the first starts the full listing.
    expect(full.pages.map((page) => [page.hasMore, page.startsFullListing ?? false])).toEqual([
      [true, true],
      [false, false],
    ]);
    const items = byId(full.items);
    expect([...items.keys()].sort()).toEqual(
      [`${general}/2026-02-01`, `${general}/2026-03-02`, `${general}/2026-03-03`, `${secret}/2026-03-05`].sort(),
    );
    const day = items.get(`${general}/2026-03-02`);
    const expected = [
      '# #general · 2026-03-02',
      '',
      '**Ada Lovelace** (09:15 UTC): Hello @Bob Babbage, see [the plan](https://example.com) & #general',
      '',
      '**CI Bot** (10:00 UTC): Deploy finished',
      '',
      '**Bob Babbage** (11:00 UTC): Lunch?',
      '',
      '> **Carol Shaw** (11:05 UTC): Me too',
      '> \\# not a heading',
      '',
      '> **Ada Lovelace** (08:00 UTC): Yes',
      '',
    ].join('\n');
    expect(await contentOf(driver, token, day)).toBe(expected);
    expect(day).toMatchObject({
      name: '#general · 2026-03-02',
      deleted: false,
      mimeType: 'text/markdown',
      // An estimate from the history (the replies are read when the day is fetched).
      size: expect.any(Number),
      version: expect.stringMatching(/^[0-9a-f]{64}$/),
      webUrl: `${fake.team.url}archives/${general}/p${hello.replace('.', '')}`,
      sharedWith: [`slack:${fake.team.id}:${general}`],
    });
    // The thread's reply on the next day is the day's latest change.
    expect(day?.modifiedAt?.toISOString()).toBe('2026-03-03T08:00:00.000Z');
    expect(items.get(`${secret}/2026-03-05`)?.sharedWith).toEqual([`slack:${fake.team.id}:${secret}`]);

    // A process without the rendered days (restarted) reads the day again, bounded to it.
    const restarted = createSlackDriver(configFor(fake));
    fake.resetRequests();
    expect(await contentOf(restarted, token, day)).toBe(expected);
    expect(fake.requests.some((request) => request.path === '/api/conversations.history')).toBe(true);

    // Nothing changed: the window is read again and every day keeps its version (the engine fetches none); a listing
    // reads history only, never a thread's replies.
    fake.resetRequests();
    const idle = await listAllPages(driver, token, full.cursor);
    for (const item of idle.items) expect(item.version).toBe(items.get(item.id)?.version);
    expect(fake.requests.filter((request) => request.path === '/api/conversations.replies')).toEqual([]);
    expect(idle.items.every((item) => !item.deleted)).toBe(true);
    // The day outside the window (before the newest message's day minus the lookback) is not read again.
    expect(idle.items.map((item) => item.id)).not.toContain(`${general}/2026-02-01`);

    fake.editMessage(general, hello, 'Hello everyone');
    fake.deleteMessage(general, morning);
    fake.postMessage(general, { user: BOB, text: 'New week', at: at('2026-03-10T09:00:00Z') });
    // Older than the window: not seen until the next full listing (a documented limitation).
    fake.editMessage(general, old, 'Old news, edited');
    fake.removeMember(secret, ADA);
    fake.addMember(random, ADA, at('2026-03-06T10:00:00Z'));
    const design = fake.addChannel({ name: 'design', members: [ADA] });
    fake.postMessage(design, { user: ADA, text: 'Mockups', at: at('2026-01-15T10:00:00Z') });

    expect(await driver.listAccessGroups?.(token)).toEqual([
      `slack:${fake.team.id}:${general}`,
      `slack:${fake.team.id}:${random}`,
      `slack:${fake.team.id}:${design}`,
    ]);
    const changes = await listAllPages(driver, token, idle.cursor);
    expect(changes.pages).toHaveLength(3);
    expect(changes.pages.some((page) => page.startsFullListing)).toBe(false);
    const changed = byId(changes.items);
    // Left the private channel: one deletion for the channel, covering its days.
    expect(changed.get(secret)).toMatchObject({ deleted: true, removesDescendants: true, sharedWith: [] });
    expect(changed.get(`${general}/2026-03-03`)).toMatchObject({ deleted: true });
    expect(changed.get(`${general}/2026-03-02`)?.version).not.toBe(day?.version);
    expect(await contentOf(driver, token, changed.get(`${general}/2026-03-02`))).toContain(
      '**Ada Lovelace** (09:15 UTC): Hello everyone',
    );
    expect(await contentOf(driver, token, changed.get(`${general}/2026-03-10`))).toBe(
      '# #general · 2026-03-10\n\n**Bob Babbage** (09:00 UTC): New week\n',
    );
    expect(changed.has(`${general}/2026-02-01`)).toBe(false);
    // Joined channels are read in full; the join itself is not a message worth a document.
    expect(changed.get(`${random}/2026-03-01`)).toMatchObject({ deleted: false, name: '#random · 2026-03-01' });
    expect(changed.has(`${random}/2026-03-06`)).toBe(false);
    expect(changed.get(`${design}/2026-01-15`)).toMatchObject({ deleted: false });
    expect([...changed.keys()].some((id) => id.startsWith(hidden))).toBe(false);

    // Deletions seen once: the next sync reports the window again, without them.
    const after = await listAllPages(driver, token, changes.cursor);
    expect(after.items.filter((item) => item.deleted)).toEqual([]);
    expect(parseSlackCursor(after.cursor).q).toBeUndefined();

    // A run a week after the last full listing starts another (startsFullListing), which sees the old edit too.
    const weekOld = { ...parseSlackCursor(after.cursor), f: Math.floor(Date.now() / 1000) - 7 * 86_400 };
    const relisting = await listAllPages(driver, token, JSON.stringify(weekOld));
    expect(relisting.pages[0]?.startsFullListing).toBe(true);
    expect(parseSlackCursor(relisting.cursor).f).toBeGreaterThan(weekOld.f);
    const relisted = byId(relisting.items);
    expect(relisted.get(`${general}/2026-02-01`)?.version).not.toBe(items.get(`${general}/2026-02-01`)?.version);
    expect(await contentOf(driver, token, relisted.get(`${general}/2026-02-01`))).toContain('Old news, edited');
    // The next run is incremental again.
    expect((await listAllPages(driver, token, relisting.cursor)).pages[0]?.startsFullListing).toBeUndefined();

    // A day gone at the source, or a channel no longer readable, fails alone with 404.
    fake.deleteMessage(general, old);
    const restartedAgain = createSlackDriver(configFor(fake));
    const goneDay = await rejectionOf(
      restartedAgain.fetchContent(token, relisted.get(`${general}/2026-02-01`) as RemoteItem),
    );
    expect(goneDay).toMatchObject({ name: 'ConnectorHttpError', status: 404 });
    const goneChannel = await rejectionOf(
      restartedAgain.fetchContent(token, { ...(items.get(`${secret}/2026-03-05`) as RemoteItem), version: 'other' }),
    );
    expect(goneChannel).toMatchObject({ name: 'ConnectorHttpError', status: 404, isRetryable: false });
  });

  it('resumes a run in a new process from the cursor of any committed page', async () => {
    const first = fake.addChannel({ name: 'resume-a', members: [DAVE] });
    const second = fake.addChannel({ name: 'resume-b', isPrivate: true, members: [DAVE] });
    fake.postMessage(first, { user: DAVE, text: 'one', at: at('2026-04-01T10:00:00Z') });
    fake.postMessage(second, { user: DAVE, text: 'two', at: at('2026-04-02T10:00:00Z') });
    const token = fake.issueToken(DAVE);
    const page = await driver.listChanges(token, null);
    expect(page).toMatchObject({ hasMore: true, startsFullListing: true });
    expect(page.items.map((item) => item.id)).toEqual([`${first}/2026-04-01`]);

    const other = createSlackDriver(configFor(fake));
    const rest = await listAllPages(other, token, page.nextCursor);
    expect(rest.items.map((item) => item.id)).toEqual([`${second}/2026-04-02`]);
    expect(rest.pages[0]?.startsFullListing).toBeUndefined();
    expect(await contentOf(other, token, rest.items[0])).toBe(
      '# #resume-b · 2026-04-02\n\n**Dave Cutler** (10:00 UTC): two\n',
    );
    expect(await rejectionOf(other.listChanges(token, '{"v":2}'))).toBeInstanceOf(ConnectorCursorResetError);
    expect(await rejectionOf(other.listChanges(token, 'not json'))).toBeInstanceOf(ConnectorCursorResetError);
    const broken = '{"v":1,"t":"T","u":"https://x.slack.com/","c":{"C1":null}}';
    expect(await rejectionOf(other.listChanges(token, broken))).toBeInstanceOf(ConnectorCursorResetError);
  });

  it('re-reads LOOKBACK_DAYS days before the newest message, so a deletion in that window is seen', async () => {
    const channel = fake.addChannel({ name: 'window', members: [ERIN] });
    const edge = fake.postMessage(channel, { user: ERIN, text: 'edge', at: at('2026-05-03T23:59:00Z') });
    fake.postMessage(channel, { user: ERIN, text: 'newest', at: at('2026-05-10T00:30:00Z') });
    const token = fake.issueToken(ERIN);
    const full = await listAllPages(driver, token, null);
    fake.deleteMessage(channel, edge);
    const next = await listAllPages(driver, token, full.cursor);
    // 2026-05-03 is exactly LOOKBACK_DAYS before 2026-05-10: inside the window.
    expect(LOOKBACK_DAYS).toBe(7);
    expect(next.items.find((item) => item.id === `${channel}/2026-05-03`)).toMatchObject({ deleted: true });
  });

  it('gives two people of the workspace their own channels and access groups', async () => {
    const shared = fake.addChannel({ name: 'team-x', members: [ADA, BOB] });
    const bobsOnly = fake.addChannel({ name: 'bob-private', isPrivate: true, members: [BOB] });
    fake.postMessage(shared, { user: ADA, text: 'shared', at: at('2026-06-01T10:00:00Z') });
    fake.postMessage(bobsOnly, { user: BOB, text: 'mine', at: at('2026-06-01T10:00:00Z') });
    const adaTokens = await connect(driver, fake, ADA);
    const bobTokens = await connect(driver, fake, BOB);
    expect((await driver.accountIdentity(bobTokens.accessToken)).id).toBe(`${fake.team.id}:${BOB}`);
    const adaGroups = (await driver.listAccessGroups?.(adaTokens.accessToken)) ?? [];
    const bobGroups = (await driver.listAccessGroups?.(bobTokens.accessToken)) ?? [];
    const sharedKey = `slack:${fake.team.id}:${shared}`;
    expect(adaGroups).toContain(sharedKey);
    expect(bobGroups).toContain(sharedKey);
    expect(bobGroups).toContain(`slack:${fake.team.id}:${bobsOnly}`);
    expect(adaGroups).not.toContain(`slack:${fake.team.id}:${bobsOnly}`);
    for (const key of [...adaGroups, ...bobGroups]) expect(key).toMatch(/^slack:T[A-Z0-9]+:[CG][A-Z0-9]+$/);
    const bobs = (await listAllPages(driver, bobTokens.accessToken, null)).items;
    expect(bobs.find((item) => item.id === `${bobsOnly}/2026-06-01`)?.sharedWith).toEqual([
      `slack:${fake.team.id}:${bobsOnly}`,
    ]);
  });

  it('passes on a rate limit with its Retry-After, and maps Slack errors', async () => {
    const token = fake.issueToken(ADA);
    fake.rateLimitNext('conversations.list', 1, 7);
    const limited = await rejectionOf(driver.listChanges(token, null));
    expect(limited).toBeInstanceOf(ConnectorHttpError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });

    const page = await driver.listChanges(token, null);
    fake.rateLimitNext('conversations.history', 1, 30);
    expect(await rejectionOf(driver.listChanges(token, page.nextCursor))).toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
    // The same cursor again reads the same channel.
    expect((await driver.listChanges(token, page.nextCursor)).nextCursor).toBeTruthy();

    fake.failNext('auth.test', 1, 'internal_error');
    expect(await rejectionOf(driver.accountIdentity(token))).toMatchObject({ status: 503, isRetryable: true });
    const narrow = fake.issueToken(ADA, ['channels:read']);
    expect(await rejectionOf(driver.listChanges(narrow, null))).toMatchObject({ status: 403, isRetryable: false });

    const closed = await startSlackFake();
    await closed.close();
    const offline = await rejectionOf(createSlackDriver(configFor(closed)).accountIdentity(token));
    expect(offline).toMatchObject({ name: 'ConnectorHttpError', status: null, isRetryable: true });
  });

  it('maps unknown, revoked and expired tokens to ConnectorAuthError, and revokes the grant', async () => {
    expect(await rejectionOf(driver.listChanges('xoxp-never-issued', null))).toBeInstanceOf(ConnectorAuthError);
    const tokens = await connect(driver, fake, ADA);
    await driver.revoke?.(tokens.accessToken);
    const revoked = await rejectionOf(driver.listAccessGroups?.(tokens.accessToken) ?? Promise.resolve());
    expect(revoked).toBeInstanceOf(ConnectorAuthError);
    expect((revoked as Error).message).toContain('token_revoked');
    // Revoking again (or a token Slack never knew) is quiet.
    await driver.revoke?.(tokens.accessToken);

    const other = fake.issueToken(BOB);
    fake.revokeTokens(BOB);
    expect(
      await rejectionOf(driver.fetchContent(other, { id: 'C1/2026-01-01', name: '#x · 2026-01-01' } as RemoteItem)),
    ).toBeInstanceOf(ConnectorAuthError);
  });

  it('sends every request to the configured origin', () => {
    expect(fetchedUrls.length).toBeGreaterThan(20);
    for (const url of fetchedUrls) expect(new URL(url).origin).toBe(fake.baseUrl);
  });
});

describe('Slack driver with token rotation', () => {
  it('stores the refresh token, refreshes an expired token and refuses a spent refresh token', async () => {
    const fake = await startSlackFake({ hasTokenRotation: true });
    try {
      const driver = createSlackDriver(configFor(fake));
      const before = Date.now();
      const tokens = await connect(driver, fake, BOB);
      expect(tokens.accessToken).toMatch(/^xoxe\.xoxp-/);
      expect(tokens.refreshToken).toMatch(/^xoxe-1-/);
      expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 43_200_000 - 1000);

      fake.expireAccessTokens();
      const expired = await rejectionOf(driver.accountIdentity(tokens.accessToken));
      expect(expired).toBeInstanceOf(ConnectorAuthError);
      expect((expired as Error).message).toContain('token_expired');

      const refreshed = await driver.refresh(tokens.refreshToken ?? '');
      expect(refreshed.refreshToken).toMatch(/^xoxe-1-/);
      expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
      expect(refreshed.scopes).toContain('channels:history');
      expect((await driver.accountIdentity(refreshed.accessToken)).email).toBe('bob@example.com');
      // Rotation spends the old refresh token.
      expect(await rejectionOf(driver.refresh(tokens.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);

      // Revoke given the refresh token: the driver mints an access token from it and revokes that grant.
      await driver.revoke?.(refreshed.refreshToken ?? '');
      expect(await rejectionOf(driver.accountIdentity(refreshed.accessToken))).toBeInstanceOf(ConnectorAuthError);
      expect(await rejectionOf(driver.refresh(refreshed.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);
    } finally {
      await fake.close();
    }
  });
});

describe('Slack driver on a large workspace', () => {
  it('lists thousands of messages across channels, day by day', async () => {
    const fake = await startSlackFake();
    try {
      const driver = createSlackDriver(configFor(fake));
      const start = Date.parse('2025-01-01T00:00:00Z');
      for (let channelIndex = 0; channelIndex < 5; channelIndex += 1) {
        const channel = fake.addChannel({ name: `bulk-${channelIndex}`, members: [ADA] });
        // 2,000 messages an hour apart: about 84 days each.
        fake.addMessages(channel, 2000, (index) => ({
          user: index % 2 ? ADA : BOB,
          text: `message ${index}`,
          at: new Date(start + index * 3_600_000),
        }));
      }
      const listing = await listAllPages(driver, fake.issueToken(ADA), null);
      expect(listing.pages).toHaveLength(5);
      expect(listing.items).toHaveLength(5 * 84);
    } finally {
      await fake.close();
    }
  });
});
