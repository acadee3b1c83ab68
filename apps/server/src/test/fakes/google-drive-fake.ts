import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { drive_v3 } from '@googleapis/drive';
import { closeServer, listenOnLoopback, readBody } from './http-fake-server.ts';

/**
 * A local Google Drive and Google OAuth 2 server speaking the documented wire format (Drive API v3 reference,
 * "Retrieve changes", "Resolve errors"; Google's OAuth 2.0 web-server flow and revoke endpoint), so the Google Drive
 * driver runs unchanged against it with `CONNECTOR_BASE_URL_GOOGLE_DRIVE`. One origin serves what Google spreads over
 * accounts.google.com, oauth2.googleapis.com and www.googleapis.com; the paths are the real ones. Drive resources are
 * typed by the SDK's own schema types, so a wrong shape fails to compile. One user's My Drive, no shared drives.
 */

export const GOOGLE_DOC = 'application/vnd.google-apps.document';
export const GOOGLE_SHEET = 'application/vnd.google-apps.spreadsheet';
export const GOOGLE_SLIDES = 'application/vnd.google-apps.presentation';
export const GOOGLE_FOLDER = 'application/vnd.google-apps.folder';
export const GOOGLE_SHORTCUT = 'application/vnd.google-apps.shortcut';

/** What a test says about a new file; everything else gets a realistic default. */
export interface FakeFileInput {
  name: string;
  mimeType?: string;
  /** The bytes (for Google Docs types: the text the export answers). */
  content?: Buffer | string;
  /** Emails the file is shared with (role writer). */
  sharedWith?: string[];
  /** The owner when it is not the connected user (a file shared with them). */
  owner?: string;
  parents?: string[];
  modifiedTime?: Date;
}

export interface FakeFileUpdate {
  name?: string;
  content?: Buffer | string;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string, e.g. `?pageToken=40&pageSize=1000` (where a listing resumes). */
  query: string;
}

export interface GoogleDriveFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The connected user. */
  user?: { email: string; name: string };
  /** Lifetime of issued access tokens (Google: 3599 s). */
  accessTokenTtlSeconds?: number;
  /** Largest page files.list / changes.list answer (Drive: 1000, default 100). */
  maxPageSize?: number;
  /** The consent page answers error=access_denied (the user clicked Cancel). */
  denyConsent?: boolean;
}

export interface GoogleDriveFake {
  /** The origin to put in `connectors.baseUrls['google-drive']`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  user: { email: string; name: string; permissionId: string; sub: string };
  addFile(input: FakeFileInput): drive_v3.Schema$File;
  /** Many files at once (10,000 in well under a second); `make(i)` describes the i-th. */
  addFiles(count: number, make: (index: number) => FakeFileInput): string[];
  updateFile(fileId: string, update: FakeFileUpdate): void;
  trashFile(fileId: string): void;
  /** Deleted for good (not in the trash): the change feed reports `removed`. */
  deleteFile(fileId: string): void;
  share(fileId: string, email: string, role?: 'reader' | 'commenter' | 'writer'): void;
  /** With the connected user's own email on someone else's file: the file leaves their view (reported removed). */
  unshare(fileId: string, email: string): void;
  /** The file as the API would answer it with every field. */
  getFile(fileId: string): drive_v3.Schema$File | null;
  /** The stored file with this name (uploads included, not trashed) and its bytes; null when there is none. */
  findFileByName(name: string): { id: string; content: Buffer; parents: string[] } | null;
  /** The next `count` Drive API calls answer `status` (429, 403 rate limit, 5xx) with an optional Retry-After. */
  failNext(count: number, status: number, retryAfterSeconds?: number): void;
  setDenyConsent(deny: boolean): void;
  /** Opens an authorization URL like a browser whose user consents; answers the redirect (callback URL). */
  followConsent(authorizationUrl: string): Promise<URL>;
  /** Every change page token issued so far is refused (400 Invalid Value), as Drive does with a stale token. */
  expireChangeTokens(): void;
  /** Every access token issued so far stops working (the way they do after an hour). */
  expireAccessTokens(): void;
  /** Every refresh token stops working (revoked at myaccount.google.com, password change...). */
  revokeRefreshTokens(): void;
  /** The PKCE challenges the consent page received, in order. */
  readonly codeChallenges: string[];
  /** Every request received, in order. */
  readonly requests: FakeRequest[];
  resetRequests(): void;
  /** Requests to `path` (exact) or starting with it when it ends in '/'. */
  countRequests(path: string, method?: string): number;
  close(): Promise<void>;
}

interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  content: Buffer;
  ownerEmail: string;
  ownerName: string;
  parents: string[];
  createdTime: string;
  modifiedTime: string;
  version: number;
  trashed: boolean;
  permissions: drive_v3.Schema$Permission[];
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  scope: string;
}

interface AccessGrant {
  expiresAt: number;
  refreshToken: string | null;
  scope: string;
}

const SCOPE_ALIASES: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

/** Export formats Drive offers per Docs Editors type (the subset the driver may ask for). */
const EXPORT_FORMATS: Record<string, string[]> = {
  [GOOGLE_DOC]: ['text/plain', 'text/html', 'application/pdf'],
  [GOOGLE_SHEET]: ['text/csv', 'application/pdf'],
  [GOOGLE_SLIDES]: ['text/plain', 'application/pdf'],
};

const DEFAULT_FILE_FIELDS = 'kind,id,name,mimeType';

function isGoogleType(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}

/** Drive file ids: 33 characters of base64url, like '1A2b...'. */
function createFileId(): string {
  return `1${randomBytes(24).toString('base64url').slice(0, 32)}`;
}

function createToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

type FieldTree = Map<string, FieldTree | null>;

/** Parses a partial-response selector such as `nextPageToken,files(id,permissions(emailAddress))`. */
export function parseFields(selector: string): FieldTree {
  const tree: FieldTree = new Map();
  let index = 0;
  const parseLevel = (into: FieldTree): void => {
    let name = '';
    while (index < selector.length) {
      const char = selector[index++];
      if (char === '(') {
        const child: FieldTree = new Map();
        parseLevel(child);
        addPath(into, name.trim(), child);
        name = '';
      } else if (char === ')') {
        break;
      } else if (char === ',') {
        if (name.trim()) addPath(into, name.trim(), null);
        name = '';
      } else {
        name += char;
      }
    }
    if (name.trim()) addPath(into, name.trim(), null);
  };
  parseLevel(tree);
  return tree;
}

/** `a/b` means the field b of a; `*` is every field. */
function addPath(into: FieldTree, path: string, child: FieldTree | null): void {
  const [head, ...rest] = path.split('/');
  if (!head) return;
  if (rest.length === 0) {
    into.set(head, child);
    return;
  }
  const existing = into.get(head);
  const next: FieldTree = existing ?? new Map();
  into.set(head, next);
  addPath(next, rest.join('/'), child);
}

function selectFields(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null || tree.has('*') || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => selectFields(entry, tree));
  const result: Record<string, unknown> = {};
  for (const [key, child] of tree) {
    const entry = (value as Record<string, unknown>)[key];
    if (entry !== undefined) result[key] = selectFields(entry, child);
  }
  return result;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

/** Google's JSON error shape for its REST APIs (Drive "Resolve errors"). */
function sendApiError(
  response: ServerResponse,
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  const statusNames: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    502: 'UNAVAILABLE',
    503: 'UNAVAILABLE',
  };
  sendJson(
    response,
    status,
    {
      error: {
        code: status,
        message,
        errors: [{ message, domain: status === 403 || status === 429 ? 'usageLimits' : 'global', reason }],
        status: statusNames[status] ?? 'UNKNOWN',
      },
    },
    headers,
  );
}

/** Splits a multipart/related body (RFC 2387) into its parts' headers and bytes. */
function splitMultipart(body: Buffer, boundary: string): Array<{ headers: Record<string, string>; body: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ headers: Record<string, string>; body: Buffer }> = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    const part = body.subarray(afterDelimiter, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    const rawHeaders = part.subarray(0, headerEnd).toString('utf8');
    const headers: Record<string, string> = {};
    for (const line of rawHeaders.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let content = part.subarray(headerEnd + 4);
    if (content.subarray(-2).toString() === '\r\n') content = content.subarray(0, -2);
    parts.push({ headers, body: content });
    start = next;
  }
  return parts;
}

export async function startGoogleDriveFake(options: GoogleDriveFakeOptions = {}): Promise<GoogleDriveFake> {
  const clientId = options.clientId ?? 'lumen-test.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'GOCSPX-test-secret';
  const userInput = options.user ?? { email: 'ada@example.com', name: 'Ada Lovelace' };
  const user = {
    ...userInput,
    permissionId: '01234567890123456789',
    sub: '109876543210987654321',
  };
  const accessTtl = options.accessTokenTtlSeconds ?? 3599;
  const maxPageSize = options.maxPageSize ?? 1000;
  let denyConsent = options.denyConsent ?? false;

  const files = new Map<string, StoredFile>();
  /** The change log: one entry per change, its position + 1 is its change number. */
  const changeLog: Array<{ fileId: string; time: string }> = [];
  /** Each file's latest change number: changes.list reports a file once, in its latest state. */
  const latestChange = new Map<string, number>();
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, AccessGrant>();
  const refreshTokens = new Map<string, { clientId: string; scope: string }>();
  const codeChallenges: string[] = [];
  const requests: FakeRequest[] = [];
  /** Change page tokens below this one are refused (expireChangeTokens). */
  let firstValidPageToken = 1;
  let failures: { count: number; status: number; retryAfterSeconds?: number } | null = null;
  const permissionIds = new Map<string, string>();

  const recordChange = (fileId: string, time: string): void => {
    changeLog.push({ fileId, time });
    latestChange.set(fileId, changeLog.length);
  };

  /** Drive gives each person one permission id, the same on every file. */
  const permissionIdFor = (email: string): string => {
    const key = email.toLowerCase();
    if (key === user.email.toLowerCase()) return user.permissionId;
    let id = permissionIds.get(key);
    if (!id) {
      id = String(90_000_000_000_000_000 + permissionIds.size + 1);
      permissionIds.set(key, id);
    }
    return id;
  };

  const userPermission = (email: string, role: string, displayName?: string): drive_v3.Schema$Permission => ({
    kind: 'drive#permission',
    id: permissionIdFor(email),
    type: 'user',
    emailAddress: email,
    role,
    displayName: displayName ?? email.split('@')[0],
    deleted: false,
    pendingOwner: false,
  });

  const webViewLink = (file: StoredFile): string => {
    if (file.mimeType === GOOGLE_DOC) return `https://docs.google.com/document/d/${file.id}/edit?usp=drivesdk`;
    if (file.mimeType === GOOGLE_SHEET) return `https://docs.google.com/spreadsheets/d/${file.id}/edit?usp=drivesdk`;
    if (file.mimeType === GOOGLE_SLIDES) return `https://docs.google.com/presentation/d/${file.id}/edit?usp=drivesdk`;
    if (file.mimeType === GOOGLE_FOLDER) return `https://drive.google.com/drive/folders/${file.id}`;
    return `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk`;
  };

  /** The full resource; responses narrow it with `fields`. */
  const toResource = (file: StoredFile): drive_v3.Schema$File => {
    const isBlob = !isGoogleType(file.mimeType);
    const isOwnedByMe = file.ownerEmail.toLowerCase() === user.email.toLowerCase();
    const resource: drive_v3.Schema$File = {
      kind: 'drive#file',
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      parents: file.parents,
      trashed: file.trashed,
      explicitlyTrashed: file.trashed,
      starred: false,
      version: String(file.version),
      webViewLink: webViewLink(file),
      createdTime: file.createdTime,
      modifiedTime: file.modifiedTime,
      ownedByMe: isOwnedByMe,
      shared: file.permissions.length > 1,
      owners: [
        {
          kind: 'drive#user',
          displayName: file.ownerName,
          emailAddress: file.ownerEmail,
          me: isOwnedByMe,
          permissionId: permissionIdFor(file.ownerEmail),
        },
      ],
      permissionIds: file.permissions.map((permission) => permission.id ?? ''),
    };
    // Drive lists a file's permissions only to those who may share it (owner and writers, by default).
    const myRole = file.permissions.find((permission) => permission.id === user.permissionId)?.role;
    if (myRole === 'owner' || myRole === 'writer') resource.permissions = file.permissions;
    if (file.mimeType !== GOOGLE_FOLDER && file.mimeType !== GOOGLE_SHORTCUT) {
      resource.size = String(file.content.length);
    }
    if (isBlob) {
      resource.md5Checksum = createHash('md5').update(file.content).digest('hex');
      resource.headRevisionId = `0B${createHash('sha1').update(file.content).digest('base64url').slice(0, 30)}`;
    }
    return resource;
  };

  const storeFile = (input: FakeFileInput, now: Date): StoredFile => {
    const ownerEmail = input.owner ?? user.email;
    const isOwnedByMe = ownerEmail.toLowerCase() === user.email.toLowerCase();
    const permissions = [userPermission(ownerEmail, 'owner', isOwnedByMe ? user.name : undefined)];
    if (!isOwnedByMe) permissions.push(userPermission(user.email, 'writer', user.name));
    for (const email of input.sharedWith ?? []) permissions.push(userPermission(email, 'writer'));
    const time = (input.modifiedTime ?? now).toISOString();
    const file: StoredFile = {
      id: createFileId(),
      name: input.name,
      mimeType: input.mimeType ?? 'text/plain',
      content: typeof input.content === 'string' ? Buffer.from(input.content) : (input.content ?? Buffer.alloc(0)),
      ownerEmail,
      ownerName: isOwnedByMe ? user.name : (ownerEmail.split('@')[0] ?? ownerEmail),
      parents: input.parents ?? ['0AroOtFoLdErIdUk9PVA'],
      createdTime: time,
      modifiedTime: time,
      version: 1,
      trashed: false,
      permissions,
    };
    files.set(file.id, file);
    recordChange(file.id, time);
    return file;
  };

  const requireFile = (fileId: string): StoredFile => {
    const file = files.get(fileId);
    if (!file) throw new Error(`No fake Drive file ${fileId}`);
    return file;
  };

  /** A file the user can see: theirs, or shared with them (unsharing it from them takes it out of their view). */
  const isVisible = (file: StoredFile): boolean =>
    file.permissions.some((permission) => permission.id === user.permissionId);

  const visibleFile = (fileId: string): StoredFile | null => {
    const file = files.get(fileId);
    return file && isVisible(file) ? file : null;
  };

  const touch = (file: StoredFile, isContentChange: boolean): void => {
    const now = new Date().toISOString();
    file.version += 1;
    if (isContentChange) file.modifiedTime = now;
    recordChange(file.id, now);
  };

  // --- OAuth 2 (accounts.google.com and oauth2.googleapis.com) ---

  const handleConsent = (url: URL, response: ServerResponse): void => {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== clientId || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<p>Error 401: invalid_client. The OAuth client was not found.</p>');
      return;
    }
    const target = new URL(redirectUri);
    const state = params.get('state');
    if (params.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else if (denyConsent) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/0${randomBytes(32).toString('base64url')}`;
      const codeChallenge = params.get('code_challenge');
      if (codeChallenge) codeChallenges.push(codeChallenge);
      const scope = (params.get('scope') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((entry) => SCOPE_ALIASES[entry] ?? entry)
        .join(' ');
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge,
        codeChallengeMethod: params.get('code_challenge_method'),
        scope,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', scope);
    }
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  };

  const issueTokens = (scope: string, refreshToken: string | null, includeRefresh: boolean) => {
    const accessToken = createToken('ya29.');
    accessTokens.set(accessToken, { expiresAt: Date.now() + accessTtl * 1000, refreshToken, scope });
    return {
      access_token: accessToken,
      expires_in: accessTtl,
      ...(includeRefresh && refreshToken ? { refresh_token: refreshToken } : {}),
      scope,
      token_type: 'Bearer',
    };
  };

  const handleToken = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    const oauthError = (status: number, error: string, description: string) =>
      sendJson(response, status, { error, error_description: description });
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      oauthError(401, 'invalid_client', 'Unauthorized');
      return;
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code) {
        oauthError(400, 'invalid_grant', 'Malformed auth code.');
        return;
      }
      codes.delete(form.get('code') ?? '');
      if (form.get('redirect_uri') !== code.redirectUri) {
        oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
        return;
      }
      if (code.codeChallenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) {
          oauthError(400, 'invalid_grant', 'Missing code verifier.');
          return;
        }
        const expected =
          code.codeChallengeMethod === 'S256'
            ? createHash('sha256').update(verifier, 'ascii').digest('base64url')
            : verifier;
        if (expected !== code.codeChallenge) {
          oauthError(400, 'invalid_grant', 'Invalid code verifier.');
          return;
        }
      }
      const refreshToken = createToken('1//0');
      refreshTokens.set(refreshToken, { clientId, scope: code.scope });
      sendJson(response, 200, issueTokens(code.scope, refreshToken, true), { 'cache-control': 'no-store' });
      return;
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(refreshToken);
      if (!grant) {
        oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
        return;
      }
      // Google keeps the refresh token on refresh and answers none.
      sendJson(response, 200, issueTokens(grant.scope, refreshToken, false), { 'cache-control': 'no-store' });
      return;
    }
    oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  };

  const handleRevoke = async (request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> => {
    const form = new URLSearchParams((await readBody(request)).toString('utf8'));
    const token = url.searchParams.get('token') ?? form.get('token') ?? '';
    const access = accessTokens.get(token);
    const refreshToken = refreshTokens.has(token) ? token : (access?.refreshToken ?? null);
    if (!access && !refreshToken) {
      sendJson(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      return;
    }
    // Revoking either token ends the whole grant.
    if (refreshToken) refreshTokens.delete(refreshToken);
    for (const [accessToken, grant] of accessTokens) {
      if (accessToken === token || (refreshToken && grant.refreshToken === refreshToken)) {
        accessTokens.delete(accessToken);
      }
    }
    sendJson(response, 200, {});
  };

  /** The bearer token's grant, or a 401 answered the way Google answers it. */
  const authorize = (request: IncomingMessage, response: ServerResponse): AccessGrant | null => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const grant = accessTokens.get(token);
    if (grant && grant.expiresAt > Date.now()) return grant;
    sendApiError(
      response,
      401,
      'authError',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    );
    return null;
  };

  // --- Drive API v3 ---

  const pageSizeOf = (url: URL, fallback: number): number => {
    const requested = Number(url.searchParams.get('pageSize') ?? fallback);
    return Math.max(1, Math.min(maxPageSize, Number.isFinite(requested) ? requested : fallback));
  };

  const answerFields = (response: ServerResponse, url: URL, body: unknown, defaults: string): void => {
    sendJson(response, 200, selectFields(body, parseFields(url.searchParams.get('fields') ?? defaults)));
  };

  const handleFilesList = (url: URL, response: ServerResponse): void => {
    const query = (url.searchParams.get('q') ?? '').trim();
    if (query !== '' && query !== 'trashed = false' && query !== 'trashed=false') {
      sendApiError(response, 400, 'invalid', 'Invalid Value (the fake understands only q=trashed = false)');
      return;
    }
    const pageSize = pageSizeOf(url, 100);
    const offset = Number(url.searchParams.get('pageToken') ?? '0');
    const visible = [...files.values()].filter((file) => isVisible(file) && (query === '' || !file.trashed));
    const page = visible.slice(offset, offset + pageSize);
    const list: drive_v3.Schema$FileList = {
      kind: 'drive#fileList',
      incompleteSearch: false,
      files: page.map(toResource),
    };
    if (offset + pageSize < visible.length) list.nextPageToken = String(offset + pageSize);
    answerFields(response, url, list, `kind,nextPageToken,incompleteSearch,files(${DEFAULT_FILE_FIELDS})`);
  };

  const handleStartPageToken = (url: URL, response: ServerResponse): void => {
    const token: drive_v3.Schema$StartPageToken = {
      kind: 'drive#startPageToken',
      startPageToken: String(changeLog.length + 1),
    };
    answerFields(response, url, token, 'kind,startPageToken');
  };

  const handleChangesList = (url: URL, response: ServerResponse): void => {
    const pageToken = Number(url.searchParams.get('pageToken'));
    if (!Number.isInteger(pageToken) || pageToken < firstValidPageToken || pageToken > changeLog.length + 1) {
      sendApiError(response, 400, 'invalid', 'Invalid Value', {});
      return;
    }
    const includeRemoved = url.searchParams.get('includeRemoved') !== 'false';
    const pageSize = pageSizeOf(url, 100);
    const changes: drive_v3.Schema$Change[] = [];
    let position = pageToken;
    for (; position <= changeLog.length && changes.length < pageSize; position += 1) {
      const entry = changeLog[position - 1];
      if (!entry || latestChange.get(entry.fileId) !== position) continue;
      const file = visibleFile(entry.fileId);
      if (!file && !includeRemoved) continue;
      changes.push({
        kind: 'drive#change',
        changeType: 'file',
        time: entry.time,
        removed: !file,
        fileId: entry.fileId,
        ...(file ? { file: toResource(file) } : {}),
      });
    }
    const list: drive_v3.Schema$ChangeList = { kind: 'drive#changeList', changes };
    if (position <= changeLog.length) list.nextPageToken = String(position);
    else list.newStartPageToken = String(changeLog.length + 1);
    answerFields(
      response,
      url,
      list,
      `kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,file(${DEFAULT_FILE_FIELDS}))`,
    );
  };

  const handleAbout = (url: URL, response: ServerResponse): void => {
    if (!url.searchParams.get('fields')) {
      sendApiError(response, 400, 'required', "The 'fields' parameter is required for this method.");
      return;
    }
    const about: drive_v3.Schema$About = {
      kind: 'drive#about',
      user: {
        kind: 'drive#user',
        displayName: user.name,
        emailAddress: user.email,
        me: true,
        permissionId: user.permissionId,
      },
      storageQuota: { limit: '16106127360', usage: '0' },
    };
    answerFields(response, url, about, 'kind');
  };

  const handleUserinfo = (response: ServerResponse): void => {
    const [givenName = user.name, ...family] = user.name.split(' ');
    sendJson(response, 200, {
      sub: user.sub,
      name: user.name,
      given_name: givenName,
      family_name: family.join(' '),
      picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
      email: user.email,
      email_verified: true,
    });
  };

  const handleFileGet = (fileId: string, url: URL, response: ServerResponse): void => {
    const file = visibleFile(fileId);
    if (!file) {
      sendApiError(response, 404, 'notFound', `File not found: ${fileId}.`);
      return;
    }
    if (url.searchParams.get('alt') === 'media') {
      if (isGoogleType(file.mimeType)) {
        sendApiError(
          response,
          403,
          'fileNotDownloadable',
          'Only files with binary content can be downloaded. Use Export with Docs Editors files.',
        );
        return;
      }
      response.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.content.length) });
      response.end(file.content);
      return;
    }
    answerFields(response, url, toResource(file), DEFAULT_FILE_FIELDS);
  };

  const handleExport = (fileId: string, url: URL, response: ServerResponse): void => {
    const file = visibleFile(fileId);
    if (!file) {
      sendApiError(response, 404, 'notFound', `File not found: ${fileId}.`);
      return;
    }
    const mimeType = url.searchParams.get('mimeType') ?? '';
    const formats = EXPORT_FORMATS[file.mimeType];
    if (!formats) {
      sendApiError(response, 403, 'fileNotExportable', 'Export only supports Docs Editors files.');
      return;
    }
    if (!formats.includes(mimeType)) {
      sendApiError(response, 400, 'badRequest', 'The requested conversion is not supported.');
      return;
    }
    response.writeHead(200, { 'content-type': `${mimeType}; charset=utf-8` });
    response.end(file.content);
  };

  const handleUpload = async (request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    if (url.searchParams.get('uploadType') !== 'multipart') {
      sendApiError(response, 400, 'badRequest', 'The fake supports uploadType=multipart only.');
      return;
    }
    const boundary = /boundary="?([^";]+)"?/.exec(request.headers['content-type'] ?? '')?.[1];
    const parts = boundary ? splitMultipart(body, boundary) : [];
    const [metadataPart, mediaPart] = parts;
    if (!metadataPart || !mediaPart) {
      sendApiError(response, 400, 'badContent', 'Multipart upload needs a metadata part and a media part.');
      return;
    }
    const metadata = JSON.parse(metadataPart.body.toString('utf8')) as drive_v3.Schema$File;
    if (!metadata.name) {
      sendApiError(response, 400, 'required', 'Required: name');
      return;
    }
    const file = storeFile(
      {
        name: metadata.name,
        mimeType: metadata.mimeType ?? mediaPart.headers['content-type'] ?? 'application/octet-stream',
        content: mediaPart.body,
        parents: metadata.parents ?? undefined,
      },
      new Date(),
    );
    answerFields(response, url, toResource(file), DEFAULT_FILE_FIELDS);
  };

  const handleDrive = async (
    request: IncomingMessage,
    url: URL,
    response: ServerResponse,
    method: string,
  ): Promise<boolean> => {
    const path = url.pathname;
    const fileMatch = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(path);
    if (method === 'GET' && path === '/drive/v3/files') handleFilesList(url, response);
    else if (method === 'GET' && path === '/drive/v3/changes/startPageToken') handleStartPageToken(url, response);
    else if (method === 'GET' && path === '/drive/v3/changes') handleChangesList(url, response);
    else if (method === 'GET' && path === '/drive/v3/about') handleAbout(url, response);
    else if (method === 'GET' && fileMatch?.[1] && fileMatch[2]) handleExport(fileMatch[1], url, response);
    else if (method === 'GET' && fileMatch?.[1]) handleFileGet(fileMatch[1], url, response);
    else if (method === 'POST' && path === '/upload/drive/v3/files') await handleUpload(request, url, response);
    else return false;
    return true;
  };

  const failIfScripted = (response: ServerResponse): boolean => {
    if (!failures || failures.count <= 0) return false;
    failures.count -= 1;
    const { status, retryAfterSeconds } = failures;
    if (failures.count === 0) failures = null;
    const headers: Record<string, string> =
      retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
    if (status === 429 || status === 403) {
      sendApiError(
        response,
        status,
        status === 429 ? 'rateLimitExceeded' : 'userRateLimitExceeded',
        status === 429 ? 'Rate Limit Exceeded' : 'User Rate Limit Exceeded',
        headers,
      );
    } else {
      sendApiError(response, status, 'backendError', 'Backend Error', headers);
    }
    return true;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.search });
    const route = async (): Promise<void> => {
      if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return handleConsent(url, response);
      if (method === 'POST' && url.pathname === '/token') return handleToken(request, response);
      if (method === 'POST' && url.pathname === '/revoke') return handleRevoke(request, url, response);
      const isApi =
        url.pathname.startsWith('/drive/v3/') ||
        url.pathname.startsWith('/upload/drive/v3/') ||
        url.pathname === '/oauth2/v3/userinfo';
      if (!isApi) {
        sendApiError(response, 404, 'notFound', `No route ${method} ${url.pathname}`);
        return;
      }
      if (!authorize(request, response)) return;
      if (failIfScripted(response)) return;
      if (url.pathname === '/oauth2/v3/userinfo') return handleUserinfo(response);
      if (!(await handleDrive(request, url, response, method))) {
        sendApiError(response, 404, 'notFound', `No route ${method} ${url.pathname}`);
      }
    };
    route().catch((error: unknown) => {
      sendApiError(response, 500, 'backendError', error instanceof Error ? error.message : 'Backend Error');
    });
  });
  const baseUrl = await listenOnLoopback(server);

  return {
    baseUrl,
    clientId,
    clientSecret,
    user,
    addFile: (input) => toResource(storeFile(input, new Date())),
    addFiles: (count, make) => {
      const now = new Date();
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) ids.push(storeFile(make(index), now).id);
      return ids;
    },
    updateFile: (fileId, update) => {
      const file = requireFile(fileId);
      if (update.name !== undefined) file.name = update.name;
      if (update.content !== undefined) {
        file.content = typeof update.content === 'string' ? Buffer.from(update.content) : update.content;
      }
      touch(file, true);
    },
    trashFile: (fileId) => {
      const file = requireFile(fileId);
      file.trashed = true;
      touch(file, false);
    },
    deleteFile: (fileId) => {
      requireFile(fileId);
      files.delete(fileId);
      recordChange(fileId, new Date().toISOString());
    },
    share: (fileId, email, role = 'writer') => {
      const file = requireFile(fileId);
      if (file.permissions.some((permission) => permission.emailAddress?.toLowerCase() === email.toLowerCase())) {
        return;
      }
      file.permissions.push(userPermission(email, role));
      touch(file, false);
    },
    unshare: (fileId, email) => {
      const file = requireFile(fileId);
      file.permissions = file.permissions.filter(
        (permission) => permission.emailAddress?.toLowerCase() !== email.toLowerCase(),
      );
      touch(file, false);
    },
    getFile: (fileId) => {
      const file = files.get(fileId);
      return file ? toResource(file) : null;
    },
    findFileByName: (name) => {
      for (const file of files.values()) {
        if (file.name === name && !file.trashed) return { id: file.id, content: file.content, parents: file.parents };
      }
      return null;
    },
    failNext: (count, status, retryAfterSeconds) => {
      failures = { count, status, retryAfterSeconds };
    },
    setDenyConsent: (deny) => {
      denyConsent = deny;
    },
    followConsent: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`The consent page answered ${response.status}`);
      return new URL(location);
    },
    expireChangeTokens: () => {
      firstValidPageToken = changeLog.length + 1;
    },
    expireAccessTokens: () => {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    revokeRefreshTokens: () => {
      refreshTokens.clear();
    },
    codeChallenges,
    requests,
    resetRequests: () => {
      requests.length = 0;
    },
    countRequests: (path, method) =>
      requests.filter(
        (entry) =>
          (path.endsWith('/') ? entry.path.startsWith(path) : entry.path === path) &&
          (method === undefined || entry.method === method),
      ).length,
    close: () => closeServer(server),
  };
}
