import { randomUUID } from 'node:crypto';
import { type HTMLElement, type Node, NodeType, parse, TextNode } from 'node-html-parser';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  type AccountIdentity,
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type DriverOptions,
  type OAuthTokens,
  parseRetryAfter,
  type RemoteContent,
  type RemoteItem,
} from '../connector-driver.ts';

/**
 * The Confluence Cloud driver, on plain `fetch` against Atlassian's documented endpoints: OAuth 2.0 (3LO) at
 * auth.atlassian.com, and every site the grant covers through the api.atlassian.com gateway
 * (`/ex/confluence/{cloudId}/wiki/...`).
 *
 * Every sync is a full metadata listing (a CQL content search per site, restrictions expanded): it is cheap, and the
 * only way to see deletions and restriction changes, which Confluence reports in no change feed. Only pages whose
 * version number moved are fetched again, because `version` is the version number. Ids are
 * `<cloudId>:<page|blogpost>:<contentId>`: the type picks the v2 endpoint that reads the body.
 */

const REAL_HOSTS = { auth: 'https://auth.atlassian.com', api: 'https://api.atlassian.com' } as const;

/**
 * `read:me` for the User Identity API; the classic scopes the v1 endpoints document (content search, restrictions,
 * group memberships); the granular ones the v2 endpoints document (spaces, pages and blog posts); offline_access for
 * a refresh token.
 */
export const CONFLUENCE_SCOPES = [
  'read:me',
  'read:confluence-content.all',
  'read:confluence-space.summary',
  'read:confluence-user',
  'search:confluence',
  'read:page:confluence',
  'read:space:confluence',
  'offline_access',
] as const;

const SEARCH_LIMIT = 100;
const SPACES_LIMIT = 250;
const GROUPS_LIMIT = 200;
/**
 * Oldest first by creation, not newest first by modification: a page edited while a listing walks the results would
 * jump to a page already read, go unreported and be swept as deleted; creation order does not move.
 */
const LISTING_CQL = 'type in (page,blogpost) order by created asc';
const SEARCH_EXPAND =
  'version,space,ancestors,restrictions.read.restrictions.user,restrictions.read.restrictions.group';
const RESTRICTION_FETCHES_AT_ONCE = 4;
/** Listings whose sites and restrictions are kept in memory (one per connection syncing now). */
const CACHED_LISTINGS = 32;
const CURSOR_PREFIX = 'cf1.';

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  error?: unknown;
};
/** GET /me (User Identity API). */
type AtlassianMe = { account_id: string; email?: string | null; name?: string | null };
/** An entry of GET /oauth/token/accessible-resources: `id` is the cloud id. */
type AccessibleResource = { id: string; url: string; name: string; scopes: string[] };

/** v1 `ContentRestriction` with `restrictions.user` and `restrictions.group` expanded. */
interface ReadRestriction {
  restrictions?: { user?: { results?: Array<{ accountId?: string }> }; group?: { results?: Array<{ id?: string }> } };
}

/** A v1 `Content` of the content search, with the expansions asked for. */
interface SearchResult {
  id: string;
  type: string;
  status?: string;
  title: string;
  space?: { key?: string };
  version?: { number?: number; when?: string };
  ancestors?: Array<{ id: string }>;
  restrictions?: { read?: ReadRestriction };
  _links?: { webui?: string };
}

/** A page of v1 or v2 results: the next page's link, when there is one, is in `_links.next`. */
type LinkedPage<T> = { results: T[]; _links?: { next?: string } };
/** v2 `PageSingle` / `BlogPostSingle` with `body-format=storage`. */
type V2Content = { title: string; body?: { storage?: { value?: string } } };
type Site = { cloudId: string; url: string };

/** Where a listing stands: the site (by index and id) and the next search link of that site (null: its first). */
interface ListingCursor {
  listing: string;
  site: number;
  cloudId: string;
  next: string | null;
}

/** A view restriction's access-group keys; null when the content has none of its own. */
type RestrictionKeys = string[] | null;

type ListingCache = { sites: Promise<Site[]>; restrictions: Map<string, Promise<RestrictionKeys>> };

/** `confluence:<cloudId>:<kind>:<value>`; an `@` (old personal space keys) is escaped, as keys may hold none. */
export function confluenceAccessKey(cloudId: string, kind: 'space' | 'user' | 'group', value: string): string {
  return `confluence:${cloudId}:${kind}:${value.replace(/@/g, '%40')}`;
}

function encodeCursor(cursor: ListingCursor | 'done'): string {
  return `${CURSOR_PREFIX}${Buffer.from(JSON.stringify(cursor)).toString('base64url')}`;
}

/** The listing a cursor continues; null (start a new listing) for a finished one or one this driver cannot read. */
function decodeCursor(cursor: string | null): ListingCursor | null {
  if (!cursor?.startsWith(CURSOR_PREFIX)) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor.slice(CURSOR_PREFIX.length), 'base64url').toString('utf8')) as unknown;
    if (!value || typeof value !== 'object') return null;
    const { listing, site, cloudId, next } = value as Partial<ListingCursor>;
    if (typeof listing !== 'string' || typeof site !== 'number' || typeof cloudId !== 'string') return null;
    return { listing, site, cloudId, next: typeof next === 'string' ? next : null };
  } catch {
    return null;
  }
}

/** A search's next link with the expansions kept, should Confluence leave them out of it. */
function keepExpansions(link: string): string {
  const url = new URL(link, 'http://relative.invalid');
  if (!url.searchParams.has('expand')) url.searchParams.set('expand', SEARCH_EXPAND);
  return `${url.pathname}${url.search}`;
}

function parseItemId(id: string): { cloudId: string; type: 'page' | 'blogpost'; contentId: string } | null {
  const match = /^([^:]+):(page|blogpost):([^:]+)$/.exec(id);
  if (!match?.[1] || !match[3]) return null;
  return { cloudId: match[1], type: match[2] === 'blogpost' ? 'blogpost' : 'page', contentId: match[3] };
}

/** The keys every level of view restriction admits (inherited restrictions all apply); a key must pass them all. */
function intersectLevels(levels: string[][]): string[] {
  const [first = [], ...rest] = levels;
  return [...new Set(first)].filter((key) => rest.every((level) => level.includes(key))).sort();
}

function restrictionKeysOf(cloudId: string, read: ReadRestriction | undefined): RestrictionKeys | undefined {
  const users = read?.restrictions?.user?.results;
  const groups = read?.restrictions?.group?.results;
  // Not expanded: unknown, so it is read from the restriction endpoint rather than taken for "none".
  if (!users || !groups) return undefined;
  const keys = [
    ...users.flatMap((user) => (user.accountId ? [confluenceAccessKey(cloudId, 'user', user.accountId)] : [])),
    ...groups.flatMap((group) => (group.id ? [confluenceAccessKey(cloudId, 'group', group.id)] : [])),
  ];
  return keys.length > 0 ? keys : null;
}

function describeError(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { message, error, error_description: description, errors } = body as Record<string, unknown>;
    if (typeof message === 'string') return message;
    if (typeof error === 'string') return typeof description === 'string' ? `${error}: ${description}` : error;
    const [first] = Array.isArray(errors) ? (errors as Array<{ title?: unknown }>) : [];
    if (typeof first?.title === 'string') return first.title;
  }
  return fallback;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A failed answer as an HTTP error, with the wait of a 429 or 5xx: Retry-After, else X-RateLimit-Reset (a time). */
function httpErrorOf(response: Response, message: string): ConnectorHttpError {
  const isRetryable = response.status === 429 || response.status >= 500;
  const { headers } = response;
  const wait = parseRetryAfter(headers.get('retry-after')) ?? parseRetryAfter(headers.get('x-ratelimit-reset'));
  return new ConnectorHttpError(message, { status: response.status, retryAfterSeconds: isRetryable ? wait : null });
}

/** The Confluence Cloud driver; `connectors.baseUrls.confluence` replaces both Atlassian hosts (tests, the bench). */
export function createConfluenceDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): ConnectorDriver {
  const override = connectors.baseUrls.confluence;
  const hosts = override ? { auth: new URL(override).origin, api: new URL(override).origin } : { ...REAL_HOSTS };
  const doFetch = options.fetch ?? fetch;
  const listings = new Map<string, ListingCache>();

  function requireClient(): { clientId: string; clientSecret: string } {
    if (!connectors.confluence)
      throw new Error('Confluence is not configured (ATLASSIAN_CLIENT_ID, ATLASSIAN_CLIENT_SECRET)');
    return connectors.confluence;
  }

  async function send(url: string, init: RequestInit, call: string): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (error) {
      throw new ConnectorHttpError(`Confluence ${call} did not answer: ${(error as Error).message}`, { status: null });
    }
  }

  /** The answer's text; a connection lost midway is a retryable failure like no answer. */
  async function readText(response: Response, call: string): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw new ConnectorHttpError(`Confluence ${call} answer was cut off: ${(error as Error).message}`, {
        status: null,
      });
    }
  }

  /** A GET on the API; 401 (a refused or expired token) is an auth error, every other failure an HTTP error. */
  async function getJson<T>(accessToken: string, url: string, call: string): Promise<T> {
    const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    const response = await send(url, { headers }, call);
    const text = await readText(response, call);
    const body = parseJson(text);
    if (response.ok && body !== null) return body as T;
    if (response.ok) throw new ConnectorHttpError(`Confluence ${call} answered no JSON`, { status: null });
    const summary = describeError(body, text.slice(0, 200) || response.statusText);
    if (response.status === 401) throw new ConnectorAuthError(`Confluence refused the token (${call}): ${summary}`);
    throw httpErrorOf(response, `Confluence ${call} failed with ${response.status}: ${summary}`);
  }

  /** Atlassian's token endpoint takes JSON; its refresh tokens rotate, so every answer carries the next one. */
  async function requestTokens(grant: Record<string, string>, call: string): Promise<OAuthTokens> {
    const client = requireClient();
    const response = await send(
      `${hosts.auth}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...grant, client_id: client.clientId, client_secret: client.clientSecret }),
      },
      call,
    );
    const text = await readText(response, call);
    const body = parseJson(text) as TokenAnswer | null;
    if (!response.ok || !body?.access_token) {
      const summary = describeError(body, text.slice(0, 200) || response.statusText);
      // invalid_grant: the code or refresh token expired, was spent (rotation) or revoked; connecting again fixes it.
      // A refused client (access_denied) is our configuration, which connecting again would not fix.
      if (body?.error === 'invalid_grant')
        throw new ConnectorAuthError(`Atlassian refused the grant (${call}): ${summary}`);
      throw httpErrorOf(response, `Atlassian ${call} failed (${response.status}): ${summary}`);
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? null,
      expiresAt: typeof body.expires_in === 'number' ? new Date(Date.now() + body.expires_in * 1000) : null,
      scopes: body.scope ? body.scope.split(' ').filter(Boolean) : [],
    };
  }

  const siteRoot = (cloudId: string): string => `${hosts.api}/ex/confluence/${encodeURIComponent(cloudId)}`;

  /** v1 links are relative to the site's `/wiki`, v2 links start with `/wiki`: both resolve on the gateway. */
  function resolveLink(cloudId: string, link: string): string {
    return link.startsWith('/wiki/') ? `${siteRoot(cloudId)}${link}` : `${siteRoot(cloudId)}/wiki${link}`;
  }

  /** The Confluence sites of the grant (a grant may cover Jira sites too, whose scopes name no Confluence). */
  async function listSites(accessToken: string): Promise<Site[]> {
    const resources = await getJson<AccessibleResource[]>(
      accessToken,
      `${hosts.api}/oauth/token/accessible-resources`,
      'accessible-resources',
    );
    return resources
      .filter((resource) => resource.scopes.some((scope) => scope.includes('confluence')))
      .map((resource) => ({ cloudId: resource.id, url: resource.url.replace(/\/+$/, '') }));
  }

  function listingCache(listing: string, accessToken: string): ListingCache {
    let cache = listings.get(listing);
    if (!cache) {
      cache = { sites: listSites(accessToken), restrictions: new Map() };
      // A failed read is not kept: the engine's retry asks again.
      cache.sites.catch(() => listings.delete(listing));
      listings.set(listing, cache);
      for (const oldest of listings.keys()) {
        if (listings.size <= CACHED_LISTINGS) break;
        listings.delete(oldest);
      }
    }
    return cache;
  }

  /**
   * A content's own view restriction from its restriction endpoint. One the account may not read (403/404, e.g.
   * trashed meanwhile) counts as naming nobody, so what sits below it is shared with no one rather than everyone.
   */
  async function readRestriction(accessToken: string, cloudId: string, contentId: string): Promise<RestrictionKeys> {
    const url = `${siteRoot(cloudId)}/wiki/rest/api/content/${encodeURIComponent(contentId)}/restriction/byOperation/read?expand=restrictions.user,restrictions.group`;
    try {
      const read = await getJson<ReadRestriction>(accessToken, url, 'restriction/byOperation/read');
      const keys = restrictionKeysOf(cloudId, read);
      // Not null (no restriction) but undefined (an answer without the lists) is unknown: shared with no one.
      return keys === undefined ? [] : keys;
    } catch (error) {
      if (error instanceof ConnectorHttpError && (error.status === 403 || error.status === 404)) return [];
      throw error;
    }
  }

  /**
   * Who may see each result (ADR 0103). Unrestricted content, itself and up its ancestors (view restrictions are
   * inherited), goes to the space's readers; restricted content to the users and groups every restriction on the way
   * names (a member of a group named above and a user named below may lose access here, never gain it). Ancestors'
   * restrictions cannot be expanded in the search, so each ancestor's is read once per listing (cached); an ancestor
   * the listing already reported has its expanded restriction cached already.
   */
  async function resolveSharing(
    accessToken: string,
    site: Site,
    results: SearchResult[],
    cache: Map<string, Promise<RestrictionKeys>>,
  ): Promise<string[][]> {
    const cacheKey = (contentId: string) => `${site.cloudId}:${contentId}`;
    for (const result of results) {
      const own = restrictionKeysOf(site.cloudId, result.restrictions?.read);
      if (own !== undefined) cache.set(cacheKey(result.id), Promise.resolve(own));
    }
    const missing = [
      ...new Set(results.flatMap((result) => [result.id, ...(result.ancestors ?? []).map((ancestor) => ancestor.id)])),
    ].filter((id) => !cache.has(cacheKey(id)));
    for (let start = 0; start < missing.length; start += RESTRICTION_FETCHES_AT_ONCE) {
      const batch = missing.slice(start, start + RESTRICTION_FETCHES_AT_ONCE);
      for (const id of batch) {
        const keys = readRestriction(accessToken, site.cloudId, id);
        keys.catch(() => cache.delete(cacheKey(id)));
        cache.set(cacheKey(id), keys);
      }
      await Promise.all(batch.map((id) => cache.get(cacheKey(id))));
    }
    return Promise.all(
      results.map(async (result) => {
        const chain = [result.id, ...(result.ancestors ?? []).map((ancestor) => ancestor.id)];
        const levels = (await Promise.all(chain.map((id) => cache.get(cacheKey(id)) ?? Promise.resolve(null)))).filter(
          (keys): keys is string[] => keys !== null,
        );
        if (levels.length > 0) return intersectLevels(levels);
        const spaceKey = result.space?.key;
        return spaceKey ? [confluenceAccessKey(site.cloudId, 'space', spaceKey)] : [];
      }),
    );
  }

  function toItem(site: Site, result: SearchResult, sharedWith: string[]): RemoteItem {
    const when = result.version?.when ? new Date(result.version.when) : null;
    return {
      id: `${site.cloudId}:${result.type}:${result.id}`,
      name: result.title,
      deleted: false,
      mimeType: 'text/markdown',
      size: null,
      modifiedAt: when && !Number.isNaN(when.getTime()) ? when : null,
      version: typeof result.version?.number === 'number' ? String(result.version.number) : null,
      webUrl: result._links?.webui ? `${site.url}/wiki${result._links.webui}` : null,
      sharedWith,
    };
  }

  /** Every result of a paged endpoint, following `_links.next` to the last page. */
  async function collectPages<T>(accessToken: string, cloudId: string, first: string, call: string): Promise<T[]> {
    const all: T[] = [];
    let url: string | null = `${siteRoot(cloudId)}${first}`;
    while (url) {
      const page: LinkedPage<T> = await getJson<LinkedPage<T>>(accessToken, url, call);
      all.push(...page.results);
      url = page._links?.next ? resolveLink(cloudId, page._links.next) : null;
    }
    return all;
  }

  const driver: ConnectorDriver = {
    provider: 'confluence',

    isConfigured: () => connectors.confluence !== null,

    authorizationUrl(request) {
      // Atlassian's 3LO documents no PKCE: the challenge is not sent (the client secret authenticates the exchange).
      const params = new URLSearchParams({
        audience: 'api.atlassian.com',
        client_id: requireClient().clientId,
        scope: CONFLUENCE_SCOPES.join(' '),
        redirect_uri: request.redirectUri,
        state: request.state,
        response_type: 'code',
        prompt: 'consent',
      });
      // Spaces as %20, as Atlassian's examples write them (a literal + in a value is already %2B).
      return `${hosts.auth}/authorize?${params.toString().replace(/\+/g, '%20')}`;
    },

    exchangeCode(exchange) {
      return requestTokens(
        { grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri },
        'code exchange',
      );
    },

    refresh(refreshToken) {
      return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh');
    },

    async accountIdentity(accessToken): Promise<AccountIdentity> {
      const me = await getJson<AtlassianMe>(accessToken, `${hosts.api}/me`, '/me');
      return { id: me.account_id, email: me.email || null, name: me.name || null };
    },

    async listChanges(accessToken, cursor) {
      const resumed = decodeCursor(cursor);
      const listing = resumed?.listing ?? randomUUID();
      const cache = listingCache(listing, accessToken);
      const sites = await cache.sites;
      let siteIndex = resumed?.site ?? 0;
      let next = resumed?.next ?? null;
      if (resumed && sites[siteIndex]?.cloudId !== resumed.cloudId) {
        siteIndex = sites.findIndex((site) => site.cloudId === resumed.cloudId);
        // The site left the grant mid-listing: a new listing covers what is there now.
        if (siteIndex < 0) return driver.listChanges(accessToken, null);
      }
      const startsFullListing = resumed ? {} : { startsFullListing: true };
      const site = sites[siteIndex];
      if (!site) {
        listings.delete(listing);
        return { items: [], nextCursor: encodeCursor('done'), hasMore: false, ...startsFullListing };
      }
      const firstPage = new URLSearchParams({ cql: LISTING_CQL, limit: String(SEARCH_LIMIT), expand: SEARCH_EXPAND });
      const url = next
        ? resolveLink(site.cloudId, next)
        : `${siteRoot(site.cloudId)}/wiki/rest/api/content/search?${firstPage.toString()}`;
      let page: LinkedPage<SearchResult>;
      try {
        page = await getJson<LinkedPage<SearchResult>>(accessToken, url, 'content search');
      } catch (error) {
        // A search cursor Confluence no longer takes: the engine starts a new listing (once per run).
        if (next && error instanceof ConnectorHttpError && error.status === 400) {
          throw new ConnectorCursorResetError(`Confluence refused the search cursor: ${error.message}`);
        }
        throw error;
      }
      const results = page.results.filter(
        (result) =>
          (result.type === 'page' || result.type === 'blogpost') && (result.status ?? 'current') === 'current',
      );
      const sharing = await resolveSharing(accessToken, site, results, cache.restrictions);
      const items = results.map((result, index) => toItem(site, result, sharing[index] ?? []));
      next = page._links?.next ? keepExpansions(page._links.next) : null;
      if (!next) siteIndex += 1;
      const following = sites[siteIndex];
      if (!following) {
        listings.delete(listing);
        return { items, nextCursor: encodeCursor('done'), hasMore: false, ...startsFullListing };
      }
      const nextCursor = encodeCursor({ listing, site: siteIndex, cloudId: following.cloudId, next });
      return { items, nextCursor, hasMore: true, ...startsFullListing };
    },

    async fetchContent(accessToken, item): Promise<RemoteContent> {
      const parsed = parseItemId(item.id);
      if (!parsed) throw new ConnectorHttpError(`Not a Confluence item id: ${item.id}`, { status: 404 });
      const collection = parsed.type === 'blogpost' ? 'blogposts' : 'pages';
      const content = await getJson<V2Content>(
        accessToken,
        `${siteRoot(parsed.cloudId)}/wiki/api/v2/${collection}/${encodeURIComponent(parsed.contentId)}?body-format=storage`,
        `${collection}/{id}`,
      );
      const markdown = storageToMarkdown(content.title, content.body?.storage?.value ?? '');
      return { content: Buffer.from(markdown, 'utf8'), mimeType: 'text/markdown' };
    },

    async listAccessGroups(accessToken) {
      const me = await getJson<AtlassianMe>(accessToken, `${hosts.api}/me`, '/me');
      const keys: string[] = [];
      for (const site of await listSites(accessToken)) {
        keys.push(confluenceAccessKey(site.cloudId, 'user', me.account_id));
        const memberOf = new URLSearchParams({ accountId: me.account_id, limit: String(GROUPS_LIMIT) });
        const groups = await collectPages<{ id?: string }>(
          accessToken,
          site.cloudId,
          `/wiki/rest/api/user/memberof?${memberOf.toString()}`,
          'user/memberof',
        );
        for (const group of groups) if (group.id) keys.push(confluenceAccessKey(site.cloudId, 'group', group.id));
        const spaces = await collectPages<{ key?: string }>(
          accessToken,
          site.cloudId,
          `/wiki/api/v2/spaces?limit=${SPACES_LIMIT}`,
          'spaces',
        );
        for (const space of spaces) if (space.key) keys.push(confluenceAccessKey(site.cloudId, 'space', space.key));
      }
      return [...new Set(keys)];
    },
  };
  return driver;
}

// ---- Storage format (Confluence's XHTML) to Markdown, structure kept for chunking by heading. ----

const BLOCK_TAGS = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li table blockquote pre hr div section ac:task-list ac:rich-text-body ac:layout ac:layout-section ac:layout-cell ac:adf-extension'.split(
    ' ',
  ),
);

/** Renders nothing: images, emoticons without a fallback, placeholders (editor hints), macro parameters. */
const SILENT_TAGS = new Set(['ac:image', 'ac:placeholder', 'ac:parameter', 'ri:user', 'ri:attachment', 'ri:page']);

const tagOf = (element: HTMLElement): string => (element.rawTagName ?? '').toLowerCase();

const isElement = (node: Node): node is HTMLElement => node.nodeType === NodeType.ELEMENT_NODE;

const childElements = (element: HTMLElement, tag: string): HTMLElement[] =>
  element.childNodes.filter((child): child is HTMLElement => isElement(child) && tagOf(child) === tag);

/** Text with entities decoded, CDATA sections (code, link bodies) taken as they are. */
function rawTextOf(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) {
    const raw = node.rawText;
    if (!raw.includes('<![CDATA[')) return (node as TextNode).text;
    return raw
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : new TextNode(part).text))
      .join('');
  }
  return isElement(node) ? node.childNodes.map(rawTextOf).join('') : '';
}

function macroParameter(macro: HTMLElement, name: string): string | null {
  const parameter = childElements(macro, 'ac:parameter').find((element) => element.getAttribute('ac:name') === name);
  return parameter ? rawTextOf(parameter).trim() : null;
}

function wrap(mark: string, inner: string): string {
  const text = inner.trim();
  if (!text) return inner;
  return `${inner.match(/^\s*/)?.[0] ?? ''}${mark}${text}${mark}${inner.match(/\s*$/)?.[0] ?? ''}`;
}

function linkText(link: HTMLElement): string {
  const plain = childElements(link, 'ac:plain-text-link-body')[0];
  const rich = childElements(link, 'ac:link-body')[0];
  const body = plain ? rawTextOf(plain) : rich ? renderInline(rich.childNodes) : '';
  if (body.trim()) return body;
  for (const child of link.childNodes) {
    if (!isElement(child)) continue;
    const target =
      child.getAttribute('ri:content-title') ?? child.getAttribute('ri:filename') ?? child.getAttribute('ri:space-key');
    if (target) return target;
  }
  return '';
}

const INLINE_MARKS: Record<string, string> = { strong: '**', b: '**', em: '_', i: '_', s: '~~', del: '~~', code: '`' };

function renderInlineElement(element: HTMLElement): string {
  const tag = tagOf(element);
  const inner = () => renderInline(element.childNodes);
  const mark = INLINE_MARKS[tag];
  if (mark) return wrap(mark, inner());
  switch (tag) {
    case 'br':
      return '\n';
    case 'a': {
      const href = element.getAttribute('href');
      const text = inner();
      return href && /^(https?:|mailto:)/i.test(href) ? `[${text.trim() || href}](${href})` : text;
    }
    case 'ac:link':
      return linkText(element);
    case 'ac:emoticon':
      return element.getAttribute('ac:emoji-fallback') ?? '';
    case 'time':
      return element.getAttribute('datetime') ?? '';
    case 'ac:structured-macro': {
      // An inline macro (status, jira, ...): its body's text, else its title.
      const body = [...childElements(element, 'ac:rich-text-body'), ...childElements(element, 'ac:plain-text-body')];
      const text = body.map((part) => renderInline(part.childNodes)).join(' ');
      return text.trim() ? text : (macroParameter(element, 'title') ?? '');
    }
    default:
      return SILENT_TAGS.has(tag) ? '' : inner();
  }
}

function renderInline(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.nodeType === NodeType.TEXT_NODE) return rawTextOf(node).replace(/\s+/g, ' ');
      return isElement(node) ? renderInlineElement(node) : '';
    })
    .join('');
}

/** A paragraph's lines trimmed; a line that would read as a heading is escaped. */
function finishParagraph(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line) => (/^#{1,6}(\s|$)/.test(line) ? `\\${line}` : line))
    .join('\n');
}

function fence(code: string, language: string | null): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language ?? ''}\n${code.replace(/^\n+|\s+$/g, '')}\n${marks}`;
}

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `${pad}${line}` : line))
    .join('\n');
}

/** List items: the first block on the marker's line, the rest (nested lists too) indented to the content column. */
function renderItems(items: Array<{ marker: string; body: Node[]; pad: number }>): string[] {
  const lines = items.map(({ marker, body, pad }) => {
    const [first = '', ...rest] = renderBlocks(body);
    const padding = ' '.repeat(pad);
    const head = `${marker} ${indent(first, padding).trimStart()}`.trimEnd();
    return [head, ...rest.map((block) => indent(block, padding))].join('\n');
  });
  return lines.length > 0 ? [lines.join('\n')] : [];
}

function renderTable(table: HTMLElement): string[] {
  const rows = table.childNodes.flatMap((child) => {
    if (!isElement(child)) return [];
    if (tagOf(child) === 'tr') return [child];
    return ['thead', 'tbody', 'tfoot'].includes(tagOf(child)) ? childElements(child, 'tr') : [];
  });
  const cells = rows.map((row) =>
    row.childNodes.filter((cell): cell is HTMLElement => isElement(cell) && ['th', 'td'].includes(tagOf(cell))),
  );
  const width = Math.max(0, ...cells.map((row) => row.length));
  if (width === 0) return [];
  const cellText = (cell: HTMLElement | undefined): string =>
    cell
      ? renderBlocks(cell.childNodes)
          .join(' ')
          .replace(/\s*\n\s*/g, ' ')
          .replace(/\|/g, '\\|')
      : '';
  const line = (row: HTMLElement[]): string =>
    `| ${Array.from({ length: width }, (_, index) => cellText(row[index])).join(' | ')} |`;
  const [first = [], ...rest] = cells;
  const hasHeader = first.length > 0 && first.every((cell) => tagOf(cell) === 'th');
  const header = hasHeader ? line(first) : `|${' |'.repeat(width)}`;
  const separator = `|${' --- |'.repeat(width)}`;
  return [[header, separator, ...(hasHeader ? rest : cells).map(line)].join('\n')];
}

function renderMacro(macro: HTMLElement): string[] {
  const name = (macro.getAttribute('ac:name') ?? '').toLowerCase();
  const plain = childElements(macro, 'ac:plain-text-body')[0];
  if (name === 'code' || name === 'noformat') {
    return [fence(plain ? rawTextOf(plain) : '', name === 'code' ? macroParameter(macro, 'language') : null)];
  }
  // Panels, notes, expands, excerpts...: their text stays, under their title when they have one.
  const blocks = childElements(macro, 'ac:rich-text-body').flatMap((body) => renderBlocks(body.childNodes));
  if (plain)
    blocks.push(
      ...rawTextOf(plain)
        .split(/\n{2,}/)
        .map(finishParagraph)
        .filter(Boolean),
    );
  const title = macroParameter(macro, 'title');
  if (title) return blocks.length > 0 ? [`**${title}**`, ...blocks] : [title];
  return blocks;
}

function renderBlock(element: HTMLElement): string[] {
  const tag = tagOf(element);
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const text = renderInline(element.childNodes).replace(/\s+/g, ' ').trim();
    return text ? [`${'#'.repeat(Number(heading[1]))} ${text}`] : [];
  }
  switch (tag) {
    case 'ul':
    case 'ol': {
      const items = childElements(element, 'li');
      const start = Number(element.getAttribute('start') ?? 1) || 1;
      return renderItems(
        items.map((item, index) => {
          const marker = tag === 'ol' ? `${start + index}.` : '-';
          return { marker, body: item.childNodes, pad: marker.length + 1 };
        }),
      );
    }
    case 'ac:task-list':
      return renderItems(
        childElements(element, 'ac:task').map((task) => {
          const status = childElements(task, 'ac:task-status')[0];
          const isDone = status ? rawTextOf(status).trim() === 'complete' : false;
          const body = childElements(task, 'ac:task-body')[0];
          return { marker: isDone ? '- [x]' : '- [ ]', body: body?.childNodes ?? [], pad: 2 };
        }),
      );
    case 'table':
      return renderTable(element);
    case 'blockquote':
      return renderBlocks(element.childNodes).map((block) =>
        block
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
      );
    case 'pre':
      return [fence(rawTextOf(element), null)];
    case 'hr':
      return ['---'];
    case 'ac:structured-macro':
      return renderMacro(element);
    default:
      return renderBlocks(element.childNodes);
  }
}

/** Block macros (code, panels with a body) break the paragraph; inline ones (status, jira) stay in its text. */
function isBlock(node: Node): node is HTMLElement {
  if (!isElement(node)) return false;
  const tag = tagOf(node);
  if (tag !== 'ac:structured-macro') return BLOCK_TAGS.has(tag);
  const name = (node.getAttribute('ac:name') ?? '').toLowerCase();
  return name === 'code' || name === 'noformat' || childElements(node, 'ac:rich-text-body').length > 0;
}

function renderBlocks(nodes: Node[]): string[] {
  const blocks: string[] = [];
  let inline: Node[] = [];
  const flush = () => {
    const text = finishParagraph(renderInline(inline));
    if (text) blocks.push(text);
    inline = [];
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      blocks.push(...renderBlock(node));
    } else {
      inline.push(node);
    }
  }
  flush();
  return blocks;
}

/**
 * A page in Markdown for the index: `# title`, then headings, paragraphs, lists (nested), task lists, tables (a row
 * of th cells as the header), code macros as fenced code, links as their text, other macros' text kept.
 */
export function storageToMarkdown(title: string, storage: string): string {
  const root = parse(storage, { comment: false });
  const blocks = renderBlocks(root.childNodes);
  return `${[`# ${title.replace(/\s+/g, ' ').trim()}`, ...blocks].join('\n\n')}\n`;
}
