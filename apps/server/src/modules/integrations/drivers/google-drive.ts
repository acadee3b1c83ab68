import { Readable } from 'node:stream';
import type { drive_v3 } from '@googleapis/drive';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  type AccountIdentity,
  type ChangePage,
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type DriverOptions,
  type FileStoreDriver,
  parseRetryAfter,
  type RemoteContent,
  type RemoteItem,
} from '../connector-driver.ts';
import { requestOAuthTokens } from './oauth-token-request.ts';

/**
 * Google Drive (ADR 0080): OAuth 2 with PKCE against Google's endpoints and Drive API v3 through @googleapis/drive.
 * The OAuth token, revoke and consent calls are plain requests (the SDK's auth client wants to own the tokens); the
 * Drive calls go through the SDK with `rootUrl`, its own retries off (the sync engine decides about waiting) and our
 * fetch, so a base URL or a counting fetch covers every request.
 */

const REAL_HOSTS = {
  accounts: 'https://accounts.google.com',
  oauth: 'https://oauth2.googleapis.com',
  api: 'https://www.googleapis.com',
};

/** drive.readonly to list and read everything; drive.file to save the assistant's files. */
export const GOOGLE_DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/drive.file',
  'openid',
  'email',
  'profile',
];

const FOLDER = 'application/vnd.google-apps.folder';

/** Docs Editors files have no bytes of their own: they are exported in these formats. */
const EXPORT_TYPES: Record<string, string> = {
  'application/vnd.google-apps.document': 'text/plain',
  'application/vnd.google-apps.spreadsheet': 'text/csv',
  'application/vnd.google-apps.presentation': 'text/plain',
};

/** `owners` too: Drive shows `permissions` only to those who may share the file, so a reader sees just the owner. */
const FILE_FIELDS =
  'id,name,mimeType,size,modifiedTime,md5Checksum,version,webViewLink,trashed,' +
  'owners(emailAddress,permissionId),permissions(id,emailAddress,type,role)';
const LIST_PAGE_SIZE = 1000;
const CHANGES_PAGE_SIZE = 1000;

/** Who the connection belongs to: their own permission on a file is not a share with someone else. */
interface Me {
  email: string;
  permissionId: string;
}

/**
 * The stored cursor. During the first full listing it holds the listing's page token and the change token taken
 * before the listing began (so nothing changed during the listing is missed); afterwards only the change token.
 */
type Cursor =
  | { v: 1; phase: 'listing'; pageToken: string | null; startPageToken: string; me: Me }
  | { v: 1; phase: 'changes'; pageToken: string; me: Me };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    if (cursor.v === 1 && (cursor.phase === 'listing' || cursor.phase === 'changes') && cursor.me) return cursor;
  } catch {
    // fall through: an unreadable cursor is a bug or a foreign value, never the user's input
  }
  throw new Error('Unreadable Google Drive cursor');
}

interface GoogleErrorBody {
  error?: { code?: number; message?: string; errors?: Array<{ reason?: string }>; status?: string } | string;
  error_description?: string;
}

function readErrorBody(data: unknown): GoogleErrorBody | null {
  let value = data;
  if (value instanceof ArrayBuffer) value = Buffer.from(value).toString('utf8');
  else if (Buffer.isBuffer(value)) value = value.toString('utf8');
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' ? (value as GoogleErrorBody) : null;
}

function errorReasons(body: GoogleErrorBody | null): string[] {
  const error = body?.error;
  if (!error || typeof error === 'string') return [];
  return (error.errors ?? []).map((entry) => entry.reason ?? '').filter(Boolean);
}

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/**
 * One HTTP failure as the driver's errors: 401 refuses the token; Drive's 403 rate limits are reported as 429, the
 * status Google itself recommends treating them like (exponential backoff), so the sync engine retries them.
 */
function toConnectorError(
  status: number | null,
  headers: { get(name: string): string | null } | null,
  data: unknown,
  what: string,
): Error {
  const body = readErrorBody(data);
  const message =
    typeof body?.error === 'object' ? (body.error.message ?? '') : (body?.error_description ?? body?.error ?? '');
  if (status === 401) return new ConnectorAuthError(`Google refused the access token (${what}): ${message}`);
  const retryAfterSeconds = parseRetryAfter(headers?.get('retry-after'));
  const isRateLimit = status === 403 && errorReasons(body).some((reason) => RATE_LIMIT_REASONS.has(reason));
  return new ConnectorHttpError(`Google Drive ${what} failed (${status ?? 'network'}): ${message}`, {
    status: isRateLimit ? 429 : status,
    retryAfterSeconds,
  });
}

interface GaxiosLikeError {
  status?: number;
  response?: { status?: number; headers?: { get(name: string): string | null }; data?: unknown };
}

function isGaxiosLikeError(error: unknown): error is Error & GaxiosLikeError {
  return error instanceof Error && ('response' in error || 'status' in error || error.name === 'GaxiosError');
}

/** The SDK's error as the driver's error; anything else (a bug in our code) passes through. */
function fromSdkError(error: unknown, what: string): Error {
  if (error instanceof ConnectorAuthError || error instanceof ConnectorHttpError) return error;
  if (isGaxiosLikeError(error)) {
    const status = error.response?.status ?? error.status ?? null;
    return toConnectorError(status, error.response?.headers ?? null, error.response?.data, what);
  }
  if (error instanceof TypeError) {
    return new ConnectorHttpError(`Google Drive ${what} failed: ${error.message}`, { status: null });
  }
  return error instanceof Error ? error : new Error(String(error));
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isSyncable(file: drive_v3.Schema$File): boolean {
  const mimeType = file.mimeType ?? '';
  if (mimeType === FOLDER) return false;
  // Other Google types (shortcuts, forms, drawings, sites, maps...) have neither bytes nor a text export.
  if (mimeType.startsWith('application/vnd.google-apps.')) return mimeType in EXPORT_TYPES;
  return true;
}

/** The other people and groups with access, lower case; the account itself, domains and "anyone" left out. */
function sharedWithOf(file: drive_v3.Schema$File, me: Me): string[] {
  const emails = new Set<string>();
  const myEmail = me.email.toLowerCase();
  for (const permission of file.permissions ?? []) {
    if (permission.type !== 'user' && permission.type !== 'group') continue;
    const email = permission.emailAddress?.toLowerCase();
    if (!email || email === myEmail || permission.id === me.permissionId) continue;
    emails.add(email);
  }
  for (const owner of file.owners ?? []) {
    const email = owner.emailAddress?.toLowerCase();
    if (email && email !== myEmail && owner.permissionId !== me.permissionId) emails.add(email);
  }
  return [...emails].sort();
}

function toRemoteItem(file: drive_v3.Schema$File, me: Me): RemoteItem {
  const size = file.size == null ? null : Number(file.size);
  return {
    id: file.id ?? '',
    name: file.name ?? '',
    deleted: file.trashed === true,
    mimeType: file.mimeType ?? null,
    size: size !== null && Number.isFinite(size) ? size : null,
    modifiedAt: toDate(file.modifiedTime),
    // Binary files: the content hash, so a rename or a share does not refetch them. Docs Editors files have no hash:
    // Drive's version, which also moves on metadata changes (a harmless refetch).
    version: file.md5Checksum ?? file.version ?? null,
    webUrl: file.webViewLink ?? null,
    sharedWith: file.trashed ? [] : sharedWithOf(file, me),
  };
}

function deletedItem(fileId: string, name = ''): RemoteItem {
  return {
    id: fileId,
    name,
    deleted: true,
    mimeType: null,
    size: null,
    modifiedAt: null,
    version: null,
    webUrl: null,
    sharedWith: [],
  };
}

export function createGoogleDriveDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): FileStoreDriver {
  const credentials = connectors.googleDrive;
  const baseUrl = connectors.baseUrls['google-drive']?.replace(/\/+$/, '');
  const hosts = baseUrl ? { accounts: baseUrl, oauth: baseUrl, api: baseUrl } : REAL_HOSTS;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  // The SDK takes over half a second to load: only when a Drive call is made, not at every server start.
  let client: Promise<drive_v3.Drive> | null = null;
  const loadClient = (): Promise<drive_v3.Drive> => {
    client ??= import('@googleapis/drive').then(({ drive }) =>
      drive({ version: 'v3', rootUrl: `${hosts.api}/`, retry: false, fetchImplementation: fetchFn }),
    );
    return client;
  };

  const requireCredentials = () => {
    if (!credentials) throw new Error('Google Drive is not configured (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET)');
    return credentials;
  };

  // rootUrl again per call: the SDK builds upload URLs (mediaUrl) from the method's options only, so a client-level
  // rootUrl alone would send uploads to www.googleapis.com.
  const authHeaders = (accessToken: string) => ({
    rootUrl: `${hosts.api}/`,
    headers: { Authorization: `Bearer ${accessToken}` },
  });

  /**
   * A Drive call through the SDK, its errors as the driver's. With `hasPageToken`, Drive's answer to a page token it no
   * longer knows (404, or 400 `invalid` — "Invalid Value") is a cursor reset: the sync lists everything again.
   */
  const callDrive = async <T>(
    what: string,
    call: (drive: drive_v3.Drive) => Promise<{ data: T }>,
    hasPageToken = false,
  ): Promise<T> => {
    const drive = await loadClient();
    try {
      return (await call(drive)).data;
    } catch (error) {
      if (hasPageToken && isGaxiosLikeError(error)) {
        const status = error.response?.status ?? error.status ?? null;
        const reasons = errorReasons(readErrorBody(error.response?.data));
        if (status === 404 || (status === 400 && reasons.includes('invalid'))) {
          throw new ConnectorCursorResetError(`Google Drive ${what} no longer accepts the page token (${status})`);
        }
      }
      throw fromSdkError(error, what);
    }
  };

  const postForm = async (url: string, form: Record<string, string>, what: string): Promise<Response> => {
    try {
      return await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      });
    } catch (error) {
      throw new ConnectorHttpError(`Google ${what} failed: ${error instanceof Error ? error.message : 'network'}`, {
        status: null,
      });
    }
  };

  /** Google answers a refresh token at the first exchange only; a refresh keeps the old one (`previous`). */
  const requestTokens = (form: Record<string, string>, what: string, previous: string | null) =>
    requestOAuthTokens({
      label: 'Google',
      what,
      url: `${hosts.oauth}/token`,
      form,
      fetch: fetchFn,
      refreshTokenWhenAbsent: previous,
    });

  const fetchMe = async (accessToken: string): Promise<Me & { name: string | null }> => {
    const about = await callDrive('about.get', (drive) =>
      drive.about.get({ fields: 'user(displayName,emailAddress,permissionId)' }, authHeaders(accessToken)),
    );
    const user = about.user;
    if (!user?.permissionId || !user.emailAddress) {
      throw new ConnectorHttpError('Google Drive about.get answered no user', { status: 502 });
    }
    return { email: user.emailAddress, permissionId: user.permissionId, name: user.displayName ?? null };
  };

  const listFilesPage = async (
    accessToken: string,
    cursor: Extract<Cursor, { phase: 'listing' }>,
  ): Promise<ChangePage> => {
    const list = await callDrive(
      'files.list',
      (drive) =>
        drive.files.list(
          {
            q: 'trashed = false',
            pageSize: LIST_PAGE_SIZE,
            pageToken: cursor.pageToken ?? undefined,
            spaces: 'drive',
            fields: `nextPageToken,files(${FILE_FIELDS})`,
          },
          authHeaders(accessToken),
        ),
      cursor.pageToken !== null,
    );
    const items = (list.files ?? []).filter(isSyncable).map((file) => toRemoteItem(file, cursor.me));
    // The listing's first page (no page token yet) starts a full listing: the engine sweeps when it ends.
    const startsFullListing = cursor.pageToken === null;
    if (list.nextPageToken) {
      return {
        items,
        nextCursor: encodeCursor({ ...cursor, pageToken: list.nextPageToken }),
        hasMore: true,
        startsFullListing,
      };
    }
    // The listing is done: from now on the change feed, from the token taken before the listing started.
    return {
      items,
      nextCursor: encodeCursor({ v: 1, phase: 'changes', pageToken: cursor.startPageToken, me: cursor.me }),
      hasMore: false,
      startsFullListing,
    };
  };

  const listChangesPage = async (accessToken: string, cursor: Extract<Cursor, { phase: 'changes' }>) => {
    const list = await callDrive(
      'changes.list',
      (drive) =>
        drive.changes.list(
          {
            pageToken: cursor.pageToken,
            pageSize: CHANGES_PAGE_SIZE,
            includeRemoved: true,
            spaces: 'drive',
            fields: `nextPageToken,newStartPageToken,changes(changeType,removed,fileId,file(${FILE_FIELDS}))`,
          },
          authHeaders(accessToken),
        ),
      true,
    );
    const items: RemoteItem[] = [];
    for (const change of list.changes ?? []) {
      if (change.changeType && change.changeType !== 'file') continue; // shared-drive changes
      const fileId = change.fileId ?? change.file?.id;
      if (!fileId) continue;
      const file = change.file;
      if (change.removed || !file) {
        items.push(deletedItem(fileId));
        continue;
      }
      if (!isSyncable(file)) continue;
      items.push(file.trashed ? deletedItem(fileId, file.name ?? '') : toRemoteItem(file, cursor.me));
    }
    const nextToken = list.nextPageToken ?? list.newStartPageToken;
    if (!nextToken) throw new ConnectorHttpError('Google Drive changes.list answered no page token', { status: 502 });
    return {
      items,
      nextCursor: encodeCursor({ ...cursor, pageToken: nextToken }),
      hasMore: Boolean(list.nextPageToken),
    };
  };

  return {
    provider: 'google-drive',

    isConfigured: () => credentials !== null,

    authorizationUrl: (request) => {
      const url = new URL(`${hosts.accounts}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: requireCredentials().clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: GOOGLE_DRIVE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode: (exchange) => {
      const { clientId, clientSecret } = requireCredentials();
      return requestTokens(
        {
          grant_type: 'authorization_code',
          code: exchange.code,
          code_verifier: exchange.codeVerifier,
          redirect_uri: exchange.redirectUri,
          client_id: clientId,
          client_secret: clientSecret,
        },
        'code exchange',
        null,
      );
    },

    refresh: (refreshToken) => {
      const { clientId, clientSecret } = requireCredentials();
      return requestTokens(
        { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
        'refresh',
        refreshToken,
      );
    },

    accountIdentity: async (accessToken): Promise<AccountIdentity> => {
      const me = await fetchMe(accessToken);
      // The Drive permission id is the user's stable id across files (what sharedWith compares against).
      return { id: me.permissionId, email: me.email.toLowerCase(), name: me.name };
    },

    listChanges: async (accessToken, cursorValue): Promise<ChangePage> => {
      if (cursorValue === null) {
        // Full sync: take the change token first, so what changes while the listing runs comes up afterwards.
        const [me, start] = await Promise.all([
          fetchMe(accessToken),
          callDrive('changes.getStartPageToken', (drive) =>
            drive.changes.getStartPageToken({ fields: 'startPageToken' }, authHeaders(accessToken)),
          ),
        ]);
        if (!start.startPageToken) {
          throw new ConnectorHttpError('Google Drive answered no start page token', { status: 502 });
        }
        return listFilesPage(accessToken, {
          v: 1,
          phase: 'listing',
          pageToken: null,
          startPageToken: start.startPageToken,
          me: { email: me.email, permissionId: me.permissionId },
        });
      }
      const cursor = decodeCursor(cursorValue);
      return cursor.phase === 'listing' ? listFilesPage(accessToken, cursor) : listChangesPage(accessToken, cursor);
    },

    fetchContent: async (accessToken, item): Promise<RemoteContent> => {
      const exportType = item.mimeType ? EXPORT_TYPES[item.mimeType] : undefined;
      if (exportType) {
        const data = await callDrive('files.export', (drive) =>
          drive.files.export(
            { fileId: item.id, mimeType: exportType },
            { ...authHeaders(accessToken), responseType: 'arraybuffer' },
          ),
        );
        return { content: Buffer.from(data as ArrayBuffer), mimeType: exportType };
      }
      const data = await callDrive('files.get (media)', (drive) =>
        drive.files.get(
          { fileId: item.id, alt: 'media', supportsAllDrives: true },
          { ...authHeaders(accessToken), responseType: 'arraybuffer' },
        ),
      );
      return {
        content: Buffer.from(data as unknown as ArrayBuffer),
        mimeType: item.mimeType ?? 'application/octet-stream',
      };
    },

    upload: async (accessToken, file): Promise<RemoteItem> => {
      const [me, created] = await Promise.all([
        fetchMe(accessToken),
        callDrive('files.create', (drive) =>
          drive.files.create(
            {
              requestBody: {
                name: file.name,
                mimeType: file.mimeType,
                parents: file.folder ? [file.folder] : undefined,
              },
              media: { mimeType: file.mimeType, body: Readable.from([file.content]) },
              fields: FILE_FIELDS,
            },
            authHeaders(accessToken),
          ),
        ),
      ]);
      return toRemoteItem(created, me);
    },

    revoke: async (token) => {
      const response = await postForm(
        `${hosts.oauth}/revoke?${new URLSearchParams({ token }).toString()}`,
        {},
        'token revocation',
      );
      const text = await response.text();
      if (response.ok) return;
      // An already revoked or expired token is what revoking wants.
      if (response.status === 400 && readErrorBody(text)?.error === 'invalid_token') return;
      throw toConnectorError(response.status, response.headers, text, 'token revocation');
    },
  };
}
