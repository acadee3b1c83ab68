import type { WebSocket } from '@fastify/websocket';
import type { ConnectorProvider, RealtimeEvent } from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { connections } from '../db/schema/index.ts';
import { TEST_APP_URL, type TestContext } from './build-test-app.ts';
import type { MemoryConnector } from './fakes/memory-connector.ts';
import type { Actor } from './team-fixtures.ts';

/** What the popup result page tells its opener, read from the page's data-* attributes. */
export interface PopupResult {
  type: string | undefined;
  provider: string | undefined;
  ok: boolean;
  error: string | undefined;
  targetOrigin: string | undefined;
}

function attribute(html: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
}

export function readPopupResult(response: LightMyRequestResponse): PopupResult {
  return {
    type: attribute(response.body, 'data-type'),
    provider: attribute(response.body, 'data-provider'),
    ok: attribute(response.body, 'data-ok') === 'true',
    error: attribute(response.body, 'data-error'),
    targetOrigin: attribute(response.body, 'data-target-origin'),
  };
}

export function getAs(ctx: TestContext, actor: Actor | null, url: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers: actor ? { cookie: actor.cookie } : {} });
}

/** Opens the connect page as the actor and answers the provider's consent: the callback URL to follow. */
export async function authorizeAt(ctx: TestContext, actor: Actor, connector: MemoryConnector): Promise<string> {
  const started = await getAs(ctx, actor, `/api/integrations/${connector.provider}/connect`);
  if (started.statusCode !== 302) throw new Error(`connect did not redirect: ${started.statusCode} ${started.body}`);
  const location = String(started.headers.location);
  const redirectUri = new URL(location).searchParams.get('redirect_uri') ?? '';
  const state = new URL(location).searchParams.get('state') ?? '';
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', connector.grantCode(location));
  callback.searchParams.set('state', state);
  return `${callback.pathname}${callback.search}`;
}

/** The whole popup flow through the real routes; returns the stored connection. */
export async function connectThroughPopup(ctx: TestContext, actor: Actor, connector: MemoryConnector) {
  const response = await getAs(ctx, actor, await authorizeAt(ctx, actor, connector));
  const result = readPopupResult(response);
  if (!result.ok) throw new Error(`connect failed: ${result.error}`);
  const [row] = await ctx.app.database.db
    .select()
    .from(connections)
    .where(and(eq(connections.userId, actor.userId), eq(connections.provider, connector.provider)));
  if (!row) throw new Error('connection not stored');
  return row;
}

/** A signed-in browser's socket, collecting what the server pushes. */
export async function openSocket(ctx: TestContext, actor: Actor) {
  const received: RealtimeEvent[] = [];
  /** Presence events apart: they come and go with every socket of the team. */
  const presence: Array<Extract<RealtimeEvent, { type: 'presence' }>> = [];
  const before = ctx.app.realtime.connectionCount();
  const socket: WebSocket = await ctx.app.injectWS('/ws', { headers: { origin: TEST_APP_URL, cookie: actor.cookie } });
  socket.on('message', (data: Buffer) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    if (event.type === 'presence') presence.push(event);
    else received.push(event);
  });
  // The server registers the socket after reading the session: wait until it would receive.
  await waitFor(() => ctx.app.realtime.connectionCount() > before);
  return { socket, received, presence };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Connects the actor's account at a provider's fake (test/fakes/*-fake.ts, whose consent page answers at once) through
 * the real popup routes: connect, consent at the fake, callback.
 */
export async function connectAtFake(ctx: TestContext, actor: Actor, provider: ConnectorProvider): Promise<void> {
  const started = await getAs(ctx, actor, `/api/integrations/${provider}/connect`);
  if (started.statusCode !== 302) throw new Error(`connect did not redirect: ${started.statusCode} ${started.body}`);
  const consent = await fetch(String(started.headers.location), { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  const result = readPopupResult(await getAs(ctx, actor, `${callback.pathname}${callback.search}`));
  if (!result.ok) throw new Error(`connect failed: ${result.error}`);
}
