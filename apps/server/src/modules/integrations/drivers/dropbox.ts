import type { files, sharing, users } from 'dropbox';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  type AccountIdentity,
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type DriverOptions,
  type FileStoreDriver,
  type OAuthTokens,
  parseRetryAfter,
  type RemoteContent,
  type RemoteItem,
} from '../connector-driver.ts';
import { requestOAuthTokens } from './oauth-token-request.ts';

/**
 * The Dropbox driver, on plain `fetch` against the documented HTTP endpoints (the SDK always builds https URLs, which
 * fights the base-URL override; its types still describe every response here).
 *
 * Ids: a Dropbox deletion (`DeletedMetadata`) carries only the path, never the file id, so `RemoteItem.id` is the
 * file's `path_lower` — the one value the add and the delete of the same file both carry, with no mapping to keep. A
 * rename or move therefore arrives as a deletion of the old path and an addition of the new one. Dropbox reports a
 * deleted folder as one deleted entry for the folder's path, not one per file inside, so a deletion's id must be read
 * as a path prefix: every item whose id is that path or starts with it plus `/` is gone (`isRemovedByDropboxDeletion`).
 */

const REAL_HOSTS = {
  www: 'https://www.dropbox.com',
  api: 'https://api.dropboxapi.com',
  content: 'https://content.dropboxapi.com',
} as const;

type DropboxHosts = { -readonly [K in keyof typeof REAL_HOSTS]: string };

/** Entries per list_folder page; Dropbox takes 1-2000 and treats it as approximate. */
const LIST_PAGE_LIMIT = 1000;
const MEMBERS_PAGE_LIMIT = 1000;

/** True when a Dropbox deletion with id `deletedId` (a path_lower) removes the item `itemId` (itself or a child). */
export function isRemovedByDropboxDeletion(itemId: string, deletedId: string): boolean {
  return itemId === deletedId || itemId.startsWith(`${deletedId}/`);
}

function hostsFor(connectors: ConnectorsConfig): DropboxHosts {
  const override = connectors.baseUrls.dropbox;
  if (!override) return { ...REAL_HOSTS };
  const origin = new URL(override).origin;
  return { www: origin, api: origin, content: origin };
}

/**
 * Dropbox-API-Arg travels in an HTTP header, so characters outside ASCII (and DEL) must be JSON-escaped as \uXXXX
 * (Dropbox's HTTP docs, "Request and response formats").
 */
export function toHeaderSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  json: 'application/json',
  xml: 'application/xml',
  rtf: 'application/rtf',
  eml: 'message/rfc822',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  zip: 'application/zip',
};

/** Dropbox stores no MIME type, so it comes from the file name's extension. */
export function mimeTypeFromName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return MIME_TYPES[extension] ?? 'application/octet-stream';
}

interface DropboxErrorBody {
  error_summary?: string;
  error?: unknown;
  error_description?: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorSummary(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { error_summary: summary, error, error_description: description } = body as DropboxErrorBody;
    if (typeof summary === 'string') return summary;
    if (typeof error === 'string') return description ? `${error}: ${description}` : error;
  }
  return fallback;
}

/** Retry-After from the header, else the `retry_after` Dropbox puts in a rate-limit error body. */
function retryAfterOf(response: Response, body: unknown): number | null {
  const fromHeader = parseRetryAfter(response.headers.get('retry-after'));
  if (fromHeader !== null) return fromHeader;
  if (body && typeof body === 'object') {
    const error = (body as DropboxErrorBody).error;
    if (error && typeof error === 'object' && 'retry_after' in error) {
      const seconds = (error as { retry_after: unknown }).retry_after;
      if (typeof seconds === 'number' && seconds >= 0) return seconds;
    }
  }
  return null;
}

/** Turns a failed API response into the driver's errors: 401 is a refused token, everything else an HTTP error. */
async function toFailure(response: Response, call: string): Promise<Error> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  const summary = errorSummary(body, text.slice(0, 200) || response.statusText);
  if (response.status === 401) return new ConnectorAuthError(`Dropbox refused the access token (${call}): ${summary}`);
  return new ConnectorHttpError(`Dropbox ${call} failed with ${response.status}: ${summary}`, {
    status: response.status,
    retryAfterSeconds: response.status === 429 || response.status >= 500 ? retryAfterOf(response, body) : null,
  });
}

export function createDropboxDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): FileStoreDriver {
  const hosts = hostsFor(connectors);
  const doFetch = options.fetch ?? fetch;

  async function send(url: string, init: RequestInit, call: string): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (error) {
      throw new ConnectorHttpError(`Dropbox ${call} did not answer: ${(error as Error).message}`, { status: null });
    }
  }

  /** Reads a successful response's body; a connection lost midway is a retryable failure like no answer. */
  async function readBody<T>(read: () => Promise<T>, call: string): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw new ConnectorHttpError(`Dropbox ${call} answer was cut off: ${(error as Error).message}`, { status: null });
    }
  }

  function requireClient(): { clientId: string; clientSecret: string } {
    if (!connectors.dropbox) throw new Error('Dropbox is not configured (DROPBOX_APP_KEY, DROPBOX_APP_SECRET)');
    return connectors.dropbox;
  }

  /** An RPC endpoint: JSON argument in the body (none for argument-less routes), JSON result. */
  async function callRpc<T>(accessToken: string, route: string, arg: unknown | undefined): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
    if (arg !== undefined) headers['content-type'] = 'application/json';
    const response = await send(
      `${hosts.api}/2/${route}`,
      { method: 'POST', headers, body: arg === undefined ? undefined : JSON.stringify(arg) },
      route,
    );
    if (!response.ok) throw await toFailure(response, route);
    return readBody(() => response.json() as Promise<T>, route);
  }

  /**
   * Dropbox answers a refresh without a refresh token (the old one stays valid, `tokens.ts` keeps it), and refuses a
   * revoked one with 401 as well as `invalid_grant`.
   */
  function requestToken(params: Record<string, string>, call: string): Promise<OAuthTokens> {
    const client = requireClient();
    return requestOAuthTokens({
      label: 'Dropbox',
      what: call,
      url: `${hosts.api}/oauth2/token`,
      form: { ...params, client_id: client.clientId, client_secret: client.clientSecret },
      fetch: doFetch,
      refreshTokenWhenAbsent: null,
      isUnauthorizedRefusedGrant: true,
      readRetryAfter: retryAfterOf,
    });
  }

  function webUrlOf(pathDisplay: string | undefined): string | null {
    return pathDisplay ? `${hosts.www}/home${encodeURI(pathDisplay)}` : null;
  }

  /**
   * Resolves who else can see files in shared folders, one list_folder_members walk per shared folder per call.
   * Only members with an account are listed: pending invitees have no access yet, and groups would need the team API.
   */
  function createSharingResolver(accessToken: string) {
    let ownAccount: Promise<users.FullAccount> | null = null;
    const byFolder = new Map<string, Promise<string[]>>();

    async function listMembers(sharedFolderId: string): Promise<string[]> {
      ownAccount ??= callRpc<users.FullAccount>(accessToken, 'users/get_current_account', undefined);
      const own = await ownAccount;
      const emails = new Set<string>();
      let page = await callRpc<sharing.SharedFolderMembers>(accessToken, 'sharing/list_folder_members', {
        shared_folder_id: sharedFolderId,
        limit: MEMBERS_PAGE_LIMIT,
      });
      for (;;) {
        for (const member of page.users) {
          if (member.user.account_id === own.account_id) continue;
          const email = member.user.email?.toLowerCase();
          if (email && email !== own.email.toLowerCase()) emails.add(email);
        }
        if (!page.cursor) break;
        page = await callRpc<sharing.SharedFolderMembers>(accessToken, 'sharing/list_folder_members/continue', {
          cursor: page.cursor,
        });
      }
      return [...emails].sort();
    }

    /**
     * A folder whose members this account may not list (a route error, 409) shares with nobody we can name: the file
     * then syncs as unshared, which gives no one extra access. Refused tokens, rate limits and outages still fail.
     */
    async function listMembersOrNone(sharedFolderId: string): Promise<string[]> {
      try {
        return await listMembers(sharedFolderId);
      } catch (error) {
        if (error instanceof ConnectorHttpError && error.status === 409) return [];
        throw error;
      }
    }

    return (sharedFolderId: string | undefined): Promise<string[]> => {
      if (!sharedFolderId) return Promise.resolve([]);
      let members = byFolder.get(sharedFolderId);
      if (!members) {
        members = listMembersOrNone(sharedFolderId);
        byFolder.set(sharedFolderId, members);
      }
      return members;
    };
  }

  function toFileItem(file: files.FileMetadata, sharedWith: string[]): RemoteItem {
    const pathLower = file.path_lower ?? `/${file.name.toLowerCase()}`;
    return {
      id: pathLower,
      name: file.name,
      deleted: false,
      mimeType: mimeTypeFromName(file.name),
      size: file.size,
      modifiedAt: new Date(file.server_modified),
      version: file.content_hash ?? file.rev,
      webUrl: webUrlOf(file.path_display),
      sharedWith,
    };
  }

  function toDeletedItem(entry: files.DeletedMetadata): RemoteItem {
    return {
      id: entry.path_lower ?? `/${entry.name.toLowerCase()}`,
      name: entry.name,
      deleted: true,
      mimeType: null,
      size: null,
      modifiedAt: null,
      version: null,
      webUrl: null,
      sharedWith: [],
      // It may be a folder's: Dropbox does not say, and reports no deletion for the files that were in it.
      removesDescendants: true,
    };
  }

  /** list_folder/continue; its 409 `reset` (the cursor expired or the folder was restored) is a cursor reset. */
  async function continueListing(accessToken: string, cursor: string): Promise<files.ListFolderResult> {
    const route = 'files/list_folder/continue';
    const response = await send(
      `${hosts.api}/2/${route}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cursor }),
      },
      route,
    );
    if (response.status === 409) {
      const text = await response.text().catch(() => '');
      const error = (parseJson(text) as { error?: files.ListFolderContinueError } | null)?.error;
      if (error?.['.tag'] === 'reset') {
        throw new ConnectorCursorResetError(`Dropbox ${route} answered reset: the cursor is no longer valid`);
      }
      throw new ConnectorHttpError(`Dropbox ${route} failed with 409: ${errorSummary(parseJson(text), text)}`, {
        status: 409,
      });
    }
    if (!response.ok) throw await toFailure(response, route);
    return readBody(() => response.json() as Promise<files.ListFolderResult>, route);
  }

  const driver: FileStoreDriver = {
    provider: 'dropbox',

    isConfigured: () => connectors.dropbox !== null,

    authorizationUrl(request) {
      const client = requireClient();
      const url = new URL(`${hosts.www}/oauth2/authorize`);
      url.search = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: request.redirectUri,
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        // A refresh token, so syncs run while the user is away.
        token_access_type: 'offline',
      }).toString();
      return url.toString();
    },

    exchangeCode(exchange) {
      return requestToken(
        {
          grant_type: 'authorization_code',
          code: exchange.code,
          code_verifier: exchange.codeVerifier,
          redirect_uri: exchange.redirectUri,
        },
        'code exchange',
      );
    },

    refresh(refreshToken) {
      return requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh');
    },

    async accountIdentity(accessToken): Promise<AccountIdentity> {
      const account = await callRpc<users.FullAccount>(accessToken, 'users/get_current_account', undefined);
      return { id: account.account_id, email: account.email || null, name: account.name.display_name || null };
    },

    async listChanges(accessToken, cursor) {
      // A cursor unused for long expires: continue then answers 409 `reset` (ConnectorCursorResetError), and only a
      // full listing (a null cursor) starts over.
      const page = cursor
        ? await continueListing(accessToken, cursor)
        : await callRpc<files.ListFolderResult>(accessToken, 'files/list_folder', {
            path: '',
            recursive: true,
            include_deleted: false,
            limit: LIST_PAGE_LIMIT,
          });
      const resolveSharing = createSharingResolver(accessToken);
      const items: RemoteItem[] = [];
      for (const entry of page.entries) {
        if (entry['.tag'] === 'file') {
          items.push(toFileItem(entry, await resolveSharing(entry.sharing_info?.parent_shared_folder_id)));
        } else if (entry['.tag'] === 'deleted') {
          items.push(toDeletedItem(entry));
        }
        // Folders are not files; a deleted folder arrives as one `deleted` entry, which removes what was under it.
      }
      return { items, nextCursor: page.cursor, hasMore: page.has_more, ...(cursor ? {} : { startsFullListing: true }) };
    },

    async fetchContent(accessToken, item): Promise<RemoteContent> {
      const response = await send(
        `${hosts.content}/2/files/download`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'dropbox-api-arg': toHeaderSafeJson({ path: item.id }) },
        },
        'files/download',
      );
      if (!response.ok) throw await toFailure(response, 'files/download');
      const bytes = await readBody(() => response.arrayBuffer(), 'files/download');
      return { content: Buffer.from(bytes), mimeType: mimeTypeFromName(item.name) };
    },

    async upload(accessToken, file) {
      const folder = (file.folder ?? '').replace(/\/+$/, '');
      // A folder is a path, or a Dropbox id (`id:…`) or namespace (`ns:…`) that a path may continue from.
      const isReference = /^(id|ns):/.test(folder);
      const path = `${isReference || folder.startsWith('/') || folder === '' ? folder : `/${folder}`}/${file.name}`;
      const response = await send(
        `${hosts.content}/2/files/upload`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/octet-stream',
            // `add` with autorename never overwrites the user's file: a clash becomes "name (1).ext".
            'dropbox-api-arg': toHeaderSafeJson({ path, mode: 'add', autorename: true, mute: false }),
          },
          body: new Uint8Array(file.content),
        },
        'files/upload',
      );
      if (!response.ok) throw await toFailure(response, 'files/upload');
      const metadata = await readBody(() => response.json() as Promise<files.FileMetadata>, 'files/upload');
      const resolveSharing = createSharingResolver(accessToken);
      return toFileItem(metadata, await resolveSharing(metadata.sharing_info?.parent_shared_folder_id));
    },

    async revoke(token) {
      const revokeWith = async (accessToken: string): Promise<Response> =>
        send(
          `${hosts.api}/2/auth/token/revoke`,
          { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } },
          'auth/token/revoke',
        );
      const response = await revokeWith(token);
      if (response.ok) return;
      if (response.status !== 401) throw await toFailure(response, 'auth/token/revoke');
      // Not a live access token: it may be the refresh token (or an expired access token). Revoking an access token
      // minted from the refresh token revokes the refresh token too; a refused refresh token means nothing is left.
      let tokens: OAuthTokens;
      try {
        tokens = await driver.refresh(token);
      } catch (error) {
        if (error instanceof ConnectorAuthError) return;
        throw error;
      }
      const second = await revokeWith(tokens.accessToken);
      if (!second.ok && second.status !== 401) throw await toFailure(second, 'auth/token/revoke');
    },
  };
  return driver;
}
