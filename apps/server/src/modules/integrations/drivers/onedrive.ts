import type {
  DriveItem,
  EmailIdentity,
  Permission,
  SharePointIdentitySet,
  User,
} from '@microsoft/microsoft-graph-types';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  ConnectorAuthError,
  ConnectorCursorResetError,
  ConnectorHttpError,
  type DriverOptions,
  type FileStoreDriver,
  type OAuthTokens,
  parseRetryAfter,
  type RemoteItem,
} from '../connector-driver.ts';
import { requestOAuthTokens } from './oauth-token-request.ts';

/**
 * OneDrive through Microsoft Graph (v1.0) and the Microsoft identity platform (OAuth 2 v2.0 endpoints), with plain
 * fetch: the Graph SDK follows the content redirect itself (to a download host our base URL must replace) and drops
 * the Authorization header for non-Graph hosts, so it would fight the local fake more than it helps.
 */

const LOGIN_ORIGIN = 'https://login.microsoftonline.com';
const GRAPH_ORIGIN = 'https://graph.microsoft.com';
/** Files.ReadWrite only for the assistant's uploads; offline_access for the refresh token. */
export const ONEDRIVE_SCOPES = ['offline_access', 'Files.Read.All', 'Files.ReadWrite', 'User.Read'] as const;
/** Graph's simple upload takes at most 4 MB; larger files need an upload session, which this driver does not do. */
export const ONEDRIVE_SIMPLE_UPLOAD_LIMIT = 4 * 1024 * 1024;
/**
 * deltashowremovedasdeleted: items that left the user's view come back as deletions; deltashowsharingchanges: an item
 * whose permissions changed is reported even when its content did not, so unsharing reaches the access rules.
 */
const DELTA_PREFER = 'deltashowremovedasdeleted, deltashowsharingchanges';
const PERMISSION_CONCURRENCY = 4;

interface GraphErrorBody {
  error?: { code?: string; message?: string };
}

interface DeltaPage {
  value?: DriveItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface PermissionPage {
  value?: Permission[];
  '@odata.nextLink'?: string;
}

/**
 * An identity's email: Graph sends `user.email` (an emailIdentity, though typed as identity), and SharePoint's
 * `siteUser.loginName` is a claims login ending in the address (`i:0#.f|membership|ada@contoso.com`).
 */
function identityEmail(identity: SharePointIdentitySet | null | undefined): string | null {
  const user: EmailIdentity | null | undefined = identity?.user;
  if (user?.email) return user.email;
  const login = identity?.siteUser?.loginName?.split('|').at(-1);
  return login?.includes('@') ? login : null;
}

export function createOneDriveDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): FileStoreDriver {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = connectors.baseUrls.onedrive?.replace(/\/+$/, '') ?? null;
  const loginOrigin = baseUrl ?? LOGIN_ORIGIN;
  const graphOrigin = baseUrl ?? GRAPH_ORIGIN;

  function requireCredentials() {
    const credentials = connectors.onedrive;
    if (!credentials) throw new Error('OneDrive is not configured (MICROSOFT_CLIENT_ID / MICROSOFT_CLIENT_SECRET)');
    return credentials;
  }

  /** Links Graph hands out (nextLink, deltaLink, download URLs) name real hosts; a base URL replaces any of them. */
  function resolveUrl(url: string): string {
    if (!baseUrl) return url;
    const parsed = new URL(url);
    return `${baseUrl}${parsed.pathname}${parsed.search}`;
  }

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetchImpl(url, init);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConnectorHttpError(`OneDrive ${what} failed: ${reason}`, { status: null });
    }
  }

  /** `hasBearer`: the call carried our access token, so a 401 means Graph refused it (not a stale download URL). */
  async function throwGraphError(response: Response, what: string, hasBearer = true): Promise<never> {
    const body = (await response.json().catch(() => null)) as GraphErrorBody | null;
    const code = body?.error?.code ? ` (${body.error.code})` : '';
    if (response.status === 401 && hasBearer)
      throw new ConnectorAuthError(`OneDrive refused the access token for ${what}${code}`);
    throw new ConnectorHttpError(`OneDrive ${what} answered ${response.status}${code}`, {
      status: response.status,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }

  async function getGraphJson<T>(url: string, accessToken: string, what: string, headers: Record<string, string> = {}) {
    const response = await send(url, { headers: { authorization: `Bearer ${accessToken}`, ...headers } }, what);
    if (!response.ok) await throwGraphError(response, what);
    return (await response.json()) as T;
  }

  /** Microsoft rotates refresh tokens: every answer carries a new one, which `tokens.ts` stores at once. */
  function requestTokens(grant: Record<string, string>, what: string): Promise<OAuthTokens> {
    const credentials = requireCredentials();
    return requestOAuthTokens({
      label: 'Microsoft',
      what,
      url: `${loginOrigin}/${encodeURIComponent(credentials.tenant)}/oauth2/v2.0/token`,
      form: {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        scope: ONEDRIVE_SCOPES.join(' '),
        ...grant,
      },
      fetch: fetchImpl,
      refreshTokenWhenAbsent: null,
      defaultScopes: ONEDRIVE_SCOPES,
    });
  }

  async function fetchAccountEmail(accessToken: string): Promise<string | null> {
    const me = await getGraphJson<User>(
      `${graphOrigin}/v1.0/me?$select=id,mail,userPrincipalName`,
      accessToken,
      'profile',
    );
    return (me.mail ?? me.userPrincipalName ?? null)?.toLowerCase() ?? null;
  }

  /** The people a file is shared with, from its permissions: direct grants and the recipients of sharing links. */
  async function fetchSharedWith(accessToken: string, itemId: string, accountEmail: string | null): Promise<string[]> {
    const emails = new Set<string>();
    let url: string | null = `${graphOrigin}/v1.0/me/drive/items/${encodeURIComponent(itemId)}/permissions`;
    while (url) {
      const page: PermissionPage | null = await getGraphJson<PermissionPage>(url, accessToken, 'permissions').catch(
        (error: unknown) => {
          // Deleted between the delta page and this call: the next delta reports the deletion.
          if (error instanceof ConnectorHttpError && error.status === 404) return null;
          throw error;
        },
      );
      if (!page) return [];
      for (const permission of page.value ?? []) {
        // The owner of an item in /me/drive is the connected account.
        if (permission.roles?.includes('owner')) continue;
        const identities: (SharePointIdentitySet | null | undefined)[] = [
          permission.grantedToV2,
          ...(permission.grantedToIdentitiesV2 ?? []),
        ];
        for (const identity of identities) {
          const email = identityEmail(identity);
          if (email) emails.add(email.toLowerCase());
        }
        // A direct invitation names the address it was sent to, also before the recipient redeemed it.
        if (!permission.link && permission.invitation?.email) emails.add(permission.invitation.email.toLowerCase());
      }
      const next: string | undefined = page['@odata.nextLink'];
      url = next ? resolveUrl(next) : null;
    }
    if (accountEmail) emails.delete(accountEmail);
    return [...emails].sort();
  }

  function toRemoteItem(item: DriveItem, sharedWith: string[]): RemoteItem {
    const hashes = item.file?.hashes;
    return {
      id: item.id ?? '',
      name: item.name ?? '',
      deleted: false,
      mimeType: item.file?.mimeType ?? null,
      size: typeof item.size === 'number' ? item.size : null,
      modifiedAt: item.lastModifiedDateTime ? new Date(item.lastModifiedDateTime) : null,
      // cTag changes with the content only, eTag with any metadata too; a content hash is best.
      version: hashes?.quickXorHash ?? hashes?.sha256Hash ?? hashes?.sha1Hash ?? item.cTag ?? item.eTag ?? null,
      webUrl: item.webUrl ?? null,
      sharedWith,
    };
  }

  function toDeletion(item: DriveItem): RemoteItem {
    return {
      id: item.id ?? '',
      name: item.name ?? '',
      deleted: true,
      mimeType: null,
      size: null,
      modifiedAt: null,
      version: null,
      webUrl: null,
      sharedWith: [],
    };
  }

  async function toRemoteItems(accessToken: string, driveItems: DriveItem[]): Promise<RemoteItem[]> {
    // Files only: folders (and the root, a folder too) are not documents, and a deleted folder's files come as their
    // own deletions. A deletion may carry no facet at all, so anything not marked a folder counts.
    // The same item can come more than once in a delta feed; its last state counts.
    const latest = [...new Map(driveItems.map((item) => [item.id, item])).values()];
    const relevant = latest.filter((item) =>
      item.deleted ? Boolean(item.id) && !item.folder : Boolean(item.id) && Boolean(item.file) && !item.root,
    );
    // Permissions cost one call per item, so only items with the shared facet are asked.
    const shared = relevant.filter((item) => !item.deleted && item.shared);
    const sharedWithById = new Map<string, string[]>();
    if (shared.length > 0) {
      const accountEmail = await fetchAccountEmail(accessToken);
      for (let start = 0; start < shared.length; start += PERMISSION_CONCURRENCY) {
        const batch = shared.slice(start, start + PERMISSION_CONCURRENCY);
        const results = await Promise.all(
          batch.map((item) => fetchSharedWith(accessToken, item.id ?? '', accountEmail)),
        );
        for (const [index, item] of batch.entries()) sharedWithById.set(item.id ?? '', results[index] ?? []);
      }
    }
    return relevant.map((item) =>
      item.deleted ? toDeletion(item) : toRemoteItem(item, sharedWithById.get(item.id ?? '') ?? []),
    );
  }

  async function fetchDeltaPage(accessToken: string, url: string): Promise<Response> {
    return send(url, { headers: { authorization: `Bearer ${accessToken}`, prefer: DELTA_PREFER } }, 'delta');
  }

  return {
    provider: 'onedrive',

    isConfigured: () => connectors.onedrive !== null,

    authorizationUrl(request) {
      const credentials = requireCredentials();
      const url = new URL(`${loginOrigin}/${encodeURIComponent(credentials.tenant)}/oauth2/v2.0/authorize`);
      url.search = new URLSearchParams({
        client_id: credentials.clientId,
        response_type: 'code',
        redirect_uri: request.redirectUri,
        response_mode: 'query',
        scope: ONEDRIVE_SCOPES.join(' '),
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode(exchange) {
      return requestTokens(
        {
          grant_type: 'authorization_code',
          code: exchange.code,
          redirect_uri: exchange.redirectUri,
          code_verifier: exchange.codeVerifier,
        },
        'code exchange',
      );
    },

    refresh(refreshToken) {
      return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'refresh');
    },

    async accountIdentity(accessToken) {
      const me = await getGraphJson<User>(
        `${graphOrigin}/v1.0/me?$select=id,displayName,mail,userPrincipalName`,
        accessToken,
        'profile',
      );
      return { id: me.id ?? '', email: me.mail ?? me.userPrincipalName ?? null, name: me.displayName ?? null };
    },

    async listChanges(accessToken, cursor) {
      const fullDelta = `${graphOrigin}/v1.0/me/drive/root/delta`;
      const response = await fetchDeltaPage(accessToken, cursor ? resolveUrl(cursor) : fullDelta);
      if (response.status === 410 && cursor) {
        // 410 Gone (resyncChangesApplyDifferences / resyncChangesUploadDifferences): Graph can no longer list changes
        // since the stored token (too old, or the drive's state was reset). The engine starts over with a null cursor:
        // a fresh full enumeration, after which it removes what the enumeration did not report (deleted meanwhile).
        const body = (await response.json().catch(() => null)) as GraphErrorBody | null;
        throw new ConnectorCursorResetError(`OneDrive delta answered 410 (${body?.error?.code ?? 'resync'})`);
      }
      if (!response.ok) await throwGraphError(response, 'delta');
      const page = (await response.json()) as DeltaPage;
      const nextLink = page['@odata.nextLink'];
      const deltaLink = page['@odata.deltaLink'];
      const nextCursor = nextLink ?? deltaLink;
      if (!nextCursor) {
        throw new ConnectorHttpError('OneDrive delta page had neither a nextLink nor a deltaLink', {
          status: response.status,
        });
      }
      const items = await toRemoteItems(accessToken, page.value ?? []);
      // Without a cursor the delta enumerates the whole drive: a full listing.
      return { items, nextCursor, hasMore: Boolean(nextLink), ...(cursor ? {} : { startsFullListing: true }) };
    },

    async fetchContent(accessToken, item) {
      const url = `${graphOrigin}/v1.0/me/drive/items/${encodeURIComponent(item.id)}/content`;
      // Graph answers 302 to a short-lived, pre-authenticated download URL on another host: follow it by hand so the
      // base URL applies and the bearer token never goes to that host.
      let response = await send(
        url,
        { headers: { authorization: `Bearer ${accessToken}` }, redirect: 'manual' },
        'content',
      );
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        response = await send(resolveUrl(new URL(location, url).toString()), {}, 'download');
        if (!response.ok) await throwGraphError(response, 'download', false);
      }
      if (!response.ok) await throwGraphError(response, 'content');
      const content = Buffer.from(await response.arrayBuffer());
      const mimeType =
        item.mimeType ?? response.headers.get('content-type')?.split(';')[0]?.trim() ?? 'application/octet-stream';
      return { content, mimeType };
    },

    async upload(accessToken, file) {
      if (file.content.length > ONEDRIVE_SIMPLE_UPLOAD_LIMIT) {
        throw new ConnectorHttpError('OneDrive simple upload takes files up to 4 MB', { status: 413 });
      }
      const name = encodeURIComponent(file.name);
      const folder = file.folder?.trim() || null;
      // A folder is an item id, or a path from the drive root when it starts with '/'.
      const target = !folder
        ? `/v1.0/me/drive/root:/${name}:/content`
        : folder.startsWith('/')
          ? `/v1.0/me/drive/root:${folder
              .split('/')
              .filter(Boolean)
              .map((segment) => `/${encodeURIComponent(segment)}`)
              .join('')}/${name}:/content`
          : `/v1.0/me/drive/items/${encodeURIComponent(folder)}:/${name}:/content`;
      // rename: an existing file of that name is kept, not overwritten.
      const url = `${graphOrigin}${target}?@microsoft.graph.conflictBehavior=rename`;
      const response = await send(
        url,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': file.mimeType },
          body: new Uint8Array(file.content),
        },
        'upload',
      );
      if (!response.ok) await throwGraphError(response, 'upload');
      const item = (await response.json()) as DriveItem;
      const [remote] = await toRemoteItems(accessToken, [item]);
      if (!remote) throw new ConnectorHttpError('OneDrive upload answered no file', { status: response.status });
      return remote;
    },

    // No revoke: the Microsoft identity platform has no endpoint that revokes one app's refresh token for a user
    // (only an admin's revokeSignInSessions, which signs the user out everywhere). Disconnect deletes our tokens; the
    // user removes the app's consent at myapps.microsoft.com / account.live.com if they want it gone at Microsoft too.
  };
}
