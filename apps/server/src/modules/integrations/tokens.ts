import { ConnectorAuthError, type ConnectorDriver } from './connector-driver.ts';
import { platformEvent } from './events.ts';
import { type ConnectionRow, setConnectionStatus, updateConnectionTokens } from './integrations.repository.ts';
import type { IntegrationsRuntime } from './integrations.service.ts';

/** A token that expires within this long is refreshed before it is used. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** What the user reads when the provider refused the stored grant. */
export const RECONNECT_MESSAGE = 'The connection expired or was revoked. Please connect again.';

/** The provider refused the refresh token: the connection is now `needs_reconnect` and the user was told. */
export class ReconnectRequiredError extends Error {
  constructor() {
    super(RECONNECT_MESSAGE);
    this.name = 'ReconnectRequiredError';
  }
}

export interface ConnectionTokens {
  /** Runs a provider call with a valid access token: refreshed first when it is about to expire, and once more when
   * the provider answers ConnectorAuthError (then the call is made again). */
  call<T>(request: (accessToken: string) => Promise<T>): Promise<T>;
}

/**
 * The tokens of one connection for the length of one job. Refreshed tokens are stored at once (encrypted), keeping the
 * old refresh token when the provider sends none. A refused refresh marks the connection `needs_reconnect`, pushes
 * `platform_status_changed` to its user and throws ReconnectRequiredError. Tokens are never logged or returned.
 */
export function connectionTokens(
  rt: Pick<IntegrationsRuntime, 'db' | 'secrets' | 'realtime'>,
  connection: ConnectionRow,
  driver: ConnectorDriver,
  now: () => number = Date.now,
): ConnectionTokens {
  let accessToken = connection.encryptedAccessToken ? rt.secrets.decrypt(connection.encryptedAccessToken) : null;
  let refreshToken = connection.encryptedRefreshToken ? rt.secrets.decrypt(connection.encryptedRefreshToken) : null;
  let expiresAt = connection.tokenExpiresAt;

  async function requireReconnect(): Promise<never> {
    await setConnectionStatus(rt.db, connection.id, 'needs_reconnect', RECONNECT_MESSAGE);
    await rt.realtime.publishToUser(
      connection.userId,
      platformEvent('platform_status_changed', connection.provider, { connected: false, error: RECONNECT_MESSAGE }),
    );
    throw new ReconnectRequiredError();
  }

  // Single flight: calls running side by side (the sync's parallel downloads) that find the token expiring, or are
  // refused with it, share one refresh. Microsoft rotates refresh tokens, so a second refresh would send one that the
  // first has just used up.
  let refreshing: Promise<string> | null = null;

  function refresh(): Promise<string> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * After a 401 with `refused`: another call may have refreshed meanwhile, and then its token is the one to use.
   * Otherwise (or while a refresh is in flight) the call joins the refresh.
   */
  function renewAfterRefusal(refused: string): Promise<string> {
    if (!refreshing && accessToken && accessToken !== refused) return Promise.resolve(accessToken);
    return refresh();
  }

  async function refreshOnce(): Promise<string> {
    if (!refreshToken) return requireReconnect();
    let tokens: Awaited<ReturnType<ConnectorDriver['refresh']>>;
    try {
      tokens = await driver.refresh(refreshToken);
    } catch (error) {
      if (error instanceof ConnectorAuthError) return requireReconnect();
      throw error;
    }
    accessToken = tokens.accessToken;
    refreshToken = tokens.refreshToken ?? refreshToken;
    expiresAt = tokens.expiresAt;
    await updateConnectionTokens(rt.db, connection.id, {
      encryptedAccessToken: rt.secrets.encrypt(accessToken),
      encryptedRefreshToken: refreshToken ? rt.secrets.encrypt(refreshToken) : null,
      tokenExpiresAt: expiresAt,
      scopes: tokens.scopes.join(' '),
    });
    return accessToken;
  }

  async function validToken(): Promise<string> {
    if (refreshing) return refreshing;
    const isExpiring = expiresAt !== null && expiresAt.getTime() - now() < TOKEN_REFRESH_MARGIN_MS;
    if (!accessToken || isExpiring) return refresh();
    return accessToken;
  }

  return {
    async call(request) {
      const token = await validToken();
      try {
        return await request(token);
      } catch (error) {
        if (!(error instanceof ConnectorAuthError)) throw error;
      }
      const renewed = await renewAfterRefusal(token);
      try {
        return await request(renewed);
      } catch (error) {
        // Refused again right after a good refresh: the grant no longer covers these calls.
        if (error instanceof ConnectorAuthError) return requireReconnect();
        throw error;
      }
    },
  };
}
