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
  /**
   * Who else may see the synced document: email addresses (lower case) of the other people the source shares this file
   * with, directly or through a shared folder (the connected account itself left out), and/or access-group keys (ADR
   * 0103: `slack:T024:C0412` for a Slack channel, `confluence:<cloud id>:space:ENG` for a Confluence space), which a
   * teammate holds when their own connection to the source belongs to that group (`listAccessGroups`). Members of the
   * connection's Lumen team named here may see the document (modules/access). Empty when it is the connected
   * account's alone, and for a deletion.
   */
  sharedWith: string[];
  /**
   * A deletion whose id may name a folder that held other items, reported once for the folder (Dropbox, whose ids are
   * paths): every item whose id is this id or starts with it plus `/` is gone too.
   */
  removesDescendants?: boolean;
}

/** One page of changes. `nextCursor` is stored only after the page has been handled. */
export interface ChangePage {
  items: RemoteItem[];
  nextCursor: string;
  /** More pages are waiting now; false means the feed is caught up until the next sync. */
  hasMore: boolean;
  /**
   * This page is the first of a full listing of the store (a null cursor, or one the driver restarted): it and every
   * page after it up to the one with `hasMore` false report every item there is, deletions aside. When that page is
   * handled the engine removes the connection's documents the listing did not report (ADR 0081).
   */
  startsFullListing?: boolean;
}

/** A file's bytes as the sync extracts them: exported Google Docs arrive as text, other files as stored. */
export interface RemoteContent {
  content: Buffer;
  /** The type of `content` (for an export, the export format, not the Google Docs type). */
  mimeType: string;
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

/** A file the assistant saves to the connected store (the save_to_storage tool). */
export interface UploadRequest {
  name: string;
  content: Buffer;
  mimeType: string;
  /** The provider's folder id or path; the store's root (or app folder) when absent. */
  folder?: string | null;
}

/**
 * The provider refused the access token (HTTP 401) or the refresh token (OAuth `invalid_grant`): after one refresh
 * attempt the connection needs the user to connect again.
 */
export class ConnectorAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorAuthError';
  }
}

/**
 * Any other failed provider call. `retryAfterSeconds` is the provider's Retry-After (429 and 5xx), so the sync waits
 * before it asks again; `isRetryable` is true for 429, 5xx and network failures.
 */
export class ConnectorHttpError extends Error {
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  constructor(message: string, options: { status: number | null; retryAfterSeconds?: number | null }) {
    super(message);
    this.name = 'ConnectorHttpError';
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
  get isRetryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

/**
 * The provider no longer accepts the stored cursor (Drive's 400/404 for a stale page token, Dropbox's 409 `reset`,
 * Graph's 410 Gone): the engine starts over with a null cursor, a full listing, once per run.
 */
export class ConnectorCursorResetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectorCursorResetError';
  }
}

/** Reads a Retry-After header (delta seconds or an HTTP date) as seconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date = new Date()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** What every driver factory takes besides the config: tests and the bench may count or slow calls. */
export interface DriverOptions {
  fetch?: typeof fetch;
}

/**
 * Errors: a driver throws `ConnectorAuthError` when the provider refuses a token, `ConnectorCursorResetError` when it
 * refuses the cursor, and `ConnectorHttpError` for every other failed call (with Retry-After where given); the sync engine decides about refresh, waiting and retrying.
 */
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
  /**
   * Saves a file to the store and answers it as the change feed would report it. Absent for sources that are not file
   * stores (Slack, Notion, Confluence): the assistant's save_to_storage tool never offers them.
   */
  upload?(accessToken: string, file: UploadRequest): Promise<RemoteItem>;
  /**
   * The access groups the connected account belongs to at the source (ADR 0103), as the keys documents name in
   * `sharedWith`: each starts with the provider's name and a colon and holds no `@`, and names the source's workspace
   * or site so two workspaces never share a key. Read at the start of every sync and stored for the connection, so a
   * teammate who leaves a Slack channel loses its documents at their next sync. Absent where sharing is by email.
   */
  listAccessGroups?(accessToken: string): Promise<string[]>;
  /** Revokes the grant at the provider, where it offers that. */
  revoke?(token: string): Promise<void>;
}

/** A driver of a file store (Google Drive, OneDrive, Dropbox): it always saves files. */
export type FileStoreDriver = ConnectorDriver & { upload: NonNullable<ConnectorDriver['upload']> };

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
