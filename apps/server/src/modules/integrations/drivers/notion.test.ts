import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  connectDriver,
  connectorsConfigWith,
  consentAt,
  expectCodesSingleUseAndBound,
  listAllPages,
  rejectionOf,
} from '../../../test/driver-fixtures.ts';
import { type NotionFake, type NotionFakeBlock, startNotionFake } from '../../../test/fakes/notion-fake.ts';
import {
  type ChangePage,
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type RemoteItem,
} from '../connector-driver.ts';
import { createNotionDriver } from './notion.ts';

const REDIRECT_URI = 'http://localhost:3000/api/integrations/notion/callback';

function configFor(fake: NotionFake): ConnectorsConfig {
  return connectorsConfigWith({
    notion: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    baseUrls: { notion: fake.baseUrl },
  });
}

interface MirroredDocument {
  name: string;
  version: string | null;
  markdown: string;
}

/**
 * What the sync engine does with the feed, in small: fetch what is new or changed, drop deletions, and at the end of
 * a full listing drop what the listing did not report. Answers the names fetched.
 */
async function syncOnce(
  driver: ConnectorDriver,
  accessToken: string,
  state: { cursor: string | null; documents: Map<string, MirroredDocument> },
): Promise<string[]> {
  const fetched: string[] = [];
  const listed = new Set<string>();
  let isFullListing = false;
  let page: ChangePage;
  do {
    page = await driver.listChanges(accessToken, state.cursor);
    if (page.startsFullListing) isFullListing = true;
    for (const item of page.items) {
      if (item.deleted) {
        state.documents.delete(item.id);
        continue;
      }
      listed.add(item.id);
      if (state.documents.get(item.id)?.version === item.version) continue;
      const content = await driver.fetchContent(accessToken, item);
      expect(content.mimeType).toBe('text/markdown');
      fetched.push(item.name);
      state.documents.set(item.id, { name: item.name, version: item.version, markdown: content.content.toString() });
    }
    state.cursor = page.nextCursor;
  } while (page.hasMore);
  if (isFullListing) {
    for (const id of [...state.documents.keys()]) if (!listed.has(id)) state.documents.delete(id);
  }
  return fetched.sort();
}

describe('Notion driver against the fake Notion', () => {
  let fake: NotionFake;
  let driver: ConnectorDriver;

  beforeAll(async () => {
    fake = await startNotionFake({
      workspace: { name: 'Acme' },
      owner: { name: 'Ada Lovelace', email: 'Ada@Example.com' },
    });
    driver = createNotionDriver(configFor(fake));
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.setPageLimit(null);
  });

  it('is configured with credentials, syncs no file store and names no access groups', () => {
    expect(driver.isConfigured()).toBe(true);
    expect(createNotionDriver({ ...configFor(fake), notion: null }).isConfigured()).toBe(false);
    expect(driver.provider).toBe('notion');
    expect(driver.upload).toBeUndefined();
    expect(driver.listAccessGroups).toBeUndefined();
  });

  it('builds the consent URL on the configured origin, without PKCE', () => {
    const url = new URL(
      driver.authorizationUrl({ state: 'xyz', codeChallenge: 'challenge', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/v1/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      response_type: 'code',
      owner: 'user',
      redirect_uri: REDIRECT_URI,
      state: 'xyz',
    });
    const real = createNotionDriver({ ...configFor(fake), baseUrls: {} });
    const realUrl = new URL(real.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }));
    expect(`${realUrl.origin}${realUrl.pathname}`).toBe('https://api.notion.com/v1/oauth/authorize');
  });

  it('exchanges the code once, for the redirect URI it was issued for, and reads the identity', async () => {
    fake.resetRequests();
    const redirect = await consentAt(
      driver.authorizationUrl({ state: 'state-2', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
    );
    expect(redirect.searchParams.get('state')).toBe('state-2');
    const code = redirect.searchParams.get('code') ?? '';
    const tokens = await driver.exchangeCode({ code, codeVerifier: 'v', redirectUri: REDIRECT_URI });
    expect(tokens.accessToken).toMatch(/^ntn_/);
    expect(tokens.refreshToken).toMatch(/^nrt_/);
    expect(tokens).toMatchObject({ expiresAt: null, scopes: [] });
    await expectCodesSingleUseAndBound(driver, code, REDIRECT_URI);

    expect(await driver.accountIdentity(tokens.accessToken)).toEqual({
      id: `${fake.workspace.id}:${fake.owner.id}`,
      email: 'Ada@Example.com',
      name: 'Ada Lovelace (Acme)',
    });
    // Every call carries the pinned version (the consent page is the browser's, without one).
    const apiCalls = fake.requests.filter((request) => request.path !== '/v1/oauth/authorize');
    expect(apiCalls.map((request) => request.path)).toContain('/v1/users/me');
    expect(new Set(apiCalls.map((request) => request.notionVersion))).toEqual(new Set(['2022-06-28']));
  });

  it('brings the user back with access_denied when they decline, and refuses a wrong client secret', async () => {
    const declining = await startNotionFake({ isConsentDenied: true });
    try {
      const declined = createNotionDriver(configFor(declining));
      const redirect = await consentAt(
        declined.authorizationUrl({ state: 'state-d', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
      );
      expect(redirect.searchParams.get('error')).toBe('access_denied');
      expect(redirect.searchParams.get('state')).toBe('state-d');

      const wrongSecret = createNotionDriver({
        ...configFor(declining),
        notion: { clientId: declining.clientId, clientSecret: 'wrong' },
      });
      const refused = await rejectionOf(wrongSecret.refresh('nrt_whatever'));
      // Our credentials, not the user's grant: reconnecting would not help.
      expect(refused).toBeInstanceOf(ConnectorHttpError);
      expect(refused).toMatchObject({ status: 401 });
    } finally {
      await declining.close();
    }
  });

  it('lists every shared page across search pages and renders pages and database rows as Markdown', async () => {
    const token = fake.issueAccessToken();
    const handbook = fake.addPage({
      title: 'Handbook',
      blocks: [
        { type: 'heading_1', text: 'Overview' },
        { type: 'paragraph', text: 'Intro text.' },
        { type: 'bulleted_list_item', text: 'Alpha', children: [{ type: 'bulleted_list_item', text: 'Alpha one' }] },
        { type: 'bulleted_list_item', text: 'Beta' },
        { type: 'numbered_list_item', text: 'First' },
        { type: 'numbered_list_item', text: 'Second' },
        { type: 'to_do', text: 'Done task', checked: true },
        { type: 'to_do', text: 'Open task' },
        { type: 'toggle', text: 'More', children: [{ type: 'paragraph', text: 'Hidden detail' }] },
        { type: 'quote', text: 'Quoted' },
        { type: 'callout', text: 'Heads up', emoji: '💡' },
        { type: 'code', text: 'const x = 1;', language: 'typescript' },
        { type: 'divider' },
        {
          type: 'table',
          hasColumnHeader: true,
          rows: [
            ['Name', 'Role'],
            ['Ada', 'Engineer | lead'],
          ],
        },
        { type: 'bookmark', url: 'https://example.com/spec' },
        { type: 'heading_2', text: 'Details' },
        { type: 'heading_3', text: 'Deep' },
        { type: 'equation', expression: 'e = mc^2' },
      ],
    });
    const childNotes = fake.addPage({
      title: 'Child notes',
      parent: { pageId: handbook },
      blocks: [{ type: 'paragraph', text: 'Child' }],
    });
    const tasks = fake.addDatabase({ title: 'Tasks', parentPageId: handbook });
    fake.addDatabaseRow(tasks, {
      properties: {
        Name: { type: 'title', text: 'Fix login' },
        Status: { type: 'status', name: 'In progress' },
        Tags: { type: 'multi_select', names: ['auth', 'web'] },
        Due: { type: 'date', start: '2024-02-01', end: '2024-02-03' },
        Done: { type: 'checkbox', checked: false },
        Owner: { type: 'people', names: ['Ada Lovelace', 'Grace Hopper'] },
        Estimate: { type: 'number', number: 3 },
        Priority: { type: 'select', name: null },
        Link: { type: 'url', value: 'https://example.com/issue/1' },
        Contact: { type: 'email', value: 'grace@example.com' },
        Phone: { type: 'phone_number', value: '+1 555 0100' },
        Notes: { type: 'rich_text', text: 'Needs review' },
      },
      blocks: [{ type: 'paragraph', text: 'Steps to reproduce' }],
    });
    const secret = fake.addPage({ title: 'Private diary', isShared: false });
    fake.addPage({ title: 'Under the diary', parent: { pageId: secret } });
    fake.setPageLimit(2);
    fake.resetRequests();

    const full = await listAllPages(driver, token, null);
    expect(full.pages.length).toBeGreaterThanOrEqual(2);
    expect(full.pages.map((page) => page.startsFullListing)).toEqual([
      true,
      ...full.pages.slice(1).map(() => undefined),
    ]);
    const byName = new Map(full.items.map((item) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual(['Child notes', 'Fix login', 'Handbook']);
    const page = fake.getPage(handbook);
    expect(byName.get('Handbook')).toEqual({
      id: handbook,
      name: 'Handbook',
      deleted: false,
      mimeType: 'text/markdown',
      size: null,
      modifiedAt: new Date(page.last_edited_time),
      version: page.last_edited_time,
      webUrl: page.url,
      sharedWith: [],
    });
    // Oldest edits first, so a page edited during a listing moves to its end rather than to pages already read.
    const times = full.items.map((item) => item.version ?? '');
    expect([...times].sort()).toEqual(times);

    const handbookMarkdown = (
      await driver.fetchContent(token, byName.get('Handbook') as RemoteItem)
    ).content.toString();
    expect(handbookMarkdown).toBe(
      [
        '# Handbook',
        '# Overview',
        'Intro text.',
        '- Alpha\n  - Alpha one\n- Beta\n1. First\n2. Second\n- [x] Done task\n- [ ] Open task\n- More\n  Hidden detail',
        '> Quoted',
        '> 💡 Heads up',
        '```typescript\nconst x = 1;\n```',
        '---',
        '| Name | Role |\n| --- | --- |\n| Ada | Engineer \\| lead |',
        'https://example.com/spec',
        '## Details',
        '### Deep',
        'e = mc^2',
        'Child notes',
        'Tasks',
      ]
        .join('\n\n')
        .concat('\n'),
    );
    // Block children were paged (two per answer here) and the child page's own blocks were not read.
    const childCalls = fake.requests.filter((request) => request.path === `/v1/blocks/${handbook}/children`);
    expect(childCalls.length).toBeGreaterThan(5);
    expect(fake.requests.some((request) => request.path === `/v1/blocks/${childNotes}/children`)).toBe(false);
    const rowMarkdown = (await driver.fetchContent(token, byName.get('Fix login') as RemoteItem)).content.toString();
    expect(rowMarkdown).toBe(
      [
        '# Fix login',
        [
          '**Name**: Fix login',
          '**Status**: In progress',
          '**Tags**: auth, web',
          '**Due**: 2024-02-01 → 2024-02-03',
          '**Done**: No',
          '**Owner**: Ada Lovelace, Grace Hopper',
          '**Estimate**: 3',
          '**Link**: https://example.com/issue/1',
          '**Contact**: grace@example.com',
          '**Phone**: +1 555 0100',
          '**Notes**: Needs review',
        ].join('\n'),
        'Steps to reproduce',
      ]
        .join('\n\n')
        .concat('\n'),
    );
    // The listing's page objects serve the rendering: no extra pages/retrieve call.
    expect(fake.requests.some((request) => request.path.startsWith('/v1/pages/'))).toBe(false);
  });

  it('caps nesting at ten levels', async () => {
    const token = fake.issueAccessToken();
    let nested: NotionFakeBlock | null = null;
    for (let level = 12; level >= 1; level -= 1) {
      nested = { type: 'bulleted_list_item', text: `Level ${level}`, children: nested ? [nested] : [] };
    }
    const id = fake.addPage({ title: 'Deep page', blocks: nested ? [nested] : [] });
    const item = { id, name: 'Deep page', version: null } as RemoteItem;
    const markdown = (await driver.fetchContent(token, item)).content.toString();
    expect(markdown).toContain(`${'  '.repeat(9)}- Level 10`);
    expect(markdown).not.toContain('Level 11');
  });

  it('finds edits, additions, trashed, removed and unshared pages in the next sync', async () => {
    const own = await startNotionFake();
    try {
      const notion = createNotionDriver(configFor(own));
      const token = own.issueAccessToken();
      const plan = own.addPage({ title: 'Plan', blocks: [{ type: 'paragraph', text: 'Version one' }] });
      const keep = own.addPage({ title: 'Keep', blocks: [{ type: 'paragraph', text: 'Stays' }] });
      const trash = own.addPage({ title: 'Old', blocks: [{ type: 'paragraph', text: 'Bye' }] });
      const gone = own.addPage({ title: 'Gone', blocks: [] });
      const team = own.addPage({ title: 'Team', isShared: true });
      own.addPage({ title: 'Team notes', parent: { pageId: team } });
      const database = own.addDatabase({ title: 'Bugs' });
      const bug = own.addDatabaseRow(database, {
        properties: { Name: { type: 'title', text: 'Crash' }, Status: { type: 'status', name: 'Open' } },
      });
      own.setPageLimit(3);

      const state = { cursor: null as string | null, documents: new Map<string, MirroredDocument>() };
      expect(await syncOnce(notion, token, state)).toEqual([
        'Crash',
        'Gone',
        'Keep',
        'Old',
        'Plan',
        'Team',
        'Team notes',
      ]);

      // Nothing changed: a new listing, nothing fetched, nothing lost.
      own.resetRequests();
      expect(await syncOnce(notion, token, state)).toEqual([]);
      expect(own.requests.every((request) => request.path === '/v1/search')).toBe(true);
      expect(state.documents.size).toBe(7);

      own.editPage(plan, { blocks: [{ type: 'paragraph', text: 'Version two' }] });
      own.editPage(bug, { properties: { Status: { type: 'status', name: 'Fixed' } } });
      own.editPage(keep, { title: 'Keep (renamed)' });
      own.addPage({ title: 'Fresh', blocks: [{ type: 'paragraph', text: 'New here' }] });
      own.archivePage(trash);
      own.removePage(gone);
      own.setShared(team, false);

      const trashed = (await listAllPages(notion, token, state.cursor)).items.find((item) => item.id === trash);
      expect(trashed).toMatchObject({ deleted: true, version: null });
      expect(await syncOnce(notion, token, state)).toEqual(['Crash', 'Fresh', 'Keep (renamed)', 'Plan']);
      expect([...state.documents.values()].map((document) => document.name).sort()).toEqual([
        'Crash',
        'Fresh',
        'Keep (renamed)',
        'Plan',
      ]);
      expect(state.documents.get(plan)?.markdown).toBe('# Plan\n\nVersion two\n');
      expect(state.documents.get(bug)?.markdown).toContain('**Status**: Fixed');

      // Shared again: the pages come back.
      own.setShared(team, true);
      expect(await syncOnce(notion, token, state)).toEqual(['Team', 'Team notes']);
    } finally {
      await own.close();
    }
  });

  it('resumes a listing from its stored cursor in another process, and restarts on a refused cursor', async () => {
    const own = await startNotionFake();
    try {
      const token = own.issueAccessToken();
      const ids = own.addPages(5, (index) => ({ title: `Page ${index}` }));
      own.setPageLimit(2);
      const notion = createNotionDriver(configFor(own));
      const first = await notion.listChanges(token, null);
      expect(first).toMatchObject({ hasMore: true, startsFullListing: true });
      expect(first.nextCursor).toMatch(/^notion-search:v1:next:/);

      const resumed = await listAllPages(createNotionDriver(configFor(own)), token, first.nextCursor);
      expect(resumed.pages[0]?.startsFullListing).toBeUndefined();
      expect([...first.items, ...resumed.items].map((item) => item.name).sort()).toEqual(
        ['Page 0', 'Page 1', 'Page 2', 'Page 3', 'Page 4'].sort(),
      );
      expect(resumed.cursor).toBe('notion-search:v1:done');
      // A finished listing's cursor starts the next full listing.
      expect((await notion.listChanges(token, resumed.cursor)).startsFullListing).toBe(true);

      // The page the cursor pointed at is gone: Notion refuses the start_cursor, the listing restarts.
      const again = await notion.listChanges(token, null);
      const nextId = again.nextCursor.slice('notion-search:v1:next:'.length);
      expect(ids).toContain(nextId);
      own.removePage(nextId);
      expect(await rejectionOf(notion.listChanges(token, again.nextCursor))).toBeInstanceOf(ConnectorCursorResetError);
    } finally {
      await own.close();
    }
  });

  it('passes on 429 and 5xx with their Retry-After, without retrying inside the SDK', async () => {
    const token = fake.issueAccessToken();
    fake.resetRequests();
    fake.rateLimitNext(1, 7, '/v1/search');
    const limited = await rejectionOf(driver.listChanges(token, null));
    expect(limited).toBeInstanceOf(ConnectorHttpError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });
    expect(fake.requests.filter((request) => request.path === '/v1/search')).toHaveLength(1);

    fake.failNext(1, 503, 30);
    expect(await rejectionOf(driver.accountIdentity(token))).toMatchObject({
      status: 503,
      retryAfterSeconds: 30,
      isRetryable: true,
    });
    const page = fake.addPage({ title: 'Flaky', blocks: [{ type: 'paragraph', text: 'x' }] });
    fake.rateLimitNext(1, 2, '/v1/blocks/');
    const item = { id: page, name: 'Flaky', version: null } as RemoteItem;
    expect(await rejectionOf(driver.fetchContent(token, item))).toMatchObject({ status: 429, retryAfterSeconds: 2 });
    // The failures are spent.
    expect((await driver.fetchContent(token, item)).content.toString()).toBe('# Flaky\n\nx\n');
  });

  it('fails only the item for a page no longer shared (404), and a network failure is retryable', async () => {
    const token = fake.issueAccessToken();
    const page = fake.addPage({ title: 'Soon private', blocks: [{ type: 'paragraph', text: 'x' }] });
    fake.setShared(page, false);
    const missing = await rejectionOf(
      driver.fetchContent(token, { id: page, name: 'Soon private', version: null } as RemoteItem),
    );
    expect(missing).toBeInstanceOf(ConnectorHttpError);
    expect(missing).toMatchObject({ status: 404, isRetryable: false });

    const closed = await startNotionFake();
    await closed.close();
    const unreachable = await rejectionOf(createNotionDriver(configFor(closed)).listChanges(token, null));
    expect(unreachable).toBeInstanceOf(ConnectorHttpError);
    expect(unreachable).toMatchObject({ status: null, isRetryable: true });
  });

  it('refreshes with a rotating refresh token, and a revoked or unknown token is ConnectorAuthError', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    fake.expireAccessTokens();
    expect(await rejectionOf(driver.listChanges(tokens.accessToken, null))).toBeInstanceOf(ConnectorAuthError);

    const refreshed = await driver.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await driver.listChanges(refreshed.accessToken, null)).startsFullListing).toBe(true);
    // The used refresh token stopped working.
    expect(await rejectionOf(driver.refresh(tokens.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.accountIdentity('ntn_never_issued'))).toBeInstanceOf(ConnectorAuthError);

    fake.revokeAllTokens();
    expect(await rejectionOf(driver.listChanges(refreshed.accessToken, null))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh(refreshed.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);
  });

  it('revokes the grant given the refresh token or the access token', async () => {
    const first = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    await driver.revoke?.(first.refreshToken ?? '');
    expect(await rejectionOf(driver.accountIdentity(first.accessToken))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh(first.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);

    const second = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    await driver.revoke?.(second.accessToken);
    expect(await rejectionOf(driver.listChanges(second.accessToken, null))).toBeInstanceOf(ConnectorAuthError);
    // Revoking what is already revoked is quiet.
    await driver.revoke?.(second.accessToken);
  });

  it('answers Notion errors for a missing Notion-Version, and lists thousands of pages in pages of 100', async () => {
    const token = fake.issueAccessToken();
    const unversioned = await fetch(`${fake.baseUrl}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(unversioned.status).toBe(400);
    expect(await unversioned.json()).toMatchObject({ object: 'error', code: 'missing_version' });

    const bulk = await startNotionFake();
    try {
      bulk.addPages(2000, (index) => ({
        title: `Bulk ${index}`,
        blocks: [
          { type: 'heading_2', text: `Section ${index}` },
          { type: 'paragraph', text: 'Some text' },
          { type: 'bulleted_list_item', text: 'A point' },
        ],
      }));
      const listing = await listAllPages(createNotionDriver(configFor(bulk)), bulk.issueAccessToken(), null);
      expect(listing.items).toHaveLength(2000);
      expect(listing.pages).toHaveLength(20);
    } finally {
      await bulk.close();
    }
  });
});
