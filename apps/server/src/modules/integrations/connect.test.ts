import { INTEGRATION_POPUP_MESSAGE_TYPE } from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, documents, oauthStates } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { buildTestApp, TEST_APP_URL, type TestContext } from '../../test/build-test-app.ts';
import { MEMORY_AUTHORIZE_URL, MemoryConnector } from '../../test/fakes/memory-connector.ts';
import {
  authorizeAt,
  connectThroughPopup,
  getAs,
  openSocket,
  readPopupResult,
  waitFor,
} from '../../test/integration-fixtures.ts';
import { createTeamWithAdmin, signInNewUser } from '../../test/team-fixtures.ts';

let ctx: TestContext;
const dropbox = new MemoryConnector('dropbox');
// Google Drive has a driver but no client configured; OneDrive is configured but has no driver.
const drive = new MemoryConnector('google-drive');

beforeAll(async () => {
  ctx = await buildTestApp(
    {
      DROPBOX_APP_KEY: 'dropbox-key',
      DROPBOX_APP_SECRET: 'dropbox-secret',
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
    },
    undefined,
    { drivers: [dropbox, drive], connectorSync: { sleep: async () => {} } },
  );
});
afterAll(async () => {
  await ctx?.close();
});

async function connectionOf(userId: string) {
  const [row] = await ctx.app.database.db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.provider, 'dropbox')));
  return row ?? null;
}

describe('GET /api/integrations/:provider/connect', () => {
  it("redirects to the provider's consent page with a state, an S256 challenge and our callback", async () => {
    const alice = await signInNewUser(ctx);
    const response = await getAs(ctx, alice, '/api/integrations/dropbox/connect');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(MEMORY_AUTHORIZE_URL);
    expect(location.searchParams.get('redirect_uri')).toBe(`${TEST_APP_URL}/api/integrations/dropbox/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = location.searchParams.get('state') ?? '';
    const [stored] = await ctx.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(stored).toMatchObject({ userId: alice.userId, provider: 'dropbox', redirectOrigin: TEST_APP_URL });
  });

  it('answers a failure page for a provider without a client or without a driver, and without a session', async () => {
    const alice = await signInNewUser(ctx);
    for (const provider of ['google-drive', 'onedrive', 'slack']) {
      const response = await getAs(ctx, alice, `/api/integrations/${provider}/connect`);
      expect(response.statusCode, provider).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const result = readPopupResult(response);
      expect(result, provider).toMatchObject({ type: INTEGRATION_POPUP_MESSAGE_TYPE, provider, ok: false });
      expect(result.error).toMatch(/^Could not connect to (Google Drive|OneDrive|Slack)\. It is not set up/);
    }
    const anonymous = readPopupResult(await getAs(ctx, null, '/api/integrations/dropbox/connect'));
    expect(anonymous).toMatchObject({ ok: false, error: expect.stringMatching(/sign in to connect/) });
    expect((await getAs(ctx, alice, '/api/integrations/fax/connect')).statusCode).toBe(400);
  });
});

describe('GET /api/integrations/:provider/callback', () => {
  it('stores the connection (tokens encrypted), queues the first sync, tells the user only, and posts ok', async () => {
    const { admin: alice, teamId } = await createTeamWithAdmin(ctx, 'Popup Co');
    const bob = await signInNewUser(ctx);
    dropbox.addFile({ id: 'welcome', name: 'welcome.txt', content: 'Welcome aboard the harbour ferry.' });
    const aliceSocket = await openSocket(ctx, alice);
    const bobSocket = await openSocket(ctx, bob);

    const callback = await authorizeAt(ctx, alice, dropbox);
    const response = await getAs(ctx, alice, callback);
    expect(response.statusCode).toBe(200);
    expect(readPopupResult(response)).toEqual({
      type: INTEGRATION_POPUP_MESSAGE_TYPE,
      provider: 'dropbox',
      ok: true,
      error: undefined,
      targetOrigin: TEST_APP_URL,
    });
    // The script is our own static file: the CSP allows no inline script, and the page has none.
    expect(response.body).toContain('<script src="/api/integrations/popup-result.js"></script>');
    expect(response.body).not.toMatch(/<script>/);
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);

    const row = await connectionOf(alice.userId);
    expect(row).toMatchObject({
      status: 'connected',
      teamId,
      accountId: 'acct-1',
      accountEmail: 'ada@store.test',
      accountName: 'Ada Store',
      scopes: 'files.read',
      cursor: null,
    });
    const secrets = createSecretBox(ctx.config.SECRET_KEY);
    const accessToken = secrets.decrypt(row?.encryptedAccessToken ?? '');
    expect(dropbox.isAccessTokenLive(accessToken)).toBe(true);
    expect(row?.encryptedAccessToken).not.toContain(accessToken);
    expect(response.body).not.toContain(accessToken);
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());

    await ctx.app.jobs.drain();
    const [document] = await ctx.app.database.db
      .select({ title: documents.title })
      .from(documents)
      .where(and(eq(documents.ownerId, alice.userId), eq(documents.externalId, 'welcome')));
    expect(document?.title).toBe('welcome.txt');

    await waitFor(() => aliceSocket.received.some((event) => event.type === 'sync_completed'));
    expect(aliceSocket.received[0]).toEqual({
      type: 'platform_connected',
      platform: 'dropbox',
      platform_name: 'Dropbox',
      connected: true,
    });
    expect(bobSocket.received).toEqual([]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('documents every integrations route in the OpenAPI document', async () => {
    const spec = await getAs(ctx, null, '/api/docs/json');
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/integrations',
        '/api/integrations/{provider}/connect',
        '/api/integrations/{provider}/callback',
        '/api/integrations/{provider}/sync',
        '/api/integrations/{provider}/failures',
        '/api/integrations/{provider}/disconnect',
        '/api/integrations/popup-result.js',
      ]),
    );
  });

  it('serves the result script, which posts to the opener at the app origin and closes', async () => {
    const response = await getAs(ctx, null, '/api/integrations/popup-result.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body).toContain('window.opener.postMessage(message, el.dataset.targetOrigin)');
    expect(response.body).toContain('window.close()');
  });

  it('refuses a denied consent, and the state it carried is used up', async () => {
    const alice = await signInNewUser(ctx);
    const callback = new URL(await authorizeAt(ctx, alice, dropbox), TEST_APP_URL);
    const denied = new URL(callback.pathname, TEST_APP_URL);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', callback.searchParams.get('state') ?? '');
    const socket = await openSocket(ctx, alice);
    const result = readPopupResult(await getAs(ctx, alice, `${denied.pathname}${denied.search}`));
    expect(result).toMatchObject({ ok: false, error: 'Could not connect to Dropbox. Access was not granted.' });
    await waitFor(() => socket.received.length > 0);
    expect(socket.received[0]).toMatchObject({ type: 'platform_connection_error', platform: 'dropbox' });
    socket.socket.close();
    // The real code with the used state fails too.
    expect(readPopupResult(await getAs(ctx, alice, `${callback.pathname}${callback.search}`)).ok).toBe(false);
    expect(await connectionOf(alice.userId)).toBeNull();
  });

  it("refuses another user's state without using it up, a reused state and an expired one", async () => {
    const alice = await signInNewUser(ctx);
    const mallory = await signInNewUser(ctx);
    const callback = await authorizeAt(ctx, alice, dropbox);

    const stolen = readPopupResult(await getAs(ctx, mallory, callback));
    expect(stolen).toMatchObject({ ok: false, error: expect.stringMatching(/^Could not connect to Dropbox\. /) });
    expect(await connectionOf(mallory.userId)).toBeNull();

    expect(readPopupResult(await getAs(ctx, alice, callback)).ok).toBe(true);
    const reused = readPopupResult(await getAs(ctx, alice, callback));
    expect(reused.ok).toBe(false);

    const late = await authorizeAt(ctx, alice, dropbox);
    const state = new URL(late, TEST_APP_URL).searchParams.get('state') ?? '';
    await ctx.app.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.state, state));
    expect(readPopupResult(await getAs(ctx, alice, late))).toMatchObject({
      ok: false,
      error: 'Could not connect to Dropbox. The sign-in took too long or was already used. Please try again.',
    });
  });

  it('answers a failed token exchange with a plain message and stores nothing', async () => {
    const alice = await signInNewUser(ctx);
    const callback = new URL(await authorizeAt(ctx, alice, dropbox), TEST_APP_URL);
    callback.searchParams.set('code', 'code-the-provider-never-issued');
    const response = await getAs(ctx, alice, `${callback.pathname}${callback.search}`);
    expect(readPopupResult(response)).toMatchObject({ ok: false, error: 'Could not connect to Dropbox.' });
    expect(response.body).not.toContain('code-the-provider-never-issued');
    expect(await connectionOf(alice.userId)).toBeNull();
  });

  it('answers a failure page to a callback without a session', async () => {
    const alice = await signInNewUser(ctx);
    const callback = await authorizeAt(ctx, alice, dropbox);
    expect(readPopupResult(await getAs(ctx, null, callback))).toMatchObject({
      ok: false,
      error: 'Authentication Required - Please sign in to connect platforms.',
    });
  });

  it("connecting another account drops the previous account's cursor and documents", async () => {
    const alice = await signInNewUser(ctx);
    dropbox.account = { id: 'acct-1', email: 'ada@store.test', name: 'Ada Store' };
    await connectThroughPopup(ctx, alice, dropbox);
    await ctx.app.jobs.drain();
    const before = await connectionOf(alice.userId);
    expect(before?.cursor).not.toBeNull();
    const owned = () =>
      ctx.app.database.db.select({ id: documents.id }).from(documents).where(eq(documents.ownerId, alice.userId));
    expect((await owned()).length).toBeGreaterThan(0);

    // The same account again keeps the cursor.
    await connectThroughPopup(ctx, alice, dropbox);
    expect((await connectionOf(alice.userId))?.cursor).toBe(before?.cursor);
    await ctx.app.jobs.drain();

    const oldIds = new Set((await owned()).map((row) => row.id));
    const listsBefore = dropbox.listCalls.length;
    dropbox.account = { id: 'acct-2', email: 'grace@store.test', name: 'Grace Store' };
    await connectThroughPopup(ctx, alice, dropbox);
    expect(await connectionOf(alice.userId)).toMatchObject({ accountId: 'acct-2', accountEmail: 'grace@store.test' });
    await ctx.app.jobs.drain();
    // The new account's first sync lists from the start, and the old account's documents were removed.
    expect(dropbox.listCalls[listsBefore]).toBeNull();
    const newIds = (await owned()).map((row) => row.id);
    expect(newIds.length).toBeGreaterThan(0);
    expect(newIds.filter((id) => oldIds.has(id))).toEqual([]);
    dropbox.account = { id: 'acct-1', email: 'ada@store.test', name: 'Ada Store' };
  });
});
