import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type {
  DriveItem,
  EmailIdentity,
  Permission,
  SharePointIdentity,
  SharePointIdentitySet,
  User,
} from '@microsoft/microsoft-graph-types';
import { closeServer, listenOnLoopback } from './http-fake-server.ts';

/**
 * A local Microsoft identity platform + Graph OneDrive on a loopback port, written from Microsoft's documentation
 * (auth code flow with PKCE and refresh on the v2.0 endpoints; driveItem delta, list permissions, download content,
 * simple upload). Response bodies are typed by @microsoft/microsoft-graph-types, so a wrong shape fails to compile.
 *
 * Like the real service, the links it hands out (nextLink, deltaLink, the content redirect) name the real hosts by
 * default (graph.microsoft.com, a 1drv.com download host): a driver reaches them only by applying its base URL, which
 * is what the tests prove. Paths are the real ones, so `origin + path` of any link is served here.
 */

export interface OneDriveFakeAccount {
  id: string;
  email: string;
  displayName: string;
}

export interface OneDriveFakeOptions {
  tenant?: string;
  clientId?: string;
  clientSecret?: string;
  account?: OneDriveFakeAccount;
  /** Items per delta page (Graph decides its own; 200 by default here). */
  pageSize?: number;
  accessTokenLifetimeSeconds?: number;
  /** Origins written into links; the real hosts by default. */
  linkOrigins?: { graph: string; download: string };
}

export interface OneDriveFakeFile {
  name: string;
  content?: string | Buffer;
  mimeType?: string;
  /** A folder id from addFolder; the drive root when absent. */
  parentId?: string;
}

export interface OneDriveFakeRequest {
  method: string;
  path: string;
  /** The request carried an Authorization: Bearer header. */
  hasBearer: boolean;
}

export interface OneDriveFake {
  origin: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  account: OneDriveFakeAccount;
  rootId: string;
  requests: OneDriveFakeRequest[];
  resetRequests(): void;
  /** The consent page answers error=access_denied while set. */
  setConsentDenied(isDenied: boolean): void;
  addFolder(name: string, parentId?: string): string;
  addFile(file: OneDriveFakeFile): string;
  /** Adds many files without per-file work beyond a map insert (bench: 2,000+). */
  addFiles(count: number, make: (index: number) => OneDriveFakeFile): string[];
  updateFile(id: string, content: string | Buffer): void;
  deleteFile(id: string): void;
  /** Grants `email` read access to a file or a folder (and all below it): directly, or by a sharing link sent to them. */
  share(id: string, email: string, via?: 'direct' | 'link'): void;
  unshare(id: string, email: string): void;
  /** The stored file as the drive holds it (uploads included); null when absent or deleted. */
  readFile(id: string): { name: string; content: Buffer; mimeType: string; parentId: string | null } | null;
  findFileByName(name: string): string | null;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  /** Every stored delta token now answers 410 Gone (resyncChangesApplyDifferences). */
  expireDeltaTokens(): void;
  /** The next `count` requests (any endpoint but the consent page) answer `status`, with Retry-After when given. */
  failNext(count: number, status: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

interface Entry {
  id: string;
  name: string;
  parentId: string | null;
  isFolder: boolean;
  content: Buffer;
  mimeType: string;
  createdAt: string;
  modifiedAt: string;
  contentVersion: number;
  metaVersion: number;
  /** Sequence number of the last content, name or delete change (drives delta). */
  changeSeq: number;
  /** Sequence number of the last permission change (reported only with Prefer: deltashowsharingchanges). */
  sharingSeq: number;
  isDeleted: boolean;
  /** Lower-cased email -> how it was shared. */
  grants: Map<string, { permissionId: string; via: 'direct' | 'link' }>;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  isUsed: boolean;
}

interface DeltaToken {
  /** Epoch: tokens of an older epoch answer 410. */
  e: number;
  /** Changes after this sequence number. */
  s: number;
  /** Sequence number when this enumeration started (a full listing skips items deleted before it). */
  t: number;
  /** Resume after (seq, id): a nextLink; absent in a deltaLink. */
  a?: [number, string];
}

/** A delta page: driveItems, and a nextLink while more are waiting, else the deltaLink. */
interface DeltaResponse {
  '@odata.context': string;
  value: (DriveItem & { '@microsoft.graph.sharedChanged'?: 'True' })[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface PermissionsResponse {
  value: Permission[];
}

/** The identity platform's token response (v2.0 endpoint). */
interface TokenResponse {
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  ext_expires_in: number;
  access_token: string;
  refresh_token: string;
}

const MAX_SIMPLE_UPLOAD = 4 * 1024 * 1024;

export async function startOneDriveFake(options: OneDriveFakeOptions = {}): Promise<OneDriveFake> {
  const tenant = options.tenant ?? 'common';
  const clientId = options.clientId ?? '00000000-0000-4000-8000-00000000c11e';
  const clientSecret = options.clientSecret ?? 'onedrive-fake-client-secret';
  const account: OneDriveFakeAccount = options.account ?? {
    id: '9f3c0d1e5a7b4c21',
    email: 'ada@contoso.test',
    displayName: 'Ada Lovelace',
  };
  const pageSize = options.pageSize ?? 200;
  const accessTokenLifetime = options.accessTokenLifetimeSeconds ?? 3600;
  const linkOrigins = options.linkOrigins ?? {
    graph: 'https://graph.microsoft.com',
    download: 'https://public.dm.files.1drv.com',
  };
  const driveId = 'b!fakeDrive0001';

  const entries = new Map<string, Entry>();
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Map<string, { scope: string; isRevoked: boolean }>();
  const downloadTickets = new Map<string, string>();
  const requests: OneDriveFakeRequest[] = [];
  let seq = 0;
  let epoch = 1;
  let idCounter = 0;
  let isConsentDenied = false;
  let failures: { remaining: number; status: number; retryAfterSeconds: number | undefined } | null = null;

  const nextId = () => `FAKE!${(++idCounter).toString(16).toUpperCase().padStart(6, '0')}`;
  const now = () => new Date().toISOString();
  const randomToken = (prefix: string) => `${prefix}.${randomBytes(24).toString('base64url')}`;

  function makeEntry(fields: Pick<Entry, 'name' | 'parentId' | 'isFolder' | 'content' | 'mimeType'>): Entry {
    const at = now();
    const entry: Entry = {
      id: nextId(),
      ...fields,
      createdAt: at,
      modifiedAt: at,
      contentVersion: 1,
      metaVersion: 1,
      changeSeq: ++seq,
      sharingSeq: 0,
      isDeleted: false,
      grants: new Map(),
    };
    entries.set(entry.id, entry);
    return entry;
  }

  const root = makeEntry({ name: 'root', parentId: null, isFolder: true, content: Buffer.alloc(0), mimeType: '' });

  /** A change to a file also changes its folders' eTags, and delta reports them too (drivers must skip folders). */
  function touchAncestors(entry: Entry) {
    let parent = entry.parentId ? entries.get(entry.parentId) : undefined;
    while (parent) {
      parent.metaVersion += 1;
      parent.changeSeq = ++seq;
      parent = parent.parentId ? entries.get(parent.parentId) : undefined;
    }
  }

  function requireFile(id: string): Entry {
    const entry = entries.get(id);
    if (!entry || entry.isDeleted || entry.isFolder) throw new Error(`OneDrive fake: no file ${id}`);
    return entry;
  }

  function requireShareable(id: string): Entry {
    const entry = entries.get(id);
    if (!entry || entry.isDeleted || entry === root) throw new Error(`OneDrive fake: no file or folder ${id}`);
    return entry;
  }

  /** A folder's sharing reaches everything below it, so all of it counts as a sharing change. */
  function markSharingChanged(entry: Entry) {
    const isBelow = (candidate: Entry) => {
      for (let at: Entry | undefined = candidate; at; at = at.parentId ? entries.get(at.parentId) : undefined) {
        if (at === entry) return true;
      }
      return false;
    };
    const changed = entry.isFolder
      ? [...entries.values()].filter((candidate) => !candidate.isDeleted && isBelow(candidate))
      : [entry];
    for (const item of changed) {
      item.metaVersion += 1;
      item.sharingSeq = ++seq;
    }
  }

  function insertFile(file: OneDriveFakeFile): Entry {
    const parentId = file.parentId ?? root.id;
    const entry = makeEntry({
      name: file.name,
      parentId,
      isFolder: false,
      content: typeof file.content === 'string' ? Buffer.from(file.content) : (file.content ?? Buffer.alloc(0)),
      mimeType: file.mimeType ?? 'text/plain',
    });
    return entry;
  }

  // ---- Graph shapes --------------------------------------------------------------------------------------------

  /** Stands in for quickXorHash (a 160-bit digest, base64): the same length, and it changes with the content. */
  const contentDigest = (content: Buffer) => createHash('sha1').update(content).digest('base64');

  const accountIdentity = (): EmailIdentity => ({
    id: account.id,
    displayName: account.displayName,
    email: account.email,
  });

  function pathOf(entry: Entry): string {
    const names: string[] = [];
    let parent = entry.parentId ? entries.get(entry.parentId) : undefined;
    while (parent && parent.id !== root.id) {
      names.unshift(parent.name);
      parent = parent.parentId ? entries.get(parent.parentId) : undefined;
    }
    return `/drive/root:${names.map((name) => `/${encodeURIComponent(name)}`).join('')}`;
  }

  function toDriveItem(entry: Entry): DriveItem {
    if (entry.isDeleted) {
      return {
        id: entry.id,
        name: entry.name,
        deleted: { state: 'deleted' },
        parentReference: { driveId, driveType: 'personal', id: entry.parentId },
      };
    }
    const item: DriveItem = {
      id: entry.id,
      name: entry.name,
      eTag: `"{${entry.id}},${entry.metaVersion}"`,
      cTag: `"c:{${entry.id}},${entry.contentVersion}"`,
      createdDateTime: entry.createdAt,
      lastModifiedDateTime: entry.modifiedAt,
      createdBy: { user: accountIdentity() },
      lastModifiedBy: { user: accountIdentity() },
      webUrl: `https://onedrive.live.com/?id=${encodeURIComponent(entry.id)}`,
      fileSystemInfo: { createdDateTime: entry.createdAt, lastModifiedDateTime: entry.modifiedAt },
      size: entry.isFolder ? 0 : entry.content.length,
    };
    if (entry.id === root.id) {
      item.root = {};
      item.folder = { childCount: countChildren(entry.id) };
      item.parentReference = { driveId, driveType: 'personal' };
      return item;
    }
    item.parentReference = { driveId, driveType: 'personal', id: entry.parentId, path: pathOf(entry) };
    if (entry.isFolder) item.folder = { childCount: countChildren(entry.id) };
    else item.file = { mimeType: entry.mimeType, hashes: { quickXorHash: contentDigest(entry.content) } };
    if (effectiveGrants(entry).length > 0) item.shared = { scope: 'users', owner: { user: accountIdentity() } };
    return item;
  }

  function countChildren(folderId: string): number {
    let count = 0;
    for (const entry of entries.values()) if (entry.parentId === folderId && !entry.isDeleted) count += 1;
    return count;
  }

  /** The item's own grants and those it inherits from shared folders above it. */
  function effectiveGrants(entry: Entry) {
    const grants: { email: string; permissionId: string; via: 'direct' | 'link'; from: Entry }[] = [];
    for (let at: Entry | undefined = entry; at; at = at.parentId ? entries.get(at.parentId) : undefined) {
      for (const [email, grant] of at.grants) grants.push({ email, ...grant, from: at });
    }
    return grants;
  }

  function toPermissions(entry: Entry): Permission[] {
    const owner: Permission = { id: 'owner', roles: ['owner'], grantedToV2: { user: accountIdentity() } };
    const grants = effectiveGrants(entry).map(({ email, from, ...grant }): Permission => {
      const inheritedFrom =
        from === entry ? {} : { inheritedFrom: { driveId, id: from.id, path: `${pathOf(from)}/${from.name}` } };
      const user: EmailIdentity = { id: createHash('sha1').update(email).digest('hex').slice(0, 16), email };
      const siteUser: SharePointIdentity = { displayName: email, loginName: `i:0#.f|membership|${email}` };
      const identity: SharePointIdentitySet = { user, siteUser };
      if (grant.via === 'link') {
        return {
          id: grant.permissionId,
          roles: ['read'],
          link: { type: 'view', scope: 'users', webUrl: `https://1drv.ms/u/s!${grant.permissionId}` },
          grantedToIdentitiesV2: [identity],
          ...inheritedFrom,
        };
      }
      return {
        id: grant.permissionId,
        roles: ['read'],
        grantedToV2: identity,
        invitation: { email, signInRequired: true },
        ...inheritedFrom,
      };
    });
    return [owner, ...grants];
  }

  // ---- HTTP plumbing -------------------------------------------------------------------------------------------

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }

  /** Graph's error body: { error: { code, message, innerError } }. */
  function sendGraphError(res: ServerResponse, status: number, code: string, message: string, headers = {}) {
    sendJson(
      res,
      status,
      { error: { code, message, innerError: { date: now(), 'request-id': randomBytes(8).toString('hex') } } },
      headers,
    );
  }

  /** The identity platform's error body. */
  function sendOAuthError(res: ServerResponse, status: number, error: string, description: string) {
    sendJson(res, status, {
      error,
      error_description: description,
      error_codes: [error === 'invalid_grant' ? 70000 : 7000215],
      timestamp: now().replace('T', ' ').slice(0, 19),
    });
  }

  async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) return null;
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  function isAuthorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    const token = match?.[1] ? accessTokens.get(match[1]) : undefined;
    return token !== undefined && token.expiresAt > Date.now();
  }

  function issueTokens(scope: string): TokenResponse {
    const accessToken = randomToken('EwA');
    const refreshToken = randomToken('M.C');
    accessTokens.set(accessToken, { expiresAt: Date.now() + accessTokenLifetime * 1000 });
    refreshTokens.set(refreshToken, { scope, isRevoked: false });
    // The identity platform lists the granted scopes without offline_access/openid.
    const granted = scope
      .split(' ')
      .filter((value) => value && value !== 'offline_access' && value !== 'openid')
      .join(' ');
    return {
      token_type: 'Bearer',
      scope: granted,
      expires_in: accessTokenLifetime,
      ext_expires_in: accessTokenLifetime,
      access_token: accessToken,
      refresh_token: refreshToken,
    };
  }

  const encodeToken = (token: DeltaToken) => Buffer.from(JSON.stringify(token)).toString('base64url');
  function decodeToken(value: string): DeltaToken | null {
    try {
      const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as DeltaToken;
      return typeof parsed.e === 'number' && typeof parsed.s === 'number' && typeof parsed.t === 'number'
        ? parsed
        : null;
    } catch {
      return null;
    }
  }
  const contextUrl = `${linkOrigins.graph}/v1.0/$metadata#Collection(driveItem)`;
  const deltaUrl = (token?: DeltaToken) =>
    `${linkOrigins.graph}/v1.0/me/drive/root/delta${token ? `?token=${encodeToken(token)}` : ''}`;

  function serveDelta(req: IncomingMessage, res: ServerResponse, url: URL) {
    const tokenParam = url.searchParams.get('token');
    let token: DeltaToken = { e: epoch, s: 0, t: seq };
    if (tokenParam) {
      const decoded = decodeToken(tokenParam);
      if (!decoded) return sendGraphError(res, 400, 'invalidRequest', 'Invalid delta token.');
      if (decoded.e !== epoch) {
        // Documented: 410 Gone, a resync error code, and a Location that starts a fresh enumeration.
        return sendGraphError(res, 410, 'resyncChangesApplyDifferences', 'Resync required.', {
          location: deltaUrl(),
        });
      }
      token = decoded;
    }
    const prefer = String(req.headers.prefer ?? '').toLowerCase();
    const isSharingShown = prefer.includes('deltashowsharingchanges');
    const effectiveSeq = (entry: Entry) =>
      isSharingShown ? Math.max(entry.changeSeq, entry.sharingSeq) : entry.changeSeq;
    const after = token.a;
    const candidates: Entry[] = [];
    for (const entry of entries.values()) {
      const at = effectiveSeq(entry);
      if (at <= token.s) continue;
      // A full listing shows no item that was already gone when it started.
      if (token.s === 0 && entry.isDeleted && entry.changeSeq <= token.t) continue;
      if (after && (at < after[0] || (at === after[0] && entry.id <= after[1]))) continue;
      candidates.push(entry);
    }
    candidates.sort((a, b) => effectiveSeq(a) - effectiveSeq(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = candidates.slice(0, pageSize);
    const value = page.map((entry): DeltaResponse['value'][number] => {
      const item = toDriveItem(entry);
      return isSharingShown && entry.sharingSeq > token.s
        ? { ...item, '@microsoft.graph.sharedChanged': 'True' }
        : item;
    });
    const last = page.at(-1);
    if (candidates.length > pageSize && last) {
      const next: DeltaToken = { e: epoch, s: token.s, t: token.t, a: [effectiveSeq(last), last.id] };
      const body: DeltaResponse = { '@odata.context': contextUrl, value, '@odata.nextLink': deltaUrl(next) };
      return sendJson(res, 200, body);
    }
    const body: DeltaResponse = {
      '@odata.context': contextUrl,
      value,
      '@odata.deltaLink': deltaUrl({ e: epoch, s: seq, t: seq }),
    };
    return sendJson(res, 200, body);
  }

  async function serveUpload(req: IncomingMessage, res: ServerResponse, url: URL, parentId: string, path: string) {
    const names = path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    const fileName = names.pop();
    if (!fileName) return sendGraphError(res, 400, 'invalidRequest', 'A file name is required.');
    const parent = entries.get(parentId);
    if (!parent || parent.isDeleted || !parent.isFolder) {
      return sendGraphError(res, 404, 'itemNotFound', 'The resource could not be found.');
    }
    const body = await readBody(req, MAX_SIMPLE_UPLOAD);
    if (!body) {
      return sendGraphError(res, 413, 'requestTooLarge', 'Simple upload takes up to 4 MB; use an upload session.');
    }
    // Simple upload by path creates the missing folders.
    let folder = parent;
    for (const name of names) {
      const existing = [...entries.values()].find(
        (entry) => entry.parentId === folder.id && entry.isFolder && !entry.isDeleted && entry.name === name,
      );
      folder =
        existing ?? makeEntry({ name, parentId: folder.id, isFolder: true, content: Buffer.alloc(0), mimeType: '' });
    }
    const siblings = [...entries.values()].filter((entry) => entry.parentId === folder.id && !entry.isDeleted);
    const conflict = url.searchParams.get('@microsoft.graph.conflictBehavior') ?? 'replace';
    const mimeType =
      String(req.headers['content-type'] ?? 'application/octet-stream')
        .split(';')[0]
        ?.trim() ?? '';
    let name = fileName;
    const existing = siblings.find((entry) => entry.name === name);
    if (existing && conflict === 'fail') {
      return sendGraphError(res, 409, 'nameAlreadyExists', 'The specified item name already exists.');
    }
    if (existing && conflict === 'replace' && !existing.isFolder) {
      updateEntry(existing, body);
      return sendJson(res, 200, toDriveItem(existing));
    }
    if (existing) {
      const dot = fileName.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
      for (let n = 1; siblings.some((entry) => entry.name === name); n += 1) name = `${stem} ${n}${ext}`;
    }
    const entry = insertFile({ name, content: body, mimeType, parentId: folder.id });
    touchAncestors(entry);
    return sendJson(res, 201, toDriveItem(entry));
  }

  function updateEntry(entry: Entry, content: Buffer) {
    entry.content = content;
    entry.contentVersion += 1;
    entry.metaVersion += 1;
    entry.modifiedAt = now();
    entry.changeSeq = ++seq;
    touchAncestors(entry);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    requests.push({ method, path, hasBearer: /^Bearer /.test(req.headers.authorization ?? '') });

    const authorizePath = `/${tenant}/oauth2/v2.0/authorize`;
    if (method === 'GET' && path === authorizePath) return serveAuthorize(res, url);

    if (failures && failures.remaining > 0) {
      failures.remaining -= 1;
      const { status, retryAfterSeconds } = failures;
      if (failures.remaining === 0) failures = null;
      const headers: Record<string, string> =
        retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
      const code =
        status === 429 ? 'activityLimitReached' : status === 503 ? 'serviceNotAvailable' : 'generalException';
      return sendGraphError(res, status, code, 'Injected failure.', headers);
    }

    if (method === 'POST' && path === `/${tenant}/oauth2/v2.0/token`) return serveToken(req, res);

    const download = /^\/download\/([^/]+)$/.exec(path);
    if (method === 'GET' && download?.[1]) {
      // Pre-authenticated: the ticket in the URL is the credential, no Authorization header.
      const id = decodeURIComponent(download[1]);
      const ticket = url.searchParams.get('tempauth') ?? '';
      const entry = entries.get(id);
      if (downloadTickets.get(ticket) !== id || !entry || entry.isDeleted) {
        return sendGraphError(res, 403, 'accessDenied', 'The download URL is invalid or expired.');
      }
      res.writeHead(200, { 'content-type': entry.mimeType, 'content-length': String(entry.content.length) });
      return res.end(entry.content);
    }

    if (!path.startsWith('/v1.0/')) return sendGraphError(res, 404, 'BadRequest', `Unsupported path ${path}`);
    if (!isAuthorized(req)) {
      return sendGraphError(res, 401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', {
        'www-authenticate': 'Bearer realm="", error="invalid_token"',
      });
    }

    if (method === 'GET' && path === '/v1.0/me') {
      const user: User = {
        id: account.id,
        displayName: account.displayName,
        mail: account.email,
        userPrincipalName: account.email,
      };
      return sendJson(res, 200, { '@odata.context': `${linkOrigins.graph}/v1.0/$metadata#users/$entity`, ...user });
    }
    if (method === 'GET' && path === '/v1.0/me/drive/root/delta') return serveDelta(req, res, url);

    const itemPath = /^\/v1\.0\/me\/drive\/items\/([^/:]+)\/(permissions|content)$/.exec(path);
    if (method === 'GET' && itemPath?.[1]) {
      const entry = entries.get(decodeURIComponent(itemPath[1]));
      if (!entry || entry.isDeleted) return sendGraphError(res, 404, 'itemNotFound', 'Item not found');
      if (itemPath[2] === 'permissions') {
        const body: PermissionsResponse = { value: toPermissions(entry) };
        return sendJson(res, 200, body);
      }
      if (entry.isFolder) return sendGraphError(res, 400, 'invalidRequest', 'A folder has no content.');
      const ticket = randomBytes(16).toString('base64url');
      downloadTickets.set(ticket, entry.id);
      res.writeHead(302, {
        location: `${linkOrigins.download}/download/${encodeURIComponent(entry.id)}?tempauth=${ticket}`,
      });
      return res.end();
    }

    if (method === 'PUT') {
      const byPath = /^\/v1\.0\/me\/drive\/root:(\/.+):\/content$/.exec(path);
      if (byPath?.[1]) return serveUpload(req, res, url, root.id, byPath[1]);
      const inFolder = /^\/v1\.0\/me\/drive\/items\/([^/:]+):(\/[^/]+):\/content$/.exec(path);
      if (inFolder?.[1] && inFolder[2]) return serveUpload(req, res, url, decodeURIComponent(inFolder[1]), inFolder[2]);
    }
    return sendGraphError(res, 400, 'BadRequest', `Unsupported request ${method} ${path}`);
  }

  function serveAuthorize(res: ServerResponse, url: URL) {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== clientId || !redirectUri) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('AADSTS700016: Application not found, or no redirect_uri.');
    }
    const target = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (params.get('response_type') !== 'code' || !challenge || params.get('code_challenge_method') !== 'S256') {
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', 'response_type=code and an S256 code_challenge are required.');
    } else if (isConsentDenied) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user has denied access to the scope requested by the client.');
    } else {
      const code = randomToken('M.R3');
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: challenge,
        scope: params.get('scope') ?? '',
        isUsed: false,
      });
      target.searchParams.set('code', code);
    }
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  async function serveToken(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams((await readBody(req, 64 * 1024))?.toString('utf8') ?? '');
    let id = body.get('client_id');
    let secret = body.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [user, password] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user ?? '');
      secret = decodeURIComponent(password ?? '');
    }
    if (id !== clientId || secret !== clientSecret) {
      return sendOAuthError(res, 401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    }
    const grantType = body.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code || code.isUsed) {
        return sendOAuthError(res, 400, 'invalid_grant', 'AADSTS70000: The provided authorization code is invalid.');
      }
      code.isUsed = true;
      if (code.redirectUri !== body.get('redirect_uri')) {
        return sendOAuthError(res, 400, 'invalid_grant', 'AADSTS50148: The redirect_uri does not match.');
      }
      if (challenge !== code.codeChallenge) {
        return sendOAuthError(res, 400, 'invalid_grant', 'AADSTS501481: The Code_Verifier does not match.');
      }
      return sendJson(res, 200, issueTokens(code.scope));
    }
    if (grantType === 'refresh_token') {
      const stored = refreshTokens.get(body.get('refresh_token') ?? '');
      if (!stored || stored.isRevoked) {
        return sendOAuthError(res, 400, 'invalid_grant', 'AADSTS70000: The refresh token has been revoked.');
      }
      // Microsoft rotates refresh tokens: a new one comes with every refresh.
      return sendJson(res, 200, issueTokens(body.get('scope') ?? stored.scope));
    }
    return sendOAuthError(res, 400, 'unsupported_grant_type', `AADSTS70003: Unsupported grant_type ${grantType}.`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendGraphError(res, 500, 'generalException', String(error));
      else res.destroy();
    });
  });
  const origin = await listenOnLoopback(server);

  return {
    origin,
    tenant,
    clientId,
    clientSecret,
    account,
    rootId: root.id,
    requests,
    resetRequests: () => {
      requests.length = 0;
    },
    setConsentDenied: (isDenied) => {
      isConsentDenied = isDenied;
    },
    addFolder(name, parentId = root.id) {
      const entry = makeEntry({ name, parentId, isFolder: true, content: Buffer.alloc(0), mimeType: '' });
      touchAncestors(entry);
      return entry.id;
    },
    addFile(file) {
      const entry = insertFile(file);
      touchAncestors(entry);
      return entry.id;
    },
    addFiles(count, make) {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) ids.push(insertFile(make(index)).id);
      root.changeSeq = ++seq;
      return ids;
    },
    updateFile(id, content) {
      updateEntry(requireFile(id), typeof content === 'string' ? Buffer.from(content) : content);
    },
    deleteFile(id) {
      const entry = requireFile(id);
      entry.isDeleted = true;
      entry.changeSeq = ++seq;
      touchAncestors(entry);
    },
    share(id, email, via = 'direct') {
      const entry = requireShareable(id);
      entry.grants.set(email.toLowerCase(), { permissionId: randomBytes(6).toString('hex'), via });
      markSharingChanged(entry);
    },
    unshare(id, email) {
      const entry = requireShareable(id);
      if (entry.grants.delete(email.toLowerCase())) markSharingChanged(entry);
    },
    readFile(id) {
      const entry = entries.get(id);
      if (!entry || entry.isDeleted || entry.isFolder) return null;
      return { name: entry.name, content: entry.content, mimeType: entry.mimeType, parentId: entry.parentId };
    },
    findFileByName(name) {
      for (const entry of entries.values()) {
        if (entry.name === name && !entry.isDeleted && !entry.isFolder) return entry.id;
      }
      return null;
    },
    expireAccessTokens: () => {
      for (const token of accessTokens.values()) token.expiresAt = 0;
    },
    revokeRefreshTokens: () => {
      for (const token of refreshTokens.values()) token.isRevoked = true;
    },
    expireDeltaTokens: () => {
      epoch += 1;
    },
    failNext(count, status, retryAfterSeconds) {
      failures = count > 0 ? { remaining: count, status, retryAfterSeconds } : null;
    },
    close: () => closeServer(server),
  };
}
