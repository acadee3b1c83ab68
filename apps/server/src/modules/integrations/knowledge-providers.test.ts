import { randomUUID } from 'node:crypto';
import {
  type Citation,
  type ConnectorProvider,
  type Integration,
  type IntegrationList,
  PLATFORM_LABELS,
  type SearchResult,
} from '@lumen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataParts, parseUIMessageStream, postChat, streamedText } from '../../test/assistant-fixtures.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { type ConfluenceFake, startConfluenceFake } from '../../test/fakes/confluence-fake.ts';
import { confluenceFakeEnv, notionFakeEnv, slackFakeEnv } from '../../test/fakes/fake-env.ts';
import { type NotionFake, startNotionFake } from '../../test/fakes/notion-fake.ts';
import { type SlackFake, startSlackFake } from '../../test/fakes/slack-fake.ts';
import { getAs, readPopupResult } from '../../test/integration-fixtures.ts';
import { type Actor, callApi, createTeamWithRoles, type TeamWithRoles } from '../../test/team-fixtures.ts';

/**
 * Slack, Notion and Confluence through the real app, their real drivers and their fakes over HTTP: connect, sync,
 * search and the assistant citing the platform, incremental changes, who else sees what (channel membership, page
 * restrictions: ADR 0103), and disconnect. Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
 */

interface Harness {
  ctx: TestContext;
  team: TeamWithRoles;
}

async function startHarness(env: Record<string, string>, label: string): Promise<Harness> {
  const ctx = await buildTestApp(env, undefined, { connectorSync: { sleep: async () => {} } });
  const team = await createTeamWithRoles(ctx, `${label} Co`);
  return { ctx, team };
}

async function search(ctx: TestContext, actor: Actor, q: string, source?: ConnectorProvider): Promise<SearchResult[]> {
  const filter = source ? `&source=${source}` : '';
  const response = await callApi(ctx, actor, 'GET', `/api/search?q=${encodeURIComponent(q)}${filter}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ results: SearchResult[] }>().results;
}

async function titlesFound(ctx: TestContext, actor: Actor, q: string): Promise<string[]> {
  return [...new Set((await search(ctx, actor, q)).map((result) => result.title))];
}

async function card(ctx: TestContext, actor: Actor, provider: ConnectorProvider): Promise<Integration | undefined> {
  const list = (await callApi(ctx, actor, 'GET', '/api/integrations')).json<IntegrationList>();
  return list.integrations.find((integration) => integration.provider === provider);
}

/** The popup's path: connect (302 to the fake's consent page, which consents at once), then the callback. */
async function connect(ctx: TestContext, actor: Actor, provider: ConnectorProvider): Promise<void> {
  const started = await getAs(ctx, actor, `/api/integrations/${provider}/connect`);
  expect(started.statusCode).toBe(302);
  const consent = await fetch(String(started.headers.location), { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location') ?? '');
  const result = await getAs(ctx, actor, `${callback.pathname}${callback.search}`);
  expect(readPopupResult(result)).toMatchObject({ provider, ok: true });
  await ctx.app.jobs.drain();
}

async function syncNow(ctx: TestContext, actor: Actor, provider: ConnectorProvider): Promise<void> {
  expect((await callApi(ctx, actor, 'POST', `/api/integrations/${provider}/sync`)).statusCode).toBe(202);
  await ctx.app.jobs.drain();
}

/** The assistant's streamed reply and its citations. */
async function askAssistant(ctx: TestContext, actor: Actor, text: string, platform?: ConnectorProvider) {
  const chat = await postChat(ctx, actor.cookie, { id: randomUUID(), text, platform });
  expect(chat.statusCode).toBe(200);
  const chunks = parseUIMessageStream(chat.body);
  const citations = dataParts<{ citations: Citation[] }>(chunks, 'data-citations').flatMap((part) => part.citations);
  return { text: streamedText(chunks), citations };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` days ago at 09:30 UTC, and its UTC date as the documents name it. */
function daysAgo(days: number): { at: Date; day: string } {
  const at = new Date(Date.now() - days * DAY_MS);
  at.setUTCHours(9, 30, 0, 0);
  return { at, day: at.toISOString().slice(0, 10) };
}

describe('Slack: channels become documents, and channel membership decides who else sees them', () => {
  let slack: SlackFake;
  let harness: Harness;
  let ctx: TestContext;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;
  let general: string;
  let offsiteTs: string;
  const posted = daysAgo(2);
  const generalTitle = `#general · ${posted.day}`;
  const leadershipTitle = `#leadership · ${posted.day}`;

  beforeAll(async () => {
    slack = await startSlackFake({
      users: [
        { id: 'U0ALICE', name: 'alice', realName: 'Alice Admin', email: 'alice@lumen-slack.test' },
        { id: 'U0BOB', name: 'bob', realName: 'Bob Builder', email: 'bob@lumen-slack.test' },
      ],
    });
    harness = await startHarness(slackFakeEnv(slack), 'Slack');
    ctx = harness.ctx;
    alice = harness.team.admin;
    bob = harness.team.employee;
    carol = harness.team.viewer;
    general = slack.addChannel({ name: 'general', members: ['U0ALICE', 'U0BOB'] });
    const leadership = slack.addChannel({ name: 'leadership', isPrivate: true, members: ['U0ALICE'] });
    offsiteTs = slack.postMessage(general, {
      user: 'U0ALICE',
      text: 'Decision: the Lisbon offsite moves to the Alfama venue.',
      at: posted.at,
    });
    slack.postReply(general, offsiteTs, {
      user: 'U0BOB',
      text: 'Agreed, I will book the Alfama rooms.',
      at: new Date(posted.at.getTime() + 60_000),
    });
    slack.postMessage(leadership, {
      user: 'U0ALICE',
      text: 'The acquisition of Harbourline closes in May.',
      at: posted.at,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await slack?.close();
  });

  it("indexes the owner's member channels, one document per channel and day, cited as Slack with the permalink", async () => {
    slack.setConsentingUser('U0ALICE');
    await connect(ctx, alice, 'slack');
    expect(await card(ctx, alice, 'slack')).toMatchObject({
      connected: true,
      status: 'connected',
      lastError: null,
      account: { email: 'alice@lumen-slack.test' },
      counts: { indexed: 2, failed: 0 },
    });
    expect(await titlesFound(ctx, alice, 'Alfama venue')).toEqual([generalTitle]);
    expect(await titlesFound(ctx, alice, 'Harbourline acquisition')).toEqual([leadershipTitle]);
    // The thread reply is in its parent's day.
    expect(await titlesFound(ctx, alice, 'book the rooms')).toEqual([generalTitle]);

    const found = await askAssistant(ctx, alice, 'Find the messages about the Lisbon offsite');
    expect(found.text).toContain(`**${generalTitle}** (Slack)`);
    const citation = found.citations.find((candidate) => candidate.title === generalTitle);
    expect(citation?.source).toBe('slack');
    expect(PLATFORM_LABELS[citation?.source ?? 'upload']).toBe('Slack');
    const opened = await callApi(ctx, alice, 'GET', citation?.url.split('#')[0] ?? '');
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${slack.team.url}archives/${general}/p${offsiteTs.replace('.', '')}`);

    // Asked to look in one platform: Slack answers, Notion has nothing.
    const inSlack = await askAssistant(ctx, alice, 'What did we decide in Slack about the Lisbon offsite?');
    expect(inSlack.text).toContain('Alfama');
    const inNotion = await askAssistant(ctx, alice, 'What did we decide in Notion about the Lisbon offsite?');
    expect(inNotion.text).toContain('(I looked only in Notion.)');
    expect(await search(ctx, alice, 'Alfama', 'notion')).toEqual([]);
  });

  it('a teammate sees a channel only once their own Slack connection shows them as a member', async () => {
    // Bob is in #general at Slack but has not connected: nothing of Alice's.
    expect(await search(ctx, bob, 'Alfama venue')).toEqual([]);
    slack.setConsentingUser('U0BOB');
    await connect(ctx, bob, 'slack');
    const bobHits = await search(ctx, bob, 'Alfama venue');
    expect(bobHits.map((hit) => hit.title)).toContain(generalTitle);

    // #leadership is private to Alice: Bob never gets its text, from search or from the assistant.
    expect(await search(ctx, bob, 'Harbourline acquisition')).toEqual([]);
    const asked = await askAssistant(ctx, bob, 'When does the acquisition of Harbourline close?');
    expect(asked.text).not.toContain('May');
    expect(asked.citations).toEqual([]);
    // Carol (the team's viewer) has no Slack connection: nothing at all.
    expect(await search(ctx, carol, 'Alfama venue')).toEqual([]);
    expect((await askAssistant(ctx, carol, 'Where is the Lisbon offsite?')).citations).toEqual([]);
  });

  it("an edit reaches the index at the next sync; leaving a channel removes it from the teammate's view", async () => {
    slack.editMessage(general, offsiteTs, 'Decision: the Lisbon offsite moves to the Belem venue.');
    await syncNow(ctx, alice, 'slack');
    expect(await titlesFound(ctx, alice, 'Belem venue')).toEqual([generalTitle]);
    // The thread reply still names Alfama.
    expect(await titlesFound(ctx, alice, 'Alfama venue')).toEqual([generalTitle]);

    slack.removeMember(general, 'U0BOB');
    await syncNow(ctx, bob, 'slack');
    expect(await search(ctx, bob, 'Belem venue')).toEqual([]);
    expect(await search(ctx, bob, 'Alfama venue')).toEqual([]);
    // Alice is still in the channel.
    expect(await titlesFound(ctx, alice, 'Belem venue')).toEqual([generalTitle]);
  });

  it("disconnecting removes the owner's Slack documents from search", async () => {
    expect((await callApi(ctx, alice, 'POST', '/api/integrations/slack/disconnect')).statusCode).toBe(204);
    expect(await search(ctx, alice, 'Belem venue')).toEqual([]);
    expect(await search(ctx, alice, 'Harbourline')).toEqual([]);
    expect(await card(ctx, alice, 'slack')).toMatchObject({ connected: false });
  });
});

describe('Notion: shared pages and database rows become documents of the person who connected', () => {
  let notion: NotionFake;
  let harness: Harness;
  let ctx: TestContext;
  let alice: Actor;
  let bob: Actor;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    notion = await startNotionFake({ owner: { name: 'Alice Admin', email: 'alice@lumen-notion.test' } });
    harness = await startHarness(notionFakeEnv(notion), 'Notion');
    ctx = harness.ctx;
    alice = harness.team.admin;
    bob = harness.team.employee;
    pages.handbook = notion.addPage({
      title: 'Team handbook',
      blocks: [
        { type: 'heading_1', text: 'Onboarding' },
        { type: 'paragraph', text: 'New starters receive a Zephyr laptop on their first morning.' },
        { type: 'to_do', text: 'Order the welcome hamper', checked: true },
        {
          type: 'table',
          hasColumnHeader: true,
          rows: [
            ['Office', 'Floor'],
            ['Quillon', 'fourth'],
          ],
        },
      ],
    });
    pages.drafts = notion.addPage({
      title: 'Private drafts',
      blocks: [{ type: 'paragraph', text: 'The Gannet rebrand is still a secret.' }],
    });
    pages.old = notion.addPage({
      title: 'Old retro',
      blocks: [{ type: 'paragraph', text: 'The Marmalade sprint ran late.' }],
    });
    const database = notion.addDatabase({ title: 'Vendors' });
    pages.vendor = notion.addDatabaseRow(database, {
      properties: {
        Name: { type: 'title', text: 'Ostrava Printing' },
        Status: { type: 'select', name: 'Preferred' },
      },
      blocks: [{ type: 'paragraph', text: 'They print the brochures in Ostrava.' }],
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await notion?.close();
  });

  it('indexes every shared page and row with its structure, cited as Notion with the page link', async () => {
    await connect(ctx, alice, 'notion');
    expect(await card(ctx, alice, 'notion')).toMatchObject({
      connected: true,
      lastError: null,
      account: { email: 'alice@lumen-notion.test' },
      counts: { indexed: 4, failed: 0 },
    });
    expect(await titlesFound(ctx, alice, 'Zephyr laptop')).toEqual(['Team handbook']);
    expect(await titlesFound(ctx, alice, 'Quillon fourth')).toEqual(['Team handbook']);
    expect(await titlesFound(ctx, alice, 'Preferred brochures')).toEqual(['Ostrava Printing']);

    const found = await askAssistant(ctx, alice, 'Find the pages about the Zephyr laptop');
    expect(found.text).toContain('**Team handbook** (Notion)');
    const citation = found.citations.find((candidate) => candidate.title === 'Team handbook');
    expect(citation?.source).toBe('notion');
    const opened = await callApi(ctx, alice, 'GET', citation?.url.split('#')[0] ?? '');
    expect(opened.headers.location).toBe(notion.getPage(pages.handbook ?? '').url);
    // The /notion page's assistant looks in Notion only.
    const onPage = await askAssistant(ctx, alice, 'What laptop do new starters receive?', 'notion');
    expect(onPage.text).toContain('Zephyr');
  });

  it("the next sync follows edits, the trash and unsharing; teammates never see someone's Notion", async () => {
    notion.editPage(pages.handbook ?? '', {
      blocks: [{ type: 'paragraph', text: 'New starters receive a Kestrel laptop on their first morning.' }],
    });
    notion.archivePage(pages.old ?? '');
    notion.setShared(pages.drafts ?? '', false);
    await syncNow(ctx, alice, 'notion');
    expect(await titlesFound(ctx, alice, 'Kestrel laptop')).toEqual(['Team handbook']);
    expect(await search(ctx, alice, 'Zephyr')).toEqual([]);
    expect(await search(ctx, alice, 'Marmalade sprint')).toEqual([]);
    expect(await search(ctx, alice, 'Gannet rebrand')).toEqual([]);
    expect((await card(ctx, alice, 'notion'))?.lastError).toBeNull();

    expect(await search(ctx, bob, 'Kestrel laptop')).toEqual([]);
    expect((await askAssistant(ctx, bob, 'What laptop do new starters receive?')).citations).toEqual([]);
  });

  it('disconnecting removes every Notion document', async () => {
    expect((await callApi(ctx, alice, 'POST', '/api/integrations/notion/disconnect')).statusCode).toBe(204);
    expect(await search(ctx, alice, 'Kestrel laptop')).toEqual([]);
    expect(await search(ctx, alice, 'Ostrava')).toEqual([]);
  });
});

describe('Confluence: pages of readable spaces become documents, and page restrictions are honoured', () => {
  let confluence: ConfluenceFake;
  let harness: Harness;
  let ctx: TestContext;
  let alice: Actor;
  let bob: Actor;
  const ALICE = 'alice-account-1';
  const BOB = 'bob-account-2';
  const content: Record<string, string> = {};

  beforeAll(async () => {
    confluence = await startConfluenceFake({
      users: [
        { accountId: ALICE, email: 'alice@lumen-confluence.test', name: 'Alice Admin' },
        { accountId: BOB, email: 'bob@lumen-confluence.test', name: 'Bob Builder' },
      ],
    });
    harness = await startHarness(confluenceFakeEnv(confluence), 'Confluence');
    ctx = harness.ctx;
    alice = harness.team.admin;
    bob = harness.team.employee;
    const cloudId = confluence.sites[0]?.cloudId ?? '';
    confluence.addSpace(cloudId, { key: 'ENG', name: 'Engineering', readers: 'everyone' });
    content.runbook = confluence.addContent({
      spaceKey: 'ENG',
      title: 'Deploy runbook',
      body: '<h1>Deploys</h1><p>Production deploys freeze on Fridays after the Kittiwake release.</p><table><tbody><tr><th>Service</th><th>Owner</th></tr><tr><td>Billing</td><td>Team Puffin</td></tr></tbody></table>',
    }).id;
    content.salaries = confluence.addContent({
      spaceKey: 'ENG',
      title: 'Salary bands',
      body: '<p>The Tern band starts at ninety thousand.</p>',
      restriction: { users: [ALICE], groups: [] },
    }).id;
    content.post = confluence.addContent({
      spaceKey: 'ENG',
      type: 'blogpost',
      title: 'Quarterly update',
      body: '<p>The Shearwater migration finished in October.</p>',
    }).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await confluence?.close();
  });

  it('indexes pages and blog posts with headings and tables kept, cited as Confluence with the page link', async () => {
    confluence.signInAs(ALICE);
    await connect(ctx, alice, 'confluence');
    expect(await card(ctx, alice, 'confluence')).toMatchObject({
      connected: true,
      lastError: null,
      account: { email: 'alice@lumen-confluence.test' },
      counts: { indexed: 3, failed: 0 },
    });
    expect(await titlesFound(ctx, alice, 'Kittiwake release')).toEqual(['Deploy runbook']);
    expect(await titlesFound(ctx, alice, 'Billing Puffin')).toEqual(['Deploy runbook']);
    expect(await titlesFound(ctx, alice, 'Tern band')).toEqual(['Salary bands']);
    expect(await titlesFound(ctx, alice, 'Shearwater migration')).toEqual(['Quarterly update']);

    const found = await askAssistant(ctx, alice, 'Find the Confluence pages about the Kittiwake release');
    expect(found.text).toContain('**Deploy runbook** (Confluence)');
    const citation = found.citations.find((candidate) => candidate.title === 'Deploy runbook');
    expect(citation?.source).toBe('confluence');
    const opened = await callApi(ctx, alice, 'GET', citation?.url.split('#')[0] ?? '');
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers.location)).toMatch(new RegExp(`^${confluence.sites[0]?.url}/wiki/`));
  });

  it('a teammate who can read the space sees its pages, never a page restricted from them', async () => {
    confluence.signInAs(BOB);
    await connect(ctx, bob, 'confluence');
    expect(await titlesFound(ctx, bob, 'Kittiwake release')).toEqual(['Deploy runbook']);
    expect(await search(ctx, bob, 'Tern band ninety thousand')).toEqual([]);
    const asked = await askAssistant(ctx, bob, 'Where does the Tern salary band start?');
    expect(asked.text).not.toContain('ninety');
    expect(asked.citations.map((citation) => citation.title)).not.toContain('Salary bands');
  });

  it('the next sync fetches only the edited page and follows deletions and new restrictions', async () => {
    confluence.editContent(content.runbook ?? '', {
      body: '<p>Production deploys freeze on Thursdays after the Fulmar release.</p>',
    });
    confluence.deleteContent(content.post ?? '');
    confluence.restrictContent(content.runbook ?? '', { users: [ALICE], groups: [] });
    confluence.resetRequests();
    await syncNow(ctx, alice, 'confluence');
    const fetched = confluence.requests.filter((request) => /\/api\/v2\/(pages|blogposts)\//.test(request.path));
    expect(fetched).toHaveLength(1);
    expect(await titlesFound(ctx, alice, 'Fulmar release')).toEqual(['Deploy runbook']);
    // Restricted to Alice at the source: Bob loses Alice's copy at once.
    expect(await search(ctx, bob, 'Fulmar')).toEqual([]);
    // Bob's own connection synced the runbook while he could read it; his next sync drops his copy, which Alice saw
    // too (the space was readable to both).
    await syncNow(ctx, bob, 'confluence');
    for (const actor of [alice, bob]) {
      expect(await search(ctx, actor, 'Kittiwake')).toEqual([]);
      expect(await search(ctx, actor, 'Shearwater migration')).toEqual([]);
    }
    expect(await search(ctx, bob, 'Fulmar')).toEqual([]);
  });

  it('disconnecting removes every Confluence document', async () => {
    expect((await callApi(ctx, alice, 'POST', '/api/integrations/confluence/disconnect')).statusCode).toBe(204);
    expect(await search(ctx, alice, 'Fulmar release')).toEqual([]);
    expect(await search(ctx, alice, 'Tern band')).toEqual([]);
  });
});
