import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  connectDriver,
  connectorsConfigWith,
  consentAt,
  listAllPages,
  recordingFetch,
  rejectionOf,
} from '../../../test/driver-fixtures.ts';
import {
  type ConfluenceFake,
  type NewConfluenceContent,
  startConfluenceFake,
} from '../../../test/fakes/confluence-fake.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type RemoteItem,
} from '../connector-driver.ts';
import { CONFLUENCE_SCOPES, confluenceAccessKey, createConfluenceDriver, storageToMarkdown } from './confluence.ts';

const REDIRECT_URI = 'http://localhost:3000/api/integrations/confluence/callback';

const ADA = { accountId: '557058:ada-0c5e-4b8f-9d2a-lovelace', email: 'ada@example.com', name: 'Ada Lovelace' };
const BOB = { accountId: '5b10ac8d82e05b22cc7d4ef5', email: 'bob@example.com', name: 'Bob Builder' };
const CAROL = { accountId: '712020:carol-5d1e-4c7a-8f3b-herschel', email: 'carol@example.com', name: 'Carol Herschel' };

const HANDBOOK_STORAGE = [
  '<h1>Welcome &amp; hello</h1>',
  '<p>Intro with <strong>bold</strong>, <em>italic</em> and <code>code</code>&nbsp;text &mdash; see ',
  '<ac:link><ri:page ri:content-title="Onboarding" /></ac:link> or <ac:link><ri:page ri:content-title="Other" />',
  '<ac:plain-text-link-body><![CDATA[the <other> page]]></ac:plain-text-link-body></ac:link> and ',
  '<a href="https://example.com/x">the site</a>.</p>',
  '<h2>Steps</h2>',
  '<ol><li><p>First</p><ul><li>Nested a</li><li>Nested b<ul><li>Deeper</li></ul></li></ul></li><li>Second</li></ol>',
  '<ac:task-list><ac:task><ac:task-id>1</ac:task-id><ac:task-status>complete</ac:task-status>',
  '<ac:task-body>Laptop ready</ac:task-body></ac:task><ac:task><ac:task-id>2</ac:task-id>',
  '<ac:task-status>incomplete</ac:task-status><ac:task-body>Accounts <strong>created</strong></ac:task-body>',
  '</ac:task></ac:task-list>',
  '<h3>Table</h3>',
  '<table><colgroup><col /><col /></colgroup><tbody><tr><th><p>Name</p></th><th>Role</th></tr>',
  '<tr><td>Ada</td><td>Eng | Lead</td></tr></tbody></table>',
  '<ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="3f1c">',
  '<ac:parameter ac:name="language">ts</ac:parameter>',
  '<ac:plain-text-body><![CDATA[const a = 1 < 2 && "<p>";\nconsole.log(a);]]></ac:plain-text-body>',
  '</ac:structured-macro>',
  '<ac:structured-macro ac:name="info"><ac:parameter ac:name="title">Note</ac:parameter>',
  '<ac:rich-text-body><p>Keep &lt;this&gt; in mind.</p></ac:rich-text-body></ac:structured-macro>',
  '<p>Status: <ac:structured-macro ac:name="status"><ac:parameter ac:name="colour">Green</ac:parameter>',
  '<ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro> today</p>',
  '<p># not a heading<br/>#hashtag line</p>',
].join('');

const HANDBOOK_MARKDOWN = `# Handbook

# Welcome & hello

Intro with **bold**, _italic_ and \`code\` text — see Onboarding or the <other> page and [the site](https://example.com/x).

## Steps

1. First
   - Nested a
   - Nested b
     - Deeper
2. Second

- [x] Laptop ready
- [ ] Accounts **created**

### Table

| Name | Role |
| --- | --- |
| Ada | Eng \\| Lead |

\`\`\`ts
const a = 1 < 2 && "<p>";
console.log(a);
\`\`\`

**Note**

Keep <this> in mind.

Status: DONE today

\\# not a heading
#hashtag line
`;

function configFor(fake: ConfluenceFake): ConnectorsConfig {
  return connectorsConfigWith({
    confluence: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    baseUrls: { confluence: fake.baseUrl },
  });
}

describe('Confluence driver against the fake Confluence Cloud', () => {
  let fake: ConfluenceFake;
  let driver: ConnectorDriver;
  const fetchedUrls: string[] = [];
  const ids: Record<string, string> = {};
  let acme: string;
  let globex: string;
  let engineering: string;
  let hr: string;
  const item = (items: RemoteItem[], name: string) => items.find((candidate) => candidate.name === name);
  const key = (kind: 'space' | 'user' | 'group', value: string, cloudId = acme) =>
    confluenceAccessKey(cloudId, kind, value);

  beforeAll(async () => {
    fake = await startConfluenceFake({
      users: [ADA, BOB, CAROL],
      sites: [{ name: 'acme' }, { name: 'globex' }],
      searchPageLimit: 2,
    });
    [acme, globex] = fake.sites.map((site) => site.cloudId) as [string, string];
    driver = createConfluenceDriver(configFor(fake), { fetch: recordingFetch(fetchedUrls) });
    engineering = fake.addGroup(acme, { name: 'engineering', members: [ADA.accountId, BOB.accountId] });
    hr = fake.addGroup(acme, { name: 'hr', members: [ADA.accountId, CAROL.accountId] });
    fake.addSpace(acme, { key: 'ENG', name: 'Engineering' });
    fake.addSpace(acme, { key: 'HR', name: 'People', readers: { groups: [hr] } });
    fake.addSpace(globex, { key: 'OPS', name: 'Operations' });
    const add = (name: string, content: Omit<NewConfluenceContent, 'title'>) => {
      ids[name] = fake.addContent({ title: name, ...content }).id;
    };
    add('Handbook', { spaceKey: 'ENG', body: HANDBOOK_STORAGE });
    add('Onboarding', { spaceKey: 'ENG', parentId: ids.Handbook, body: '<p>Day one.</p>' });
    add('Secret plans', {
      spaceKey: 'ENG',
      restriction: { users: [ADA.accountId, CAROL.accountId], groups: [engineering] },
    });
    add('Secret child', { spaceKey: 'ENG', parentId: ids['Secret plans'], body: '<p>Inherits.</p>' });
    add('Deep child', {
      spaceKey: 'ENG',
      parentId: ids['Secret child'],
      restriction: { users: [ADA.accountId], groups: [engineering] },
    });
    add('Release notes', { spaceKey: 'ENG', type: 'blogpost', body: '<p>We shipped <em>it</em>.</p>' });
    add('Salaries', { spaceKey: 'HR', body: '<p>Confidential.</p>' });
    add('Runbook', { cloudId: globex, spaceKey: 'OPS', body: '<p>Restart it.</p>' });
    // Another account's private page: never listed for Ada.
    add('Carol only', { spaceKey: 'ENG', restriction: { users: [CAROL.accountId], groups: [] } });
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('builds the consent URL, exchanges the code and reads the identity', async () => {
    expect(driver.isConfigured()).toBe(true);
    expect(createConfluenceDriver({ ...configFor(fake), confluence: null }).isConfigured()).toBe(false);
    const url = new URL(
      driver.authorizationUrl({ state: 'state-1', codeChallenge: 'challenge', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.baseUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      audience: 'api.atlassian.com',
      client_id: fake.clientId,
      scope: CONFLUENCE_SCOPES.join(' '),
      redirect_uri: REDIRECT_URI,
      state: 'state-1',
      response_type: 'code',
      prompt: 'consent',
    });
    expect(url.search).toContain('read%3Ame%20');

    const before = Date.now();
    fake.signInAs(ADA.accountId);
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.scopes).toEqual([...CONFLUENCE_SCOPES]);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(await driver.accountIdentity(tokens.accessToken)).toEqual({
      id: ADA.accountId,
      email: ADA.email,
      name: ADA.name,
    });

    // A code is single use and bound to its redirect URI.
    const redirect = await consentAt(
      driver.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI }),
    );
    const code = redirect.searchParams.get('code') ?? '';
    const elsewhere = driver.exchangeCode({ code, codeVerifier: 'v', redirectUri: 'http://localhost:3000/elsewhere' });
    expect(await rejectionOf(elsewhere)).toBeInstanceOf(ConnectorAuthError);
    const reused = driver.exchangeCode({ code, codeVerifier: 'v', redirectUri: REDIRECT_URI });
    expect(await rejectionOf(reused)).toBeInstanceOf(ConnectorAuthError);

    // Wrong client credentials are our configuration, not the user's grant.
    const misconfigured = createConfluenceDriver({
      ...configFor(fake),
      confluence: { clientId: fake.clientId, clientSecret: 'wrong' },
    });
    expect(await rejectionOf(misconfigured.refresh(tokens.refreshToken ?? ''))).toMatchObject({
      name: 'ConnectorHttpError',
      status: 401,
    });
  });

  it('refreshes with rotating refresh tokens; expired, spent and revoked grants are auth errors', async () => {
    const tokens = await connectDriver(driver, { redirectUri: REDIRECT_URI });
    fake.expireAccessTokens();
    expect(await rejectionOf(driver.listChanges(tokens.accessToken, null))).toBeInstanceOf(ConnectorAuthError);

    const refreshed = await driver.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await driver.accountIdentity(refreshed.accessToken)).id).toBe(ADA.accountId);
    // The spent refresh token is refused: invalid_grant.
    const spent = await rejectionOf(driver.refresh(tokens.refreshToken ?? ''));
    expect(spent).toBeInstanceOf(ConnectorAuthError);
    expect((spent as Error).message).toContain('invalid_grant');

    fake.revokeGrant(ADA.accountId);
    expect(await rejectionOf(driver.accountIdentity(refreshed.accessToken))).toBeInstanceOf(ConnectorAuthError);
    expect(await rejectionOf(driver.refresh(refreshed.refreshToken ?? ''))).toBeInstanceOf(ConnectorAuthError);
  });

  it('lists every site page by page with versions, links and access-group keys', async () => {
    const token = fake.issueAccessToken(ADA.accountId);
    fake.resetRequests();
    const listing = await listAllPages(driver, token, null);

    expect(listing.pages.length).toBeGreaterThan(4);
    expect(listing.pages[0]?.startsFullListing).toBe(true);
    expect(listing.pages.slice(1).every((page) => page.startsFullListing === undefined)).toBe(true);
    expect(listing.items.map((entry) => entry.name).sort()).toEqual([
      'Deep child',
      'Handbook',
      'Onboarding',
      'Release notes',
      'Runbook',
      'Salaries',
      'Secret child',
      'Secret plans',
    ]);
    expect(new Set(listing.items.map((entry) => entry.id)).size).toBe(listing.items.length);

    const handbook = fake.getContent(ids.Handbook ?? '');
    expect(item(listing.items, 'Handbook')).toEqual({
      id: `${acme}:page:${ids.Handbook}`,
      name: 'Handbook',
      deleted: false,
      mimeType: 'text/markdown',
      size: null,
      modifiedAt: handbook?.modifiedAt,
      version: '1',
      webUrl: `https://acme.atlassian.net/wiki/spaces/ENG/pages/${ids.Handbook}/Handbook`,
      sharedWith: [key('space', 'ENG')],
    });
    expect(item(listing.items, 'Release notes')?.id).toBe(`${acme}:blogpost:${ids['Release notes']}`);
    expect(item(listing.items, 'Release notes')?.webUrl).toMatch(/\/wiki\/spaces\/ENG\/blog\/\d{4}\/\d{2}\/\d{2}\//);
    expect(item(listing.items, 'Onboarding')?.sharedWith).toEqual([key('space', 'ENG')]);
    expect(item(listing.items, 'Salaries')?.sharedWith).toEqual([key('space', 'HR')]);
    expect(item(listing.items, 'Runbook')?.sharedWith).toEqual([key('space', 'OPS', globex)]);
    // A restricted page goes to whom its restriction names, not to its space.
    const secret = [key('user', ADA.accountId), key('user', CAROL.accountId), key('group', engineering)].sort();
    expect(item(listing.items, 'Secret plans')?.sharedWith).toEqual(secret);
    // Inherited: an unrestricted child of a restricted page goes to the parent's restriction...
    expect(item(listing.items, 'Secret child')?.sharedWith).toEqual(secret);
    // ...and a restricted grandchild to what every restriction on the way names.
    expect(item(listing.items, 'Deep child')?.sharedWith).toEqual(
      [key('user', ADA.accountId), key('group', engineering)].sort(),
    );

    // Ancestors' restrictions are read once per listing, not once per page below them.
    const restrictionReads = fake.requests.filter((request) => request.path.endsWith('/restriction/byOperation/read'));
    expect(restrictionReads.length).toBeLessThanOrEqual(3);
    const searches = fake.requests.filter((request) => request.path.endsWith('/rest/api/content/search'));
    expect(searches.length).toBe(listing.pages.length);

    // A finished listing's cursor starts the next full listing; unchanged content keeps its version.
    const again = await listAllPages(driver, token, listing.cursor);
    expect(again.pages[0]?.startsFullListing).toBe(true);
    expect(again.items.map((entry) => [entry.id, entry.version, entry.sharedWith])).toEqual(
      listing.items.map((entry) => [entry.id, entry.version, entry.sharedWith]),
    );
  });

  it('renders the storage format as Markdown with its structure', async () => {
    const token = fake.issueAccessToken(ADA.accountId);
    const { items } = await listAllPages(driver, token, null);
    const handbook = await driver.fetchContent(token, item(items, 'Handbook') as RemoteItem);
    expect(handbook.mimeType).toBe('text/markdown');
    expect(handbook.content.toString('utf8')).toBe(HANDBOOK_MARKDOWN);

    fake.resetRequests();
    const blog = await driver.fetchContent(token, item(items, 'Release notes') as RemoteItem);
    expect(blog.content.toString('utf8')).toBe('# Release notes\n\nWe shipped _it_.\n');
    expect(fake.requests.map((request) => request.path)).toEqual([
      `/ex/confluence/${acme}/wiki/api/v2/blogposts/${ids['Release notes']}`,
    ]);
  });

  it('converts nested macros, layouts, quotes and tables without a header row', () => {
    const storage = [
      '<ac:layout><ac:layout-section ac:type="two_equal"><ac:layout-cell><h2>Left</h2>',
      '<ac:structured-macro ac:name="expand"><ac:parameter ac:name="title">More</ac:parameter>',
      '<ac:rich-text-body><ul><li>one<ac:task-list><ac:task><ac:task-status>incomplete</ac:task-status>',
      '<ac:task-body>sub task</ac:task-body></ac:task></ac:task-list></li></ul></ac:rich-text-body>',
      '</ac:structured-macro></ac:layout-cell><ac:layout-cell><blockquote><p>Quoted</p></blockquote>',
      '<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      '<ac:structured-macro ac:name="noformat"><ac:plain-text-body><![CDATA[raw ``` text]]></ac:plain-text-body>',
      '</ac:structured-macro><ac:structured-macro ac:name="toc" /><p><ac:emoticon ac:name="smile" ',
      'ac:emoji-fallback="🙂" /> <ac:image><ri:attachment ri:filename="x.png" /></ac:image>Bye</p>',
      '</ac:layout-cell></ac:layout-section></ac:layout>',
    ].join('');
    expect(storageToMarkdown('Layout', storage)).toBe(
      `${[
        '# Layout',
        '## Left',
        '**More**',
        '- one\n  - [ ] sub task',
        '> Quoted',
        '| | |\n| --- | --- |\n| a | b |',
        '````\nraw ``` text\n````',
        '🙂 Bye',
      ].join('\n\n')}\n`,
    );
  });

  it('sees edits, additions, deletions and restriction changes in the next sync', async () => {
    const token = fake.issueAccessToken(ADA.accountId);
    const first = await listAllPages(driver, token, null);

    fake.editContent(ids.Onboarding ?? '', { body: '<p>Day one, revised.</p>' });
    const added = fake.addContent({ spaceKey: 'ENG', title: 'Fresh page', parentId: ids.Handbook });
    fake.deleteContent(ids['Release notes'] ?? '');
    fake.restrictContent(ids['Secret plans'] ?? '', null);
    fake.restrictContent(ids.Handbook ?? '', { users: [], groups: [engineering] });

    const second = await listAllPages(driver, token, first.cursor);
    expect(second.pages[0]?.startsFullListing).toBe(true);
    const byName = new Map(second.items.map((entry) => [entry.name, entry]));
    // Deleted content is simply not listed: the engine sweeps what a full listing did not report.
    expect(byName.has('Release notes')).toBe(false);
    expect(byName.get('Fresh page')).toMatchObject({ id: `${acme}:page:${added.id}`, version: '1' });
    expect(byName.get('Onboarding')?.version).toBe('2');
    expect(byName.get('Handbook')?.version).toBe(item(first.items, 'Handbook')?.version);
    // Restriction changes move who may see a page (and what inherits from it) without a new version.
    expect(byName.get('Handbook')?.sharedWith).toEqual([key('group', engineering)]);
    expect(byName.get('Onboarding')?.sharedWith).toEqual([key('group', engineering)]);
    expect(byName.get('Fresh page')?.sharedWith).toEqual([key('group', engineering)]);
    expect(byName.get('Secret plans')?.sharedWith).toEqual([key('space', 'ENG')]);
    expect(byName.get('Secret plans')?.version).toBe('1');
    expect(byName.get('Secret child')?.sharedWith).toEqual([key('space', 'ENG')]);
    expect(byName.get('Deep child')?.sharedWith).toEqual([key('group', engineering), key('user', ADA.accountId)]);

    const onboarding = await driver.fetchContent(token, byName.get('Onboarding') as RemoteItem);
    expect(onboarding.content.toString('utf8')).toBe('# Onboarding\n\nDay one, revised.\n');
    // What the search no longer lists cannot be fetched either: that item fails alone.
    const gone = await rejectionOf(driver.fetchContent(token, item(first.items, 'Release notes') as RemoteItem));
    expect(gone).toMatchObject({ name: 'ConnectorHttpError', status: 404, isRetryable: false });
  });

  it('lists the access groups of each account, following membership changes', async () => {
    const adaGroups = await driver.listAccessGroups?.(fake.issueAccessToken(ADA.accountId));
    expect([...(adaGroups ?? [])].sort()).toEqual(
      [
        key('user', ADA.accountId),
        key('group', engineering),
        key('group', hr),
        key('space', 'ENG'),
        key('space', 'HR'),
        key('user', ADA.accountId, globex),
        key('space', 'OPS', globex),
      ].sort(),
    );
    const bobToken = fake.issueAccessToken(BOB.accountId);
    expect([...((await driver.listAccessGroups?.(bobToken)) ?? [])].sort()).toEqual(
      [
        key('user', BOB.accountId),
        key('group', engineering),
        key('space', 'ENG'),
        key('user', BOB.accountId, globex),
        key('space', 'OPS', globex),
      ].sort(),
    );
    for (const entry of adaGroups ?? []) {
      expect(entry.startsWith('confluence:')).toBe(true);
      expect(entry).not.toContain('@');
    }

    // Bob joins HR (and so reads its space); leaving engineering takes that group away.
    fake.addGroupMember(hr, BOB.accountId);
    fake.removeGroupMember(engineering, BOB.accountId);
    const changed = (await driver.listAccessGroups?.(bobToken)) ?? [];
    expect(changed).toContain(key('group', hr));
    expect(changed).toContain(key('space', 'HR'));
    expect(changed).not.toContain(key('group', engineering));
    fake.removeGroupMember(hr, BOB.accountId);
    fake.addGroupMember(engineering, BOB.accountId);
  });

  it('passes on 429 with Retry-After, 5xx, and a stale search cursor as a cursor reset', async () => {
    const token = fake.issueAccessToken(ADA.accountId);
    fake.rateLimitNext(1, { pathPart: '/rest/api/content/search', retryAfterSeconds: 7 });
    const limited = await rejectionOf(driver.listChanges(token, null));
    expect(limited).toBeInstanceOf(ConnectorHttpError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7, isRetryable: true });

    const { items } = await listAllPages(driver, token, null);
    fake.failNext(1, 503, 30);
    const unavailable = await rejectionOf(driver.fetchContent(token, item(items, 'Handbook') as RemoteItem));
    expect(unavailable).toMatchObject({ status: 503, retryAfterSeconds: 30, isRetryable: true });

    const first = await driver.listChanges(token, null);
    expect(first.hasMore).toBe(true);
    fake.expireSearchCursors();
    expect(await rejectionOf(driver.listChanges(token, first.nextCursor))).toBeInstanceOf(ConnectorCursorResetError);
    // An unreadable cursor starts a new listing rather than failing.
    expect(await driver.listChanges(token, 'not-a-cursor')).toMatchObject({ startsFullListing: true });
  });

  it('resumes a listing from its cursor in a new process', async () => {
    const token = fake.issueAccessToken(ADA.accountId);
    const whole = await listAllPages(driver, token, null);
    const first = await driver.listChanges(token, null);
    const second = await driver.listChanges(token, first.nextCursor);
    const restarted = createConfluenceDriver(configFor(fake));
    const rest = await listAllPages(restarted, token, second.nextCursor);
    const resumed = [...first.items, ...second.items, ...rest.items];
    expect(resumed.map((entry) => [entry.id, entry.sharedWith])).toEqual(
      whole.items.map((entry) => [entry.id, entry.sharedWith]),
    );
  });

  it('lists thousands of pages in pages of a hundred', async () => {
    const bulk = await startConfluenceFake();
    try {
      const cloudId = bulk.sites[0]?.cloudId ?? '';
      bulk.addSpace(cloudId, { key: 'BULK' });
      bulk.addPages(2000, (index) => ({ spaceKey: 'BULK', title: `Page ${index}`, body: `<p>n${index}</p>` }));
      const bulkDriver = createConfluenceDriver(configFor(bulk));
      const listing = await listAllPages(bulkDriver, bulk.issueAccessToken(), null);
      expect(listing.items).toHaveLength(2000);
      expect(new Set(listing.items.map((entry) => entry.id)).size).toBe(2000);
      expect(listing.pages).toHaveLength(20);
    } finally {
      await bulk.close();
    }
  });

  it('sends every request to the configured origin, none to a real Atlassian host', () => {
    expect(fetchedUrls.length).toBeGreaterThan(20);
    for (const url of fetchedUrls) expect(new URL(url).origin).toBe(fake.baseUrl);
  });
});
