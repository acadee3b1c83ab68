import { createHash, randomUUID } from 'node:crypto';
import type { ConnectorProvider } from '@lumen/contract';
import {
  type AccountIdentity,
  type AuthorizationRequest,
  type ChangePage,
  type CodeExchange,
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type OAuthTokens,
  type RemoteContent,
  type RemoteItem,
  type UploadRequest,
} from '../../modules/integrations/connector-driver.ts';

/** A file in the fake store. */
export interface MemoryFile {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
  version: number;
  modifiedAt: Date;
  sharedWith: string[];
}

export const MEMORY_AUTHORIZE_URL = 'https://memory-connector.test/authorize';

/**
 * An in-memory ConnectorDriver for the sync engine's tests: a store of files (add, change, delete, share), a change
 * feed whose cursor is a sequence number, OAuth codes and tokens that expire and rotate, and switches for refusals,
 * 429s and failures. It speaks the driver interface only; the real drivers are tested against HTTP fakes.
 *
 * Like the providers, a null cursor starts a full listing: the files there are (no deletions), page by page, the
 * first page flagged `startsFullListing`, then the feed from where it stood when the listing began. Cursors carry an
 * epoch: `expireCursors` makes every issued one answer ConnectorCursorResetError. Ids may be paths (`/a/b.txt`):
 * `deleteFolder` reports one deletion for the folder, as Dropbox does.
 */
export class MemoryConnector implements ConnectorDriver {
  readonly provider: ConnectorProvider;
  readonly files = new Map<string, MemoryFile>();
  /** The feed: each change gets the next sequence number; a cursor is the last sequence seen. */
  private changes: Array<{ seq: number; fileId: string; deleted: boolean; removesDescendants?: boolean }> = [];
  /** Cursors name their epoch; one of an older epoch is reset. */
  private epoch = 0;
  /** Full listings in progress: the file ids at their start and the feed position to continue from. */
  private readonly listings = new Map<string, { ids: string[]; seq: number }>();
  /** The next N list calls with a cursor answer a reset. */
  private resetsPending = 0;
  private seq = 0;
  pageSize = 2;
  account: AccountIdentity = { id: 'acct-1', email: 'ada@store.test', name: 'Ada Store' };
  configured = true;
  /** What `listAccessGroups` answers for the account (ADR 0103); a test sets it before the sync it means. */
  accessGroups: string[] = [];
  readonly accessGroupCalls: number[] = [];
  /** Token lifetime; a negative value issues tokens that are already expired. */
  tokenLifetimeMs = 60 * 60_000;
  /** When set, the tokens of the code exchange live this long instead (refreshed ones get `tokenLifetimeMs`). */
  exchangeTokenLifetimeMs: number | null = null;
  private readonly codes = new Map<string, { codeChallenge: string; redirectUri: string }>();
  private readonly accessTokens = new Map<string, Date>();
  private readonly refreshTokens = new Set<string>();
  /** Every refresh token that was ever used, to assert what the engine sent. */
  readonly refreshCalls: string[] = [];
  readonly fetchCalls: string[] = [];
  readonly listCalls: Array<string | null> = [];
  readonly revoked: string[] = [];
  /** The refresh answers ConnectorAuthError (invalid_grant). */
  isRefreshRefused = false;
  /** The refresh returns no new refresh token (the provider keeps the old one). */
  isRefreshTokenKept = false;
  /** The next N list calls answer 429 with this Retry-After. */
  private throttle: { remaining: number; retryAfterSeconds: number | null; status: number } = {
    remaining: 0,
    retryAfterSeconds: null,
    status: 429,
  };
  /** The list call after this many pages served fails with a non-retryable error (once). */
  private failAtPage: number | null = null;
  private pagesServed = 0;
  /** Files whose content fetch fails. */
  readonly brokenFiles = new Set<string>();

  constructor(provider: ConnectorProvider = 'dropbox') {
    this.provider = provider;
  }

  // --- the store, as a test changes it ---

  addFile(
    input: Partial<Omit<MemoryFile, 'content'>> & { name: string; content?: string | Buffer; mimeType?: string },
  ): MemoryFile {
    const file: MemoryFile = {
      id: input.id ?? `file-${randomUUID().slice(0, 8)}`,
      name: input.name,
      mimeType: input.mimeType ?? 'text/plain',
      content: Buffer.isBuffer(input.content) ? input.content : Buffer.from(input.content ?? '', 'utf8'),
      version: 1,
      modifiedAt: input.modifiedAt ?? new Date('2026-05-01T10:00:00Z'),
      sharedWith: input.sharedWith ?? [],
    };
    this.files.set(file.id, file);
    this.record(file.id, false);
    return file;
  }

  changeFile(id: string, content: string): void {
    const file = this.requireFile(id);
    file.content = Buffer.from(content, 'utf8');
    file.version += 1;
    file.modifiedAt = new Date(file.modifiedAt.getTime() + 60_000);
    this.record(id, false);
  }

  /** Sharing changes the feed (the provider reports a permission change) but not the content version. */
  shareFile(id: string, emails: string[]): void {
    this.requireFile(id).sharedWith = emails.map((email) => email.toLowerCase());
    this.record(id, false);
  }

  deleteFile(id: string): void {
    this.requireFile(id);
    this.files.delete(id);
    this.record(id, true);
  }

  /** Deletes every file whose id is `path` or under `path/`, reported as ONE deletion of `path` (Dropbox). */
  deleteFolder(path: string): void {
    for (const id of [...this.files.keys()]) {
      if (id === path || id.startsWith(`${path}/`)) {
        this.files.delete(id);
        this.changes = this.changes.filter((change) => change.fileId !== id);
      }
    }
    this.record(path, true, true);
  }

  /** Every cursor issued so far is no longer accepted (the provider dropped them): the next list call resets. */
  expireCursors(): void {
    this.epoch += 1;
    this.listings.clear();
  }

  /** The next `count` list calls that carry a cursor answer a reset, whatever the cursor. */
  resetNextLists(count: number): void {
    this.resetsPending = count;
  }

  /** Serves `pages` more pages, then fails the next list call once (HTTP 400, not retryable): a sync cut short. */
  failAfterPages(pages: number): void {
    this.failAtPage = this.pagesServed + pages;
  }

  /** Empties the store and the feed and clears every switch (tokens already issued stay valid). */
  reset(): void {
    this.files.clear();
    this.changes = [];
    this.listings.clear();
    this.resetsPending = 0;
    this.brokenFiles.clear();
    this.failAtPage = null;
    this.throttle = { remaining: 0, retryAfterSeconds: null, status: 429 };
    this.isRefreshRefused = false;
    this.isRefreshTokenKept = false;
    this.tokenLifetimeMs = 60 * 60_000;
    this.exchangeTokenLifetimeMs = null;
    this.pageSize = 2;
    this.accessGroups = [];
    this.accessGroupCalls.length = 0;
    for (const calls of [this.refreshCalls, this.fetchCalls, this.listCalls, this.revoked]) calls.length = 0;
  }

  throttleNextLists(count: number, retryAfterSeconds: number | null, status = 429): void {
    this.throttle = { remaining: count, retryAfterSeconds, status };
  }

  /** Makes every issued access token invalid (the provider revoked them), as a 401 would say. */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  isAccessTokenLive(token: string): boolean {
    return this.accessTokens.has(token);
  }

  // --- the driver ---

  isConfigured(): boolean {
    return this.configured;
  }

  authorizationUrl(request: AuthorizationRequest): string {
    const url = new URL(MEMORY_AUTHORIZE_URL);
    url.searchParams.set('state', request.state);
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('redirect_uri', request.redirectUri);
    return url.toString();
  }

  /** What the provider's consent page does: a code bound to the challenge and the redirect URI. */
  grantCode(authorizationUrl: string): string {
    const url = new URL(authorizationUrl);
    const code = `code-${randomUUID()}`;
    this.codes.set(code, {
      codeChallenge: url.searchParams.get('code_challenge') ?? '',
      redirectUri: url.searchParams.get('redirect_uri') ?? '',
    });
    return code;
  }

  async exchangeCode(exchange: CodeExchange): Promise<OAuthTokens> {
    const grant = this.codes.get(exchange.code);
    this.codes.delete(exchange.code);
    const challenge = createHash('sha256').update(exchange.codeVerifier, 'ascii').digest('base64url');
    if (!grant || grant.codeChallenge !== challenge || grant.redirectUri !== exchange.redirectUri) {
      throw new ConnectorHttpError('invalid_grant', { status: 400 });
    }
    return this.issueTokens(true, this.exchangeTokenLifetimeMs ?? this.tokenLifetimeMs);
  }

  async refresh(refreshToken: string): Promise<OAuthTokens> {
    this.refreshCalls.push(refreshToken);
    if (this.isRefreshRefused || !this.refreshTokens.has(refreshToken)) {
      throw new ConnectorAuthError('invalid_grant');
    }
    if (this.isRefreshTokenKept) return this.issueTokens(false);
    this.refreshTokens.delete(refreshToken);
    return this.issueTokens(true);
  }

  async accountIdentity(accessToken: string): Promise<AccountIdentity> {
    this.authorize(accessToken);
    return { ...this.account };
  }

  async listAccessGroups(accessToken: string): Promise<string[]> {
    this.authorize(accessToken);
    this.accessGroupCalls.push(Date.now());
    return [...this.accessGroups];
  }

  async listChanges(accessToken: string, cursor: string | null): Promise<ChangePage> {
    this.authorize(accessToken);
    this.listCalls.push(cursor);
    if (this.throttle.remaining > 0) {
      this.throttle.remaining -= 1;
      throw new ConnectorHttpError(`HTTP ${this.throttle.status}`, {
        status: this.throttle.status,
        retryAfterSeconds: this.throttle.retryAfterSeconds,
      });
    }
    if (this.failAtPage !== null && this.pagesServed >= this.failAtPage) {
      this.failAtPage = null;
      throw new ConnectorHttpError('HTTP 400 bad cursor', { status: 400 });
    }
    if (cursor !== null && this.resetsPending > 0) {
      this.resetsPending -= 1;
      throw new ConnectorCursorResetError('cursor reset');
    }
    if (cursor === null) {
      const listingId = randomUUID().slice(0, 8);
      this.listings.set(listingId, { ids: [...this.files.keys()], seq: this.seq });
      return { ...this.listingPage(listingId, 0), startsFullListing: true };
    }
    // `L<epoch>.<listing>.<offset>` continues a listing, `<epoch>.<seq>` the feed.
    const listing = /^L(\d+)\.([\w-]+)\.(\d+)$/.exec(cursor);
    const feed = /^(\d+)\.(\d+)$/.exec(cursor);
    const epoch = Number(listing?.[1] ?? feed?.[1] ?? -1);
    if (epoch !== this.epoch || (listing && !this.listings.has(listing[2] ?? ''))) {
      throw new ConnectorCursorResetError('cursor reset');
    }
    if (listing) return this.listingPage(listing[2] ?? '', Number(listing[3]));
    this.pagesServed += 1;
    const after = Number(feed?.[2]);
    // The latest change of each file after the cursor, in feed order.
    const pending = this.changes.filter((change) => change.seq > after);
    const page = pending.slice(0, this.pageSize);
    const last = page.at(-1)?.seq ?? after;
    return {
      items: page.map((change) => this.itemOf(change.fileId, change.deleted, change.removesDescendants)),
      nextCursor: `${this.epoch}.${last}`,
      hasMore: pending.length > page.length,
    };
  }

  /** A page of a listing: the files of its start still there, in their current state. */
  private listingPage(listingId: string, offset: number): ChangePage {
    const listing = this.listings.get(listingId);
    if (!listing) throw new ConnectorCursorResetError('cursor reset');
    this.pagesServed += 1;
    const ids = listing.ids.slice(offset, offset + this.pageSize);
    const next = offset + ids.length;
    const hasMore = next < listing.ids.length;
    if (!hasMore) this.listings.delete(listingId);
    return {
      items: ids.filter((id) => this.files.has(id)).map((id) => this.itemOf(id, false)),
      nextCursor: hasMore ? `L${this.epoch}.${listingId}.${next}` : `${this.epoch}.${listing.seq}`,
      hasMore,
    };
  }

  async fetchContent(accessToken: string, item: RemoteItem): Promise<RemoteContent> {
    this.authorize(accessToken);
    this.fetchCalls.push(item.id);
    if (this.brokenFiles.has(item.id)) throw new ConnectorHttpError('HTTP 403 download refused', { status: 403 });
    const file = this.requireFile(item.id);
    return { content: file.content, mimeType: file.mimeType };
  }

  async upload(accessToken: string, request: UploadRequest): Promise<RemoteItem> {
    this.authorize(accessToken);
    const file = this.addFile({ name: request.name, content: request.content, mimeType: request.mimeType });
    return this.itemOf(file.id, false);
  }

  revoke?: (token: string) => Promise<void> = async (token: string) => {
    this.revoked.push(token);
    this.refreshTokens.delete(token);
    this.accessTokens.delete(token);
  };

  // --- internals ---

  private record(fileId: string, deleted: boolean, removesDescendants = false): void {
    this.seq += 1;
    // Only the latest change of a file stays in the feed, as providers report a file once per listing.
    this.changes = this.changes.filter((change) => change.fileId !== fileId);
    this.changes.push({ seq: this.seq, fileId, deleted, ...(removesDescendants ? { removesDescendants } : {}) });
  }

  private itemOf(fileId: string, deleted: boolean, removesDescendants = false): RemoteItem {
    const file = this.files.get(fileId);
    if (deleted || !file) {
      return {
        id: fileId,
        name: '',
        deleted: true,
        mimeType: null,
        size: null,
        modifiedAt: null,
        version: null,
        webUrl: null,
        sharedWith: [],
        ...(removesDescendants ? { removesDescendants } : {}),
      };
    }
    return {
      id: file.id,
      name: file.name,
      deleted: false,
      mimeType: file.mimeType,
      size: file.content.length,
      modifiedAt: file.modifiedAt,
      version: `v${file.version}`,
      webUrl: `https://store.test/files/${file.id}`,
      sharedWith: [...file.sharedWith],
    };
  }

  private requireFile(id: string): MemoryFile {
    const file = this.files.get(id);
    if (!file) throw new ConnectorHttpError(`HTTP 404 no file ${id}`, { status: 404 });
    return file;
  }

  private authorize(accessToken: string): void {
    const expiresAt = this.accessTokens.get(accessToken);
    if (!expiresAt || expiresAt.getTime() <= Date.now()) throw new ConnectorAuthError('HTTP 401');
  }

  private issueTokens(withRefreshToken: boolean, lifetimeMs = this.tokenLifetimeMs): OAuthTokens {
    const accessToken = `at-${randomUUID()}`;
    const expiresAt = new Date(Date.now() + lifetimeMs);
    this.accessTokens.set(accessToken, expiresAt);
    let refreshToken: string | null = null;
    if (withRefreshToken) {
      refreshToken = `rt-${randomUUID()}`;
      this.refreshTokens.add(refreshToken);
    }
    return { accessToken, refreshToken, expiresAt, scopes: ['files.read'] };
  }
}
