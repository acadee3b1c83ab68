import { tmpdir } from 'node:os';
import { CONNECTOR_PROVIDERS, type Integration, type IntegrationList } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { connections, syncRuns } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { MemoryConnector } from '../../test/fakes/memory-connector.ts';
import { type Actor, callApi, errorOf, signInNewUser } from '../../test/team-fixtures.ts';
import { configuredProviders } from './integrations.service.ts';

const ACCESS_TOKEN = 'sl.plain-access-token-4f1e';
const REFRESH_TOKEN = 'plain-refresh-token-9c2a';

let ctx: TestContext;
beforeAll(async () => {
  // OneDrive and Dropbox configured, Google not (its pair would also turn on Google sign-in and its discovery).
  // Each has a driver (in memory); Google Drive's would be there too, but Google is not configured.
  ctx = await buildTestApp(
    {
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      DROPBOX_APP_KEY: 'dropbox-key',
      DROPBOX_APP_SECRET: 'dropbox-secret',
    },
    undefined,
    {
      drivers: [new MemoryConnector('onedrive'), new MemoryConnector('dropbox'), new MemoryConnector('google-drive')],
    },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const list = (actor: Actor) => callApi(ctx, actor, 'GET', '/api/integrations');
const disconnect = (actor: Actor, provider: string) =>
  callApi(ctx, actor, 'POST', `/api/integrations/${provider}/disconnect`);

function byProvider(body: IntegrationList): Record<string, Integration> {
  return Object.fromEntries(body.integrations.map((integration) => [integration.provider, integration]));
}

/** A connection as the connect slice will store it: tokens sealed with the app's SECRET_KEY. */
async function insertConnection(actor: Actor, provider: 'dropbox' | 'onedrive' = 'dropbox') {
  const secrets = createSecretBox(ctx.config.SECRET_KEY);
  const [row] = await ctx.app.database.db
    .insert(connections)
    .values({
      userId: actor.userId,
      provider,
      status: 'connected',
      accountEmail: 'ada@dropbox.example',
      accountName: 'Ada Lovelace',
      encryptedAccessToken: secrets.encrypt(ACCESS_TOKEN),
      encryptedRefreshToken: secrets.encrypt(REFRESH_TOKEN),
      tokenExpiresAt: new Date('2026-06-01T12:00:00Z'),
      scopes: 'files.content.read account_info.read',
      cursor: 'cursor-secret-position',
      lastSyncedAt: new Date('2026-05-01T08:30:00Z'),
      itemsSeen: 12,
      itemsIndexed: 10,
      itemsFailed: 2,
    })
    .returning();
  if (!row) throw new Error('connection not inserted');
  return row;
}

describe('GET /api/integrations', () => {
  it('lists every provider, configured by the server config, none connected', async () => {
    const response = await list(await signInNewUser(ctx));
    expect(response.statusCode).toBe(200);
    const body = response.json<IntegrationList>();
    expect(body.integrations.map((integration) => integration.provider)).toEqual([...CONNECTOR_PROVIDERS]);
    const integrations = byProvider(body);
    expect(integrations.onedrive?.configured).toBe(true);
    expect(integrations.dropbox?.configured).toBe(true);
    for (const provider of ['google-drive', 'slack', 'notion', 'confluence']) {
      expect(integrations[provider]?.configured, provider).toBe(false);
    }
    expect(integrations.dropbox).toEqual({
      provider: 'dropbox',
      configured: true,
      connected: false,
      status: null,
      account: null,
      lastSyncedAt: null,
      syncing: false,
      lastError: null,
      missingVariables: [],
      counts: { seen: 0, indexed: 0, failed: 0 },
    });
    expect(integrations['google-drive']?.missingVariables).toEqual(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
  });

  it('marks Google Drive configured by the Google pair, and Slack, Notion and Confluence by theirs', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tmpdir(), SECRET_KEY: 'x'.repeat(32), ...env }).connectors;
    expect(configuredProviders(config({}))['google-drive']).toBe(false);
    expect(configuredProviders(config({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }))).toEqual({
      'google-drive': true,
      onedrive: false,
      dropbox: false,
      slack: false,
      notion: false,
      confluence: false,
    });
    expect(
      configuredProviders(
        config({
          SLACK_CLIENT_ID: 'a',
          SLACK_CLIENT_SECRET: 'b',
          NOTION_CLIENT_ID: 'c',
          NOTION_CLIENT_SECRET: 'd',
          ATLASSIAN_CLIENT_ID: 'e',
          ATLASSIAN_CLIENT_SECRET: 'f',
        }),
      ),
    ).toMatchObject({ slack: true, notion: true, confluence: true, dropbox: false });
  });

  it("shows a user's connection to that user only, and never a token, the cursor or the scopes", async () => {
    const alice = await signInNewUser(ctx);
    const bob = await signInNewUser(ctx);
    const row = await insertConnection(alice);

    const mine = await list(alice);
    expect(byProvider(mine.json<IntegrationList>()).dropbox).toEqual({
      provider: 'dropbox',
      configured: true,
      connected: true,
      status: 'connected',
      account: { email: 'ada@dropbox.example', name: 'Ada Lovelace' },
      lastSyncedAt: '2026-05-01T08:30:00.000Z',
      syncing: false,
      lastError: null,
      missingVariables: [],
      counts: { seen: 12, indexed: 10, failed: 2 },
    });
    for (const secret of [
      ACCESS_TOKEN,
      REFRESH_TOKEN,
      row.encryptedAccessToken,
      row.encryptedRefreshToken,
      'cursor-secret-position',
      'files.content.read',
    ]) {
      expect(mine.body).not.toContain(secret);
    }
    expect(mine.body).not.toMatch(/token|cursor|scope/i);

    const theirs = byProvider((await list(bob)).json<IntegrationList>());
    expect(theirs.dropbox).toMatchObject({ connected: false, status: null, account: null });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/integrations' })).statusCode).toBe(401);
  });
});

describe('POST /api/integrations/:provider/disconnect', () => {
  it("removes the user's own connection with its tokens and sync runs, and answers 404 after that", async () => {
    const alice = await signInNewUser(ctx);
    const row = await insertConnection(alice);
    await ctx.app.database.db.insert(syncRuns).values({ connectionId: row.id, status: 'completed', filesSynced: 3 });

    const response = await disconnect(alice, 'dropbox');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const db = ctx.app.database.db;
    expect(await db.select().from(connections).where(eq(connections.id, row.id))).toEqual([]);
    expect(await db.select().from(syncRuns).where(eq(syncRuns.connectionId, row.id))).toEqual([]);
    expect(byProvider((await list(alice)).json<IntegrationList>()).dropbox?.connected).toBe(false);

    const again = await disconnect(alice, 'dropbox');
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toMatchObject({ code: 'NOT_FOUND', reason: 'INTEGRATION_NOT_CONNECTED' });
  });

  it("cannot remove another user's connection (404) and leaves it in place", async () => {
    const alice = await signInNewUser(ctx);
    const bob = await signInNewUser(ctx);
    const row = await insertConnection(alice, 'onedrive');

    const response = await disconnect(bob, 'onedrive');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).reason).toBe('INTEGRATION_NOT_CONNECTED');
    expect(response.body).not.toContain(ACCESS_TOKEN);
    const [still] = await ctx.app.database.db.select().from(connections).where(eq(connections.id, row.id));
    expect(still?.encryptedAccessToken).toBe(row.encryptedAccessToken);
    expect(byProvider((await list(alice)).json<IntegrationList>()).onedrive?.connected).toBe(true);
  });

  it('answers 400 for an unknown provider', async () => {
    const response = await disconnect(await signInNewUser(ctx), 'fax-machine');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'INTEGRATION_PROVIDER_UNKNOWN',
      message: 'provider: This integration does not exist',
    });
  });

  it('needs a signed-in user and a trusted origin', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/integrations/dropbox/disconnect' });
    expect(anonymous.statusCode).toBe(401);
    const alice = await signInNewUser(ctx);
    await insertConnection(alice);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/integrations/dropbox/disconnect',
      headers: { cookie: alice.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(byProvider((await list(alice)).json<IntegrationList>()).dropbox?.connected).toBe(true);
  });
});
