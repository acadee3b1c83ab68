import type { ConnectorProvider } from '@lumen/contract';

/**
 * What every provider's driver implements (ADR 0080). A driver knows one provider's OAuth endpoints and file API;
 * the shared code around it (state and PKCE, token storage and refresh, sync runs, ingestion) is the same for all.
 * Drivers read their endpoints from the config, so a test can point every host at a local fake.
 */

/** Tokens as the provider returned them; stored only encrypted (`platform/secrets.ts`). */
export interface OAuthTokens {
  accessToken: string;
  /** Null when the provider issued none (or kept the previous one on refresh). */
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

/** The account a connection belongs to, as shown to the user. */
export interface AccountIdentity {
  /** The provider's stable id of the account. */
  id: string;
  email: string | null;
  name: string | null;
}

/** A file (or a deletion) reported by the provider's change feed. */
export interface RemoteItem {
  /** The provider's stable id of the file. */
  id: string;
  name: string;
  /** True when the file was deleted or lost from the user's view since the last cursor. */
  deleted: boolean;
  mimeType: string | null;
  size: number | null;
  modifiedAt: Date | null;
  /** Changes when the content changes (revision, eTag, content hash), so an unchanged file is not fetched again. */
  version: string | null;
  /** Where the user opens the file at the provider. */
  webUrl: string | null;
}

/** One page of changes. `nextCursor` is stored only after the page has been handled. */
export interface ChangePage {
  items: RemoteItem[];
  nextCursor: string;
  /** More pages are waiting now; false means the feed is caught up until the next sync. */
  hasMore: boolean;
}

export interface RemoteContent {
  body: ReadableStream<Uint8Array>;
  mimeType: string | null;
  size: number | null;
}

export interface AuthorizationRequest {
  state: string;
  /** S256 PKCE challenge (RFC 7636), from `oauth.ts`. */
  codeChallenge: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface ConnectorDriver {
  readonly provider: ConnectorProvider;
  /** The server has this provider's client credentials. */
  isConfigured(): boolean;
  /** The provider's consent page, with the state, the PKCE challenge and the redirect URI. */
  authorizationUrl(request: AuthorizationRequest): string;
  exchangeCode(exchange: CodeExchange): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  accountIdentity(accessToken: string): Promise<AccountIdentity>;
  /** Changes since `cursor`; a null cursor starts a full listing. */
  listChanges(accessToken: string, cursor: string | null): Promise<ChangePage>;
  fetchContent(accessToken: string, item: RemoteItem): Promise<RemoteContent>;
  /** Revokes the grant at the provider, where it offers that. */
  revoke?(token: string): Promise<void>;
}

/** The drivers by provider; null for a provider whose driver is not built yet. */
export interface ConnectorRegistry {
  get(provider: ConnectorProvider): ConnectorDriver | null;
}

export function createConnectorRegistry(drivers: readonly ConnectorDriver[] = []): ConnectorRegistry {
  const byProvider = new Map<ConnectorProvider, ConnectorDriver>();
  for (const driver of drivers) {
    if (byProvider.has(driver.provider)) throw new Error(`Two connector drivers for ${driver.provider}`);
    byProvider.set(driver.provider, driver);
  }
  return { get: (provider) => byProvider.get(provider) ?? null };
}
