import { type ConnectorProvider, PLATFORM_LABELS } from '@lumen/contract';
import type { Actor } from '../../platform/request-user.ts';
import { findMembership } from '../access/index.ts';
import { deleteSourceDocuments } from '../documents/index.ts';
import { platformEvent } from './events.ts';
import { integrationAudit } from './integration-audit.ts';
import { upsertConnection } from './integrations.repository.ts';
import { connectableDriver, enqueueSync, type IntegrationsRuntime } from './integrations.service.ts';
import { completeAuthorization, startAuthorization } from './oauth.ts';

/** What the popup's result page tells the window that opened it. */
export type ConnectOutcome = { ok: true } | { ok: false; error: string };

export const SIGN_IN_TO_CONNECT = 'Authentication Required - Please sign in to connect platforms.';

function couldNotConnect(provider: ConnectorProvider, reason?: string): ConnectOutcome {
  const sentence = `Could not connect to ${PLATFORM_LABELS[provider]}.`;
  return { ok: false, error: reason ? `${sentence} ${reason}` : sentence };
}

/** Where the provider sends the user back: always this server's own callback for the provider. */
export function callbackUri(appUrl: string, provider: ConnectorProvider): string {
  return `${appUrl.replace(/\/+$/, '')}/api/integrations/${provider}/callback`;
}

/**
 * Starts connecting (GET /:provider/connect, in the popup): a state bound to the user, the PKCE challenge, and the
 * provider's consent page to go to. A provider that is not configured or has no driver answers a failure instead.
 */
export async function beginConnect(
  rt: IntegrationsRuntime,
  userId: string,
  provider: ConnectorProvider,
): Promise<{ redirectTo: string } | ConnectOutcome> {
  const driver = connectableDriver(rt, provider);
  if (!driver) return couldNotConnect(provider, 'It is not set up on this server.');
  const started = await startAuthorization(rt, { userId, provider, redirectOrigin: new URL(rt.appUrl).origin });
  return {
    redirectTo: driver.authorizationUrl({
      state: started.state,
      codeChallenge: started.codeChallenge,
      redirectUri: callbackUri(rt.appUrl, provider),
    }),
  };
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Ends connecting at the provider's callback: the state must be this user's, for this provider, unused and fresh.
 * Then the code is exchanged with the PKCE verifier, the account read, the connection stored (tokens encrypted) in the
 * user's current team, the first sync queued, and `platform_connected` pushed. Any failure is a message for the user
 * (and `platform_connection_error`), never a token or the provider's raw answer.
 */
export async function completeConnect(
  rt: IntegrationsRuntime,
  actor: Actor,
  provider: ConnectorProvider,
  query: CallbackQuery,
): Promise<ConnectOutcome> {
  const { userId } = actor;
  const outcome = await exchangeAndStore(rt, actor, provider, query);
  const event = outcome.ok
    ? platformEvent('platform_connected', provider, { connected: true })
    : platformEvent('platform_connection_error', provider, { connected: false, error: outcome.error });
  await rt.realtime.publishToUser(userId, event);
  return outcome;
}

async function exchangeAndStore(
  rt: IntegrationsRuntime,
  actor: Actor,
  provider: ConnectorProvider,
  query: CallbackQuery,
): Promise<ConnectOutcome> {
  const { userId } = actor;
  // The state is taken (used up) whatever the answer, so a denied attempt cannot be replayed either.
  const authorization = query.state ? await completeAuthorization(rt, { state: query.state, userId, provider }) : null;
  if (query.error) {
    return couldNotConnect(
      provider,
      query.error === 'access_denied' ? 'Access was not granted.' : 'The provider refused the request.',
    );
  }
  if (!authorization)
    return couldNotConnect(provider, 'The sign-in took too long or was already used. Please try again.');
  const driver = connectableDriver(rt, provider);
  if (!driver) return couldNotConnect(provider, 'It is not set up on this server.');
  if (!query.code) return couldNotConnect(provider);
  try {
    const tokens = await driver.exchangeCode({
      code: query.code,
      codeVerifier: authorization.codeVerifier,
      redirectUri: callbackUri(rt.appUrl, provider),
    });
    const account = await driver.accountIdentity(tokens.accessToken);
    const membership = await findMembership(rt.db, userId);
    const { connection, isAccountChanged } = await upsertConnection(
      rt.db,
      {
        userId,
        provider,
        teamId: membership?.teamId ?? null,
        accountId: account.id,
        accountEmail: account.email,
        accountName: account.name,
        encryptedAccessToken: rt.secrets.encrypt(tokens.accessToken),
        encryptedRefreshToken: tokens.refreshToken ? rt.secrets.encrypt(tokens.refreshToken) : null,
        tokenExpiresAt: tokens.expiresAt,
        scopes: tokens.scopes.join(' '),
      },
      (connection) => integrationAudit(connection, 'integration_connect', { actor, accountEmail: account.email }),
    );
    // Another account's files are other files: the previous account's documents leave with its cursor.
    if (isAccountChanged) await deleteSourceDocuments(rt.db, { ownerId: userId, source: provider });
    await enqueueSync(rt, connection.id);
    return { ok: true };
  } catch (error) {
    rt.log.warn(
      { provider, reason: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' },
      'connecting failed',
    );
    return couldNotConnect(provider);
  }
}
