import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { auth, common, files, sharing, users } from 'dropbox';
import { closeServer, listenOnLoopback, readBody } from './http-fake-server.ts';

/**
 * A local Dropbox written from Dropbox's HTTP documentation: the OAuth 2 code flow with PKCE (www.dropbox.com and
 * api.dropboxapi.com), the RPC endpoints (JSON in, JSON out) and the content endpoints (argument in the
 * `Dropbox-API-Arg` header, bytes in the body). Every response body is typed with the dropbox SDK's own types, so a
 * wrong shape fails to compile. One origin serves every host, as `CONNECTOR_BASE_URL_DROPBOX` expects.
 *
 * The change feed is a journal: every change appends the path it touched; a `list_folder/continue` cursor is a
 * position in it and answers each changed path once, with its state now (file, folder or deleted). Like Dropbox, a
 * deleted folder is one `deleted` entry for the folder's path, and a change of a shared folder's members is not in
 * the feed at all.
 */

export interface DropboxFakeAccount {
  accountId: string;
  email: string;
  name: string;
}

export interface DropboxFakeMember {
  email: string;
  name?: string;
  accessType?: 'owner' | 'editor' | 'viewer';
}

export interface DropboxFakeOptions {
  clientId?: string;
  clientSecret?: string;
  account?: Partial<DropboxFakeAccount>;
  /** Caps the entries per list_folder page below what the client asks for. */
  pageLimit?: number;
  /** The consent page answers `error=access_denied` instead of a code. */
  isConsentDenied?: boolean;
  /** Seconds an access token lives (Dropbox issues four hours). */
  accessTokenLifetimeSeconds?: number;
}

export interface DropboxFakeFile {
  id: string;
  pathLower: string;
  pathDisplay: string;
  name: string;
  content: Buffer;
  rev: string;
  contentHash: string;
  serverModified: Date;
}

export interface DropboxFakeRequest {
  method: string;
  path: string;
  host: string | undefined;
}

export interface DropboxFake {
  /** The origin serving every Dropbox host. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  account: DropboxFakeAccount;
  requests: DropboxFakeRequest[];
  /** The code challenges the consent page received, in order. */
  codeChallenges: string[];
  /** Adds (or replaces) a file; parent folders appear as needed. `path` is the display path, e.g. `/Notes/a.txt`. */
  addFile(path: string, content: string | Buffer): DropboxFakeFile;
  /** Adds n files fast (a bench can add thousands): `make(index)` gives each path and content. */
  addFiles(count: number, make: (index: number) => { path: string; content: string | Buffer }): void;
  /** New content for an existing file: new rev and content hash. */
  updateFile(path: string, content: string | Buffer): DropboxFakeFile;
  /** Deletes a file or a folder with everything in it. */
  deleteFile(path: string): void;
  getFile(path: string): DropboxFakeFile | null;
  /** Makes a folder a shared folder with these other members (the connected account is its owner). */
  shareFolder(path: string, members: DropboxFakeMember[]): string;
  addMember(folderPath: string, member: DropboxFakeMember): void;
  /** Removes one member; like Dropbox, the change feed does not report it. */
  removeMember(folderPath: string, email: string): void;
  /** Stops sharing the folder: its files lose their sharing info and show up in the change feed again. */
  unshareFolder(path: string): void;
  /** Every issued access token answers 401 expired_access_token from now on. */
  expireAccessTokens(): void;
  /** Every issued refresh token answers invalid_grant from now on (and their access tokens 401). */
  revokeRefreshTokens(): void;
  /** The next `count` API calls (not the OAuth pages) fail with `status`, with Retry-After when given. */
  failNext(count: number, status: number, retryAfterSeconds?: number | null): void;
  /** Every list_folder cursor issued so far answers 409 `reset` from now on (as Dropbox's do when they expire). */
  expireCursors(): void;
  /** Changes the cap on entries per list_folder page (null: only the client's limit). */
  setPageLimit(limit: number | null): void;
  /** A valid access token without the consent dance, for tests that need one. */
  issueAccessToken(): string;
  resetRequests(): void;
  close(): Promise<void>;
}

interface StoredFolder {
  id: string;
  pathLower: string;
  pathDisplay: string;
  name: string;
  sharedFolderId: string | null;
}

interface SharedFolder {
  id: string;
  pathLower: string;
  members: Array<Required<DropboxFakeMember> & { accountId: string }>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  isUsed: boolean;
}

interface AccessTokenState {
  refreshToken: string | null;
  expiresAt: number;
  isRevoked: boolean;
}

/** A list_folder walk in progress: the snapshot it lists and where the journal stood when it started. */
interface SnapshotCursor {
  entries: files.ListFolderResult['entries'];
  offset: number;
  journalPosition: number;
  /** The limit the list_folder call asked for; continue calls keep it. */
  limit: number;
}

const BLOCK_SIZE = 4 * 1024 * 1024;

/** Dropbox's content hash: SHA-256 of the concatenated SHA-256 digests of each 4 MiB block, in hex. */
export function dropboxContentHash(content: Buffer): string {
  const outer = createHash('sha256');
  for (let offset = 0; offset < content.length; offset += BLOCK_SIZE) {
    outer.update(
      createHash('sha256')
        .update(content.subarray(offset, offset + BLOCK_SIZE))
        .digest(),
    );
  }
  return outer.digest('hex');
}

function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function parentsOf(pathDisplay: string): string[] {
  const parts = pathDisplay.split('/').filter(Boolean);
  const parents: string[] = [];
  for (let index = 1; index < parts.length; index += 1) parents.push(`/${parts.slice(0, index).join('/')}`);
  return parents;
}

function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** An RPC route's error: Dropbox answers 409 with the route's error union. */
function sendRouteError<E>(response: ServerResponse, summary: string, error: E): void {
  sendJson(response, 409, { error_summary: summary, error });
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export async function startDropboxFake(options: DropboxFakeOptions = {}): Promise<DropboxFake> {
  const clientId = options.clientId ?? 'fake-dropbox-app-key';
  const clientSecret = options.clientSecret ?? 'fake-dropbox-app-secret';
  const account: DropboxFakeAccount = {
    accountId: options.account?.accountId ?? 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc',
    email: options.account?.email ?? 'ada@example.com',
    name: options.account?.name ?? 'Ada Lovelace',
  };
  const lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 14_400;

  const filesByPath = new Map<string, DropboxFakeFile>();
  const foldersByPath = new Map<string, StoredFolder>();
  const sharedFolders = new Map<string, SharedFolder>();
  /** The change journal: the lower-case paths touched, in order. */
  const journal: string[] = [];
  const deletedDisplayPaths = new Map<string, string>();
  const snapshots = new Map<string, SnapshotCursor>();
  const memberCursors = new Map<string, { sharedFolderId: string; offset: number; limit: number }>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessTokenState>();
  const refreshTokens = new Map<string, { isRevoked: boolean }>();
  const requests: DropboxFakeRequest[] = [];
  const codeChallenges: string[] = [];
  let revision = 0x1000;
  let maxPageSize = options.pageLimit ?? null;
  let failure: { remaining: number; status: number; retryAfterSeconds: number | null } | null = null;

  const nextRev = (): string => {
    revision += 1;
    return `${revision.toString(16)}${randomBytes(4).toString('hex')}`;
  };

  function sharedFolderOf(pathLower: string): SharedFolder | null {
    for (const folder of sharedFolders.values()) {
      if (pathLower.startsWith(`${folder.pathLower}/`)) return folder;
    }
    return null;
  }

  function ensureParents(pathDisplay: string): void {
    for (const parent of parentsOf(pathDisplay)) {
      const lower = parent.toLowerCase();
      if (foldersByPath.has(lower)) continue;
      foldersByPath.set(lower, {
        id: `id:${randomId()}`,
        pathLower: lower,
        pathDisplay: parent,
        name: parent.slice(parent.lastIndexOf('/') + 1),
        sharedFolderId: null,
      });
      journal.push(lower);
    }
  }

  function putFile(path: string, content: string | Buffer, existing: DropboxFakeFile | null): DropboxFakeFile {
    const pathDisplay = normalizePath(path);
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    ensureParents(pathDisplay);
    const file: DropboxFakeFile = {
      id: existing?.id ?? `id:${randomId()}`,
      pathLower: pathDisplay.toLowerCase(),
      pathDisplay: existing?.pathDisplay ?? pathDisplay,
      name: pathDisplay.slice(pathDisplay.lastIndexOf('/') + 1),
      content: bytes,
      rev: nextRev(),
      contentHash: dropboxContentHash(bytes),
      serverModified: new Date(Math.floor(Date.now() / 1000) * 1000),
    };
    filesByPath.set(file.pathLower, file);
    journal.push(file.pathLower);
    return file;
  }

  function fileMetadata(file: DropboxFakeFile): files.FileMetadataReference {
    const shared = sharedFolderOf(file.pathLower);
    const timestamp: common.DropboxTimestamp = file.serverModified.toISOString().replace(/\.\d{3}Z$/, 'Z');
    return {
      '.tag': 'file',
      name: file.name,
      path_lower: file.pathLower,
      path_display: file.pathDisplay,
      id: file.id,
      client_modified: timestamp,
      server_modified: timestamp,
      rev: file.rev,
      size: file.content.length,
      is_downloadable: true,
      content_hash: file.contentHash,
      ...(shared
        ? {
            parent_shared_folder_id: shared.id,
            sharing_info: { read_only: false, parent_shared_folder_id: shared.id, modified_by: account.accountId },
          }
        : {}),
    };
  }

  function folderMetadata(folder: StoredFolder): files.FolderMetadataReference {
    const parentShare = sharedFolderOf(folder.pathLower);
    const sharingInfo: files.FolderSharingInfo | undefined = folder.sharedFolderId
      ? { read_only: false, shared_folder_id: folder.sharedFolderId, traverse_only: false, no_access: false }
      : parentShare
        ? { read_only: false, parent_shared_folder_id: parentShare.id, traverse_only: false, no_access: false }
        : undefined;
    return {
      '.tag': 'folder',
      name: folder.name,
      path_lower: folder.pathLower,
      path_display: folder.pathDisplay,
      id: folder.id,
      ...(folder.sharedFolderId ? { shared_folder_id: folder.sharedFolderId } : {}),
      ...(sharingInfo ? { sharing_info: sharingInfo } : {}),
    };
  }

  function entryFor(pathLower: string): files.ListFolderResult['entries'][number] {
    const file = filesByPath.get(pathLower);
    if (file) return fileMetadata(file);
    const folder = foldersByPath.get(pathLower);
    if (folder) return folderMetadata(folder);
    const deleted: files.DeletedMetadataReference = {
      '.tag': 'deleted',
      name: (deletedDisplayPaths.get(pathLower) ?? pathLower).replace(/^.*\//, ''),
      path_lower: pathLower,
      path_display: deletedDisplayPaths.get(pathLower) ?? pathLower,
    };
    return deleted;
  }

  /** A journal cursor carries its position and the page size the walk began with, as Dropbox's keep the limit. */
  /** Cursors of an older epoch were expired (expireCursors). */
  let cursorEpoch = 0;
  function logCursor(position: number, limit: number): string {
    const payload = { p: position, l: limit, a: account.accountId, e: cursorEpoch };
    return `AAE${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  }

  function readLogCursor(cursor: string): { position: number; limit: number } | null {
    if (!cursor.startsWith('AAE')) return null;
    try {
      const parsed = JSON.parse(Buffer.from(cursor.slice(3), 'base64url').toString('utf8')) as {
        p?: unknown;
        l?: unknown;
        e?: unknown;
      };
      if (typeof parsed.p !== 'number' || parsed.p < 0 || parsed.p > journal.length) return null;
      if ((parsed.e ?? 0) !== cursorEpoch) return null;
      return { position: parsed.p, limit: typeof parsed.l === 'number' ? parsed.l : 2000 };
    } catch {
      return null;
    }
  }

  function pageLimit(asked: number): number {
    const limit = Math.min(asked, 2000);
    return Math.max(1, maxPageSize ? Math.min(limit, maxPageSize) : limit);
  }

  /** A page of a full listing. Cursors stay valid, so a page can be asked for again after a failure. */
  function listFromSnapshot(snapshot: SnapshotCursor): files.ListFolderResult {
    const limit = pageLimit(snapshot.limit);
    const entries = snapshot.entries.slice(snapshot.offset, snapshot.offset + limit);
    const offset = snapshot.offset + entries.length;
    const hasMore = offset < snapshot.entries.length;
    let cursor: string;
    if (hasMore) {
      cursor = `AAS${randomId()}`;
      snapshots.set(cursor, { ...snapshot, offset });
    } else {
      cursor = logCursor(snapshot.journalPosition, snapshot.limit);
    }
    return { entries, cursor, has_more: hasMore };
  }

  /** Changes after a journal position: each path once, at its latest change, in journal order. */
  function listFromJournal(position: number, askedLimit: number): files.ListFolderResult {
    const limit = pageLimit(askedLimit);
    const latest = new Map<string, number>();
    for (let index = position; index < journal.length; index += 1) {
      const path = journal[index] as string;
      latest.delete(path);
      latest.set(path, index);
    }
    const changed = [...latest.entries()];
    const taken = changed.slice(0, limit);
    const hasMore = changed.length > taken.length;
    const end = hasMore ? (taken.at(-1)?.[1] ?? position) + 1 : journal.length;
    // Ordered by each path's latest change, so a path changed again after `end` comes on a later page, once.
    const entries = taken.map(([path]) => entryFor(path));
    return { entries, cursor: logCursor(end, askedLimit), has_more: hasMore };
  }

  function fullSnapshot(): files.ListFolderResult['entries'] {
    const paths = [...foldersByPath.keys(), ...filesByPath.keys()].sort();
    return paths.map((path) => entryFor(path));
  }

  function authenticate(request: IncomingMessage): void {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const state = accessTokens.get(token);
    const refresh = state?.refreshToken ? refreshTokens.get(state.refreshToken) : null;
    if (!state || state.isRevoked || refresh?.isRevoked) {
      const error: auth.AuthError = { '.tag': 'invalid_access_token' };
      throw new HttpFailure(401, { error_summary: 'invalid_access_token/', error });
    }
    if (state.expiresAt <= Date.now()) {
      const error: auth.AuthError = { '.tag': 'expired_access_token' };
      throw new HttpFailure(401, { error_summary: 'expired_access_token/', error });
    }
  }

  function issueTokens(withRefresh: string | null): { accessToken: string; refreshToken: string | null } {
    const accessToken = `sl.${randomId(32)}`;
    accessTokens.set(accessToken, {
      refreshToken: withRefresh,
      expiresAt: Date.now() + lifetimeSeconds * 1000,
      isRevoked: false,
    });
    return { accessToken, refreshToken: withRefresh };
  }

  function oauthError(response: ServerResponse, status: number, error: string, description: string): void {
    sendJson(response, status, { error, error_description: description });
  }

  function handleAuthorize(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== clientId || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Invalid client_id or redirect_uri');
      return;
    }
    const target = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const challenge = params.get('code_challenge');
    if (options.isConsentDenied) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set(
        'error_description',
        'The user chose not to give your app access to their Dropbox account.',
      );
    } else if (params.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else {
      const code = randomId(24);
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: challenge ?? '',
        codeChallengeMethod: params.get('code_challenge_method') ?? 'plain',
        isUsed: false,
      });
      if (challenge) codeChallenges.push(challenge);
      target.searchParams.set('code', code);
    }
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function handleToken(body: Buffer, request: IncomingMessage, response: ServerResponse): void {
    const form = new URLSearchParams(body.toString('utf8'));
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = request.headers.authorization;
    if (basic?.startsWith('Basic ')) {
      const [user, password] = Buffer.from(basic.slice(6), 'base64').toString('utf8').split(':');
      id = user ?? null;
      secret = password ?? null;
    }
    if (id !== clientId || secret !== clientSecret) {
      oauthError(response, 400, 'invalid_client', 'Invalid client_id or client_secret');
      return;
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.isUsed) {
        oauthError(response, 400, 'invalid_grant', "code doesn't exist or has expired");
        return;
      }
      code.isUsed = true;
      if (form.get('redirect_uri') !== code.redirectUri) {
        oauthError(response, 400, 'invalid_grant', 'redirect_uri mismatch');
        return;
      }
      if (code.codeChallenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed =
          code.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (computed !== code.codeChallenge) {
          oauthError(response, 400, 'invalid_grant', 'invalid code verifier');
          return;
        }
      }
      const refreshToken = randomId(32);
      refreshTokens.set(refreshToken, { isRevoked: false });
      const tokens = issueTokens(refreshToken);
      sendJson(response, 200, {
        access_token: tokens.accessToken,
        token_type: 'bearer',
        expires_in: lifetimeSeconds,
        refresh_token: refreshToken,
        scope: 'account_info.read files.content.read files.content.write files.metadata.read sharing.read',
        uid: '12345',
        account_id: account.accountId,
      });
      return;
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const stored = refreshTokens.get(refreshToken);
      if (!stored || stored.isRevoked) {
        oauthError(response, 400, 'invalid_grant', 'refresh token is invalid or revoked');
        return;
      }
      const tokens = issueTokens(refreshToken);
      sendJson(response, 200, { access_token: tokens.accessToken, token_type: 'bearer', expires_in: lifetimeSeconds });
      return;
    }
    oauthError(response, 400, 'unsupported_grant_type', `grant_type ${grantType ?? ''} is not supported`);
  }

  function readJsonArg<T>(body: Buffer): T {
    try {
      return JSON.parse(body.toString('utf8') || 'null') as T;
    } catch {
      throw new HttpFailure(400, 'Error in call: could not decode input as JSON');
    }
  }

  function readHeaderArg<T>(request: IncomingMessage): T {
    const header = request.headers['dropbox-api-arg'];
    if (typeof header !== 'string') throw new HttpFailure(400, 'Error in call: missing Dropbox-API-Arg header');
    if (/[^\x20-\x7e]/.test(header)) throw new HttpFailure(400, 'Error in call: Dropbox-API-Arg must be ASCII');
    return readJsonArg<T>(Buffer.from(header));
  }

  function fullAccount(): users.FullAccount {
    const [given = '', ...rest] = account.name.split(' ');
    return {
      account_id: account.accountId,
      name: {
        given_name: given,
        surname: rest.join(' '),
        familiar_name: given,
        display_name: account.name,
        abbreviated_name: account.name
          .split(' ')
          .map((part) => part[0] ?? '')
          .join(''),
      },
      email: account.email,
      email_verified: true,
      disabled: false,
      country: 'GB',
      locale: 'en',
      referral_link: 'https://db.tt/fake',
      is_paired: false,
      account_type: { '.tag': 'basic' },
      root_info: { '.tag': 'user', root_namespace_id: '3235641', home_namespace_id: '3235641' },
    };
  }

  function findFile(path: string): DropboxFakeFile | null {
    if (path.startsWith('id:')) return [...filesByPath.values()].find((file) => file.id === path) ?? null;
    return filesByPath.get(normalizePath(path).toLowerCase()) ?? null;
  }

  function membersPage(sharedFolderId: string, offset: number, limit: number): sharing.SharedFolderMembers {
    const folder = sharedFolders.get(sharedFolderId);
    if (!folder)
      throw new HttpFailure(409, {
        error_summary: 'access_error/invalid_id/',
        error: { '.tag': 'access_error', access_error: { '.tag': 'invalid_id' } },
      });
    const owner: sharing.UserMembershipInfo = {
      access_type: { '.tag': 'owner' },
      user: { account_id: account.accountId, email: account.email, display_name: account.name, same_team: false },
      permissions: [],
      is_inherited: false,
    };
    const all: sharing.UserMembershipInfo[] = [
      owner,
      ...folder.members.map(
        (member): sharing.UserMembershipInfo => ({
          access_type: { '.tag': member.accessType },
          user: { account_id: member.accountId, email: member.email, display_name: member.name, same_team: false },
          permissions: [],
          is_inherited: false,
        }),
      ),
    ];
    const usersPage = all.slice(offset, offset + limit);
    const result: sharing.SharedFolderMembers = { users: usersPage, groups: [], invitees: [] };
    if (offset + limit < all.length) {
      const cursor = `ZtkX${randomId()}`;
      memberCursors.set(cursor, { sharedFolderId, offset: offset + limit, limit });
      result.cursor = cursor;
    }
    return result;
  }

  function upload(request: IncomingMessage, body: Buffer): files.FileMetadata {
    const arg = readHeaderArg<files.UploadArg>(request);
    // The wire takes a void union member as a bare string ("add") or as an object ({".tag": "add"}).
    const rawMode = arg.mode as unknown;
    const mode = typeof rawMode === 'string' ? rawMode : (arg.mode?.['.tag'] ?? 'add');
    let path = normalizePath(arg.path);
    const existing = filesByPath.get(path.toLowerCase()) ?? null;
    if (existing && mode === 'add') {
      if (!arg.autorename) {
        throw new HttpFailure(409, {
          error_summary: 'path/conflict/file/',
          error: {
            '.tag': 'path',
            reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } },
            upload_session_id: '',
          },
        });
      }
      const dot = path.lastIndexOf('.');
      const stem = dot > path.lastIndexOf('/') ? path.slice(0, dot) : path;
      const extension = dot > path.lastIndexOf('/') ? path.slice(dot) : '';
      let attempt = 1;
      while (filesByPath.has(`${stem} (${attempt})${extension}`.toLowerCase())) attempt += 1;
      path = `${stem} (${attempt})${extension}`;
    }
    const saved = putFile(path, body, mode === 'overwrite' ? existing : null);
    const { '.tag': _tag, ...metadata } = fileMetadata(saved);
    return metadata;
  }

  async function handleApi(route: string, request: IncomingMessage, body: Buffer, response: ServerResponse) {
    if (route === '/2/auth/token/revoke') {
      authenticate(request);
      const token = (request.headers.authorization ?? '').slice('Bearer '.length);
      const state = accessTokens.get(token);
      if (state) {
        // Revoking an access token revokes its refresh token and every access token minted from it.
        state.isRevoked = true;
        const refresh = state.refreshToken ? refreshTokens.get(state.refreshToken) : null;
        if (refresh) refresh.isRevoked = true;
      }
      sendJson(response, 200, null);
      return;
    }
    authenticate(request);
    switch (route) {
      case '/2/users/get_current_account': {
        const result: users.FullAccount = fullAccount();
        sendJson(response, 200, result);
        return;
      }
      case '/2/files/list_folder': {
        const arg = readJsonArg<files.ListFolderArg>(body);
        if (arg.path !== '' || arg.recursive !== true) {
          // The fake lists the whole Dropbox recursively, the only way the driver asks.
          throw new HttpFailure(400, 'Error in call: the fake supports only path "" with recursive true');
        }
        const snapshot: SnapshotCursor = {
          entries: fullSnapshot(),
          offset: 0,
          journalPosition: journal.length,
          limit: Math.min(arg.limit ?? 2000, 2000),
        };
        const result: files.ListFolderResult = listFromSnapshot(snapshot);
        sendJson(response, 200, result);
        return;
      }
      case '/2/files/list_folder/continue': {
        const arg = readJsonArg<files.ListFolderContinueArg>(body);
        const snapshot = snapshots.get(arg.cursor);
        if (snapshot) {
          sendJson(response, 200, listFromSnapshot(snapshot));
          return;
        }
        const position = readLogCursor(arg.cursor);
        if (!position) {
          const error: files.ListFolderContinueError = { '.tag': 'reset' };
          sendRouteError(response, 'reset/', error);
          return;
        }
        const result: files.ListFolderResult = listFromJournal(position.position, position.limit);
        sendJson(response, 200, result);
        return;
      }
      case '/2/files/download': {
        const arg = readHeaderArg<files.DownloadArg>(request);
        const file = findFile(arg.path);
        if (!file) {
          const error: files.DownloadError = { '.tag': 'path', path: { '.tag': 'not_found' } };
          sendRouteError(response, 'path/not_found/', error);
          return;
        }
        const { '.tag': _tag, ...metadata } = fileMetadata(file);
        const result: files.FileMetadata = metadata;
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'dropbox-api-result': headerSafeJson(result),
        });
        response.end(file.content);
        return;
      }
      case '/2/files/upload': {
        sendJson(response, 200, upload(request, body));
        return;
      }
      case '/2/sharing/list_folder_members': {
        const arg = readJsonArg<sharing.ListFolderMembersArgs>(body);
        const limit = Math.max(1, Math.min(arg.limit ?? 1000, 1000));
        sendJson(response, 200, membersPage(arg.shared_folder_id, 0, limit));
        return;
      }
      case '/2/sharing/list_folder_members/continue': {
        const arg = readJsonArg<sharing.ListFolderMembersContinueArg>(body);
        const cursor = memberCursors.get(arg.cursor);
        if (!cursor) {
          const error: sharing.ListFolderMembersContinueError = { '.tag': 'invalid_cursor' };
          sendRouteError(response, 'invalid_cursor/', error);
          return;
        }
        memberCursors.delete(arg.cursor);
        sendJson(response, 200, membersPage(cursor.sharedFolderId, cursor.offset, cursor.limit));
        return;
      }
      default:
        throw new HttpFailure(400, `Unknown API function: "${route}"`);
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      requests.push({ method: request.method ?? 'GET', path: url.pathname, host: request.headers.host });
      const body = await readBody(request);
      try {
        if (request.method === 'GET' && url.pathname === '/oauth2/authorize') {
          handleAuthorize(url, response);
          return;
        }
        if (request.method === 'GET' && url.pathname.startsWith('/home')) {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(`<!doctype html><title>Dropbox</title><h1>${decodeURI(url.pathname.slice(5)) || '/'}</h1>`);
          return;
        }
        if (request.method === 'POST' && url.pathname === '/oauth2/token') {
          handleToken(body, request, response);
          return;
        }
        if (request.method !== 'POST' || !url.pathname.startsWith('/2/')) {
          response.writeHead(404, { 'content-type': 'text/plain' });
          response.end('Not found');
          return;
        }
        if (failure && failure.remaining > 0) {
          failure.remaining -= 1;
          const { status, retryAfterSeconds } = failure;
          if (failure.remaining === 0) failure = null;
          const headers: Record<string, string> =
            retryAfterSeconds !== null ? { 'retry-after': String(retryAfterSeconds) } : {};
          if (status === 429) {
            const error: auth.RateLimitError = {
              reason: { '.tag': 'too_many_requests' },
              ...(retryAfterSeconds !== null ? { retry_after: retryAfterSeconds } : {}),
            };
            sendJson(response, 429, { error_summary: 'too_many_requests/', error }, headers);
          } else {
            response.writeHead(status, { 'content-type': 'text/plain', ...headers });
            response.end('Internal Server Error');
          }
          return;
        }
        await handleApi(url.pathname, request, body, response);
      } catch (error) {
        if (error instanceof HttpFailure) {
          if (typeof error.body === 'string') {
            response.writeHead(error.status, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(error.body);
          } else {
            sendJson(response, error.status, error.body);
          }
          return;
        }
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  const baseUrl = await listenOnLoopback(server);

  function requireFolder(path: string): StoredFolder {
    const folder = foldersByPath.get(normalizePath(path).toLowerCase());
    if (!folder) throw new Error(`No folder at ${path}`);
    return folder;
  }

  function requireShared(path: string): SharedFolder {
    const folder = requireFolder(path);
    const shared = folder.sharedFolderId ? sharedFolders.get(folder.sharedFolderId) : null;
    if (!shared) throw new Error(`${path} is not a shared folder`);
    return shared;
  }

  function toMember(member: DropboxFakeMember): SharedFolder['members'][number] {
    return {
      email: member.email,
      name: member.name ?? member.email.split('@')[0] ?? member.email,
      accessType: member.accessType ?? 'editor',
      accountId: `dbid:${createHash('sha256').update(member.email.toLowerCase()).digest('base64url').slice(0, 32)}`,
    };
  }

  /**
   * The folder and everything below it reappear in the feed when it is shared or unshared: its contents move into or
   * out of a shared namespace and their `sharing_info` changes. (Modelled on how Dropbox mounts shared folders; the
   * documentation does not spell out which entries a client sees, so treat this as the fake's assumption.)
   */
  function touchContents(pathLower: string): void {
    journal.push(pathLower);
    for (const path of [...foldersByPath.keys(), ...filesByPath.keys()].sort()) {
      if (path.startsWith(`${pathLower}/`)) journal.push(path);
    }
  }

  return {
    baseUrl,
    clientId,
    clientSecret,
    account,
    requests,
    codeChallenges,
    addFile: (path, content) => putFile(path, content, filesByPath.get(normalizePath(path).toLowerCase()) ?? null),
    addFiles(count, make) {
      for (let index = 0; index < count; index += 1) {
        const { path, content } = make(index);
        putFile(path, content, filesByPath.get(normalizePath(path).toLowerCase()) ?? null);
      }
    },
    updateFile(path, content) {
      const existing = findFile(path);
      if (!existing) throw new Error(`No file at ${path}`);
      return putFile(existing.pathDisplay, content, existing);
    },
    deleteFile(path) {
      const lower = normalizePath(path).toLowerCase();
      const display = filesByPath.get(lower)?.pathDisplay ?? foldersByPath.get(lower)?.pathDisplay;
      if (!display) throw new Error(`Nothing at ${path}`);
      deletedDisplayPaths.set(lower, display);
      filesByPath.delete(lower);
      foldersByPath.delete(lower);
      for (const map of [filesByPath, foldersByPath]) {
        for (const key of [...map.keys()]) if (key.startsWith(`${lower}/`)) map.delete(key);
      }
      for (const [id, shared] of sharedFolders) {
        if (shared.pathLower === lower || shared.pathLower.startsWith(`${lower}/`)) sharedFolders.delete(id);
      }
      // One deleted entry for the path, even for a folder: its children are not listed one by one.
      journal.push(lower);
    },
    getFile: (path) => findFile(path),
    shareFolder(path, members) {
      const folder = requireFolder(path);
      const id = String(84_528_192_421 + sharedFolders.size);
      folder.sharedFolderId = id;
      sharedFolders.set(id, { id, pathLower: folder.pathLower, members: members.map(toMember) });
      touchContents(folder.pathLower);
      return id;
    },
    addMember(folderPath, member) {
      requireShared(folderPath).members.push(toMember(member));
    },
    removeMember(folderPath, email) {
      const shared = requireShared(folderPath);
      shared.members = shared.members.filter((member) => member.email.toLowerCase() !== email.toLowerCase());
    },
    unshareFolder(path) {
      const folder = requireFolder(path);
      if (folder.sharedFolderId) sharedFolders.delete(folder.sharedFolderId);
      folder.sharedFolderId = null;
      touchContents(folder.pathLower);
    },
    expireCursors() {
      cursorEpoch += 1;
      snapshots.clear();
    },
    expireAccessTokens() {
      for (const state of accessTokens.values()) state.expiresAt = 0;
    },
    revokeRefreshTokens() {
      for (const state of refreshTokens.values()) state.isRevoked = true;
    },
    failNext(count, status, retryAfterSeconds = null) {
      failure = count > 0 ? { remaining: count, status, retryAfterSeconds } : null;
    },
    setPageLimit(limit) {
      maxPageSize = limit;
    },
    issueAccessToken() {
      const refreshToken = randomId(32);
      refreshTokens.set(refreshToken, { isRevoked: false });
      return issueTokens(refreshToken).accessToken;
    },
    resetRequests() {
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
