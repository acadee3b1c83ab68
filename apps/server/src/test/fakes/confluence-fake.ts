import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenOnLoopback, readBody } from './http-fake-server.ts';

/**
 * A local Confluence Cloud written from Atlassian's documentation: the OAuth 2.0 (3LO) flow (auth.atlassian.com's
 * `/authorize` and `/oauth/token`, JSON bodies, rotating refresh tokens), the platform endpoints of api.atlassian.com
 * (`/me`, `/oauth/token/accessible-resources`) and the Confluence REST API behind the gateway at
 * `/ex/confluence/{cloudId}/wiki/...`: v1 CQL content search with expansions, read restrictions and group
 * memberships, v2 spaces, pages and blog posts. One origin serves every host, as `CONNECTOR_BASE_URL_CONFLUENCE`
 * expects. Responses are typed with small local types written from the docs (there is no official SDK).
 *
 * Who sees what follows Confluence: a space is read by its readers (everyone on the site, or named users and
 * groups); a page's view restriction, and every ancestor's, must name the viewer or one of their groups. Search,
 * spaces and content answer only what the token's account may see.
 */

export interface ConfluenceFakeUser {
  accountId: string;
  email: string;
  name: string;
}

export interface ConfluenceFakeSite {
  cloudId: string;
  /** The site's own address, e.g. https://acme.atlassian.net (links point there; API calls go to the gateway). */
  url: string;
  name: string;
}

/** Named users and groups (group ids); `everyone` is every account on the site. */
export type ConfluenceFakeReaders = 'everyone' | { users?: string[]; groups?: string[] };

export interface ConfluenceFakeRestriction {
  users: string[];
  groups: string[];
}

export interface ConfluenceFakeContent {
  id: string;
  cloudId: string;
  type: 'page' | 'blogpost';
  spaceKey: string;
  title: string;
  parentId: string | null;
  /** Storage-format XHTML. */
  body: string;
  version: number;
  createdAt: Date;
  modifiedAt: Date;
  authorId: string;
  /** The view restriction on this content itself; null when it has none. */
  restriction: ConfluenceFakeRestriction | null;
  status: 'current' | 'trashed';
}

export interface NewConfluenceContent {
  /** The first site when absent. */
  cloudId?: string;
  spaceKey: string;
  title: string;
  body?: string;
  type?: 'page' | 'blogpost';
  parentId?: string | null;
  restriction?: ConfluenceFakeRestriction | null;
  authorId?: string;
}

export interface ConfluenceFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** One site (acme) when absent. */
  sites?: Array<Partial<ConfluenceFakeSite>>;
  /** Ada and Bob when absent; the first one is signed in at the consent page. */
  users?: ConfluenceFakeUser[];
  /** The search's fixed system limit on results per page (Confluence caps `limit`). */
  searchPageLimit?: number;
  /** Seconds an access token lives (Atlassian issues one hour). */
  accessTokenLifetimeSeconds?: number;
  /** The consent page answers `error=access_denied` instead of a code. */
  isConsentDenied?: boolean;
}

export interface ConfluenceFakeRequest {
  method: string;
  path: string;
  host: string | undefined;
}

export interface ConfluenceFake {
  /** The origin serving auth.atlassian.com and api.atlassian.com. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  sites: ConfluenceFakeSite[];
  users: ConfluenceFakeUser[];
  requests: ConfluenceFakeRequest[];
  /** The account the consent page grants for (the first user at start). */
  signInAs(accountId: string): void;
  /** A valid access token without the consent dance (every documented scope unless given). */
  issueAccessToken(accountId?: string, scopes?: string[]): string;
  addGroup(cloudId: string, group: { name: string; members?: string[] }): string;
  addGroupMember(groupId: string, accountId: string): void;
  removeGroupMember(groupId: string, accountId: string): void;
  addSpace(cloudId: string, space: { key: string; name?: string; readers?: ConfluenceFakeReaders }): string;
  setSpaceReaders(cloudId: string, key: string, readers: ConfluenceFakeReaders): void;
  addContent(content: NewConfluenceContent): ConfluenceFakeContent;
  /** Adds many pages fast (a bench adds thousands); returns their ids in order. */
  addPages(count: number, make: (index: number) => NewConfluenceContent): string[];
  /** A new version: bumps the version number and its time. */
  editContent(id: string, change: { title?: string; body?: string }): ConfluenceFakeContent;
  /** Moves the content to the trash: gone from search and from the content endpoints. */
  deleteContent(id: string): void;
  /** Sets (null: removes) the content's own view restriction; the version does not change, as in Confluence. */
  restrictContent(id: string, restriction: ConfluenceFakeRestriction | null): void;
  getContent(id: string): ConfluenceFakeContent | null;
  /** The next `count` API calls whose path contains `pathPart` (any when absent) answer 429 with Retry-After. */
  rateLimitNext(count: number, options?: { pathPart?: string; retryAfterSeconds?: number }): void;
  /** The next `count` API calls answer `status` (a 5xx), with Retry-After when given. */
  failNext(count: number, status: number, retryAfterSeconds?: number | null): void;
  /** Every issued access token is expired from now on (its refresh token still works). */
  expireAccessTokens(): void;
  /** The user removed the app's access (account settings, Connected apps): their tokens so far are refused. */
  revokeGrant(accountId: string): void;
  setSearchPageLimit(limit: number | null): void;
  /** Every search and spaces cursor issued so far answers 400 from now on (as an expired one does). */
  expireSearchCursors(): void;
  resetRequests(): void;
  close(): Promise<void>;
}

// ---- Wire types, from the Confluence Cloud REST API and Atlassian platform docs. ----

/** GET https://api.atlassian.com/me (User Identity API). */
export interface AtlassianMe {
  account_type: string;
  account_id: string;
  email: string;
  name: string;
  picture: string;
  account_status: string;
  nickname: string;
  zoneinfo: string;
  locale: string;
  extended_profile: Record<string, string>;
}

/** One entry of GET https://api.atlassian.com/oauth/token/accessible-resources. */
export interface AtlassianAccessibleResource {
  id: string;
  url: string;
  name: string;
  scopes: string[];
  avatarUrl: string;
}

export interface AtlassianTokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  refresh_token?: string;
  scope: string;
}

type Links = Record<string, string>;

/** v1 `User`, as restrictions and versions carry it. */
export interface ConfluenceV1User {
  type: 'known';
  accountId: string;
  accountType: string;
  email: string;
  publicName: string;
  displayName: string;
  _links: Links;
}

/** v1 `Group`. */
export interface ConfluenceV1Group {
  type: 'group';
  name: string;
  id: string;
  _links: Links;
}

interface V1Array<T> {
  results: T[];
  start: number;
  limit: number;
  size: number;
  _links: Links;
}

/** v1 `ContentRestriction` (one operation's restrictions). */
export interface ConfluenceV1ContentRestriction {
  operation: 'read' | 'update';
  restrictions: {
    user?: V1Array<ConfluenceV1User>;
    group?: V1Array<ConfluenceV1Group>;
    _expandable: Record<string, string>;
  };
  _expandable: Record<string, string>;
  _links: Links;
}

/** v1 `Content`, with the expansions this fake knows. */
export interface ConfluenceV1Content {
  id: string;
  type: 'page' | 'blogpost';
  status: string;
  title: string;
  space?: { id: number; key: string; name: string; type: string; status: string; _links: Links };
  version?: {
    by: ConfluenceV1User;
    when: string;
    friendlyWhen: string;
    message: string;
    number: number;
    minorEdit: boolean;
    _links: Links;
  };
  ancestors?: ConfluenceV1Content[];
  restrictions?: { read: ConfluenceV1ContentRestriction; _expandable: Record<string, string>; _links: Links };
  _expandable: Record<string, string>;
  _links: Links;
}

export type ConfluenceV1ContentArray = V1Array<ConfluenceV1Content>;
export type ConfluenceV1GroupArray = V1Array<ConfluenceV1Group>;

/** v2 `SpaceBulk`. */
export interface ConfluenceV2Space {
  id: string;
  key: string;
  name: string;
  type: 'global' | 'personal';
  status: 'current' | 'archived';
  authorId: string;
  createdAt: string;
  homepageId: string | null;
  _links: { webui: string };
}

export interface ConfluenceV2MultiEntity<T> {
  results: T[];
  _links: { next?: string; base: string };
}

/** v2 `PageSingle` / `BlogPostSingle` (blog posts have no parent). */
export interface ConfluenceV2Content {
  id: string;
  status: 'current';
  title: string;
  spaceId: string;
  parentId?: string | null;
  parentType?: 'page' | null;
  authorId: string;
  createdAt: string;
  version: { createdAt: string; message: string; number: number; minorEdit: boolean; authorId: string };
  body: { storage?: { representation: 'storage'; value: string } };
  _links: { webui: string; editui: string; tinyui: string };
}

// ---- State. ----

interface FakeGroup {
  id: string;
  cloudId: string;
  name: string;
  members: Set<string>;
}

interface FakeSpace {
  id: string;
  cloudId: string;
  key: string;
  name: string;
  readers: ConfluenceFakeReaders;
  createdAt: Date;
}

interface PendingCode {
  accountId: string;
  redirectUri: string;
  scopes: string[];
  isUsed: boolean;
}

interface AccessTokenState {
  accountId: string;
  scopes: string[];
  expiresAt: number;
}

interface RefreshTokenState {
  accountId: string;
  scopes: string[];
  isUsed: boolean;
}

/** The endpoints' documented scopes: a token needs one of them (classic or granular). */
const ROUTE_SCOPES = {
  me: ['read:me'],
  search: ['search:confluence'],
  restriction: ['read:confluence-content.all', 'read:content-details:confluence'],
  memberOf: ['read:confluence-user', 'read:confluence-groups', 'read:group:confluence'],
  spaces: ['read:space:confluence'],
  content: ['read:page:confluence'],
} as const;

const ALL_SCOPES = [...new Set([...Object.values(ROUTE_SCOPES).flat(), 'offline_access'])];

const DEFAULT_USERS: ConfluenceFakeUser[] = [
  { accountId: '557058:ada-0c5e-4b8f-9d2a-lovelace', email: 'ada@example.com', name: 'Ada Lovelace' },
  { accountId: '5b10ac8d82e05b22cc7d4ef5', email: 'bob@example.com', name: 'Bob Builder' },
];

const SEARCH_DEFAULT_LIMIT = 25;
const MEMBEROF_MAX_LIMIT = 200;
const SPACES_MAX_LIMIT = 250;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** v1's error body. */
function v1Error(status: number, message: string): HttpFailure {
  return new HttpFailure(status, {
    statusCode: status,
    data: { authorized: status !== 403, valid: true, errors: [], successful: false },
    message,
  });
}

/** v2's error body. */
function v2Error(status: number, code: string, title: string): HttpFailure {
  return new HttpFailure(status, { errors: [{ status, code, title, detail: null }] });
}

function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

/** A position in a result list, valid in its epoch (`expireSearchCursors` starts a new one). */
function readOffsetCursor(cursor: string, epoch: number): number | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; e?: unknown };
    return typeof parsed.o === 'number' && parsed.o >= 0 && parsed.e === epoch ? parsed.o : null;
  } catch {
    return null;
  }
}

function offsetCursor(offset: number, epoch: number): string {
  return Buffer.from(JSON.stringify({ o: offset, e: epoch, r: randomToken(6) })).toString('base64url');
}

function boundedLimit(raw: string | null, fallback: number, max: number): number {
  const value = raw === null ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) return fallback;
  return Math.min(value, max);
}

/** The CQL this fake understands: a type clause and an optional ORDER BY, as the driver sends. */
function parseCql(cql: string): { types: string[]; field: string; isDescending: boolean } | null {
  const match = /^\s*type\s*(?:=\s*"?(\w+)"?|in\s*\(([^)]*)\))\s*(?:order\s+by\s+(\w+)(?:\s+(asc|desc))?)?\s*$/i.exec(
    cql,
  );
  if (!match) return null;
  const types = (match[1] ? [match[1]] : (match[2] ?? '').split(',')).map((type) =>
    type.trim().replace(/"/g, '').toLowerCase(),
  );
  const field = (match[3] ?? 'lastmodified').toLowerCase();
  if (!['lastmodified', 'created', 'title'].includes(field)) return null;
  const isDescending = match[4] ? match[4].toLowerCase() === 'desc' : field !== 'title';
  return { types, field, isDescending };
}

/** Starts the fake on 127.0.0.1 (a free port); one site (acme) and two users (Ada, Bob) unless told otherwise. */
export async function startConfluenceFake(options: ConfluenceFakeOptions = {}): Promise<ConfluenceFake> {
  const clientId = options.clientId ?? 'fake-atlassian-client-id';
  const clientSecret = options.clientSecret ?? 'fake-atlassian-client-secret';
  const lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 3600;
  const users = options.users ?? DEFAULT_USERS.map((user) => ({ ...user }));
  const sites: ConfluenceFakeSite[] = (options.sites ?? [{}]).map((site, index) => ({
    cloudId: site.cloudId ?? randomUUID(),
    name: site.name ?? (index === 0 ? 'acme' : `site${index + 1}`),
    url: site.url ?? `https://${site.name ?? (index === 0 ? 'acme' : `site${index + 1}`)}.atlassian.net`,
  }));
  const usersById = new Map(users.map((user) => [user.accountId, user]));
  const groups = new Map<string, FakeGroup>();
  const spaces = new Map<string, FakeSpace>();
  const contents = new Map<string, ConfluenceFakeContent>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessTokenState>();
  const refreshTokens = new Map<string, RefreshTokenState>();
  const requests: ConfluenceFakeRequest[] = [];
  let signedIn = users[0]?.accountId ?? '';
  let searchPageLimit = options.searchPageLimit ?? 200;
  let nextContentId = 65_537;
  let nextSpaceId = 98_305;
  let cursorEpoch = 0;
  let clock = Date.parse('2024-03-01T09:00:00.000Z');
  let rateLimit: { remaining: number; pathPart: string | null; retryAfterSeconds: number } | null = null;
  let failure: { remaining: number; status: number; retryAfterSeconds: number | null } | null = null;

  /** Strictly increasing times, so ordering by created or modified is stable however fast a test adds content. */
  const tick = (): Date => {
    clock += 1000;
    return new Date(clock);
  };

  const spaceKeyOf = (cloudId: string, key: string): string => `${cloudId}/${key}`;

  function requireSite(cloudId: string): ConfluenceFakeSite {
    const site = sites.find((candidate) => candidate.cloudId === cloudId);
    if (!site) throw new Error(`No site ${cloudId}`);
    return site;
  }

  function requireContent(id: string): ConfluenceFakeContent {
    const content = contents.get(id);
    if (content?.status !== 'current') throw new Error(`No content ${id}`);
    return content;
  }

  function groupsOf(cloudId: string, accountId: string): FakeGroup[] {
    return [...groups.values()]
      .filter((group) => group.cloudId === cloudId && group.members.has(accountId))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  function isNamed(cloudId: string, accountId: string, named: { users?: string[]; groups?: string[] }): boolean {
    if (named.users?.includes(accountId)) return true;
    return groupsOf(cloudId, accountId).some((group) => named.groups?.includes(group.id));
  }

  function canReadSpace(space: FakeSpace, accountId: string): boolean {
    return space.readers === 'everyone' || isNamed(space.cloudId, accountId, space.readers);
  }

  /** View restrictions are inherited: this content's and every ancestor's must name the viewer. */
  function canView(content: ConfluenceFakeContent, accountId: string): boolean {
    if (content.status !== 'current') return false;
    const space = spaces.get(spaceKeyOf(content.cloudId, content.spaceKey));
    if (!space || !canReadSpace(space, accountId)) return false;
    for (let current: ConfluenceFakeContent | undefined = content; current; ) {
      if (current.restriction && !isNamed(content.cloudId, accountId, current.restriction)) return false;
      current = current.parentId ? contents.get(current.parentId) : undefined;
    }
    return true;
  }

  /** Root first, as Confluence lists `ancestors`. */
  function ancestorsOf(content: ConfluenceFakeContent): ConfluenceFakeContent[] {
    const chain: ConfluenceFakeContent[] = [];
    for (let parent = content.parentId ? contents.get(content.parentId) : undefined; parent; ) {
      chain.unshift(parent);
      parent = parent.parentId ? contents.get(parent.parentId) : undefined;
    }
    return chain;
  }

  function webuiOf(content: ConfluenceFakeContent): string {
    const slug = encodeURIComponent(content.title).replace(/%20/g, '+');
    if (content.type === 'page') return `/spaces/${content.spaceKey}/pages/${content.id}/${slug}`;
    const day = content.createdAt.toISOString().slice(0, 10).replace(/-/g, '/');
    return `/spaces/${content.spaceKey}/blog/${day}/${content.id}/${slug}`;
  }

  function v1User(accountId: string, site: ConfluenceFakeSite): ConfluenceV1User {
    const user = usersById.get(accountId);
    return {
      type: 'known',
      accountId,
      accountType: 'atlassian',
      email: user?.email ?? '',
      publicName: user?.name ?? accountId,
      displayName: user?.name ?? accountId,
      _links: { self: `${site.url}/wiki/rest/api/user?accountId=${accountId}` },
    };
  }

  function v1Group(group: FakeGroup, site: ConfluenceFakeSite): ConfluenceV1Group {
    return {
      type: 'group',
      name: group.name,
      id: group.id,
      _links: { self: `${site.url}/wiki/rest/api/group/by-id?id=${group.id}` },
    };
  }

  function v1Array<T>(results: T[]): V1Array<T> {
    return { results, start: 0, limit: 200, size: results.length, _links: {} };
  }

  function readRestrictionJson(
    content: ConfluenceFakeContent,
    site: ConfluenceFakeSite,
    isUserExpanded: boolean,
    isGroupExpanded: boolean,
  ): ConfluenceV1ContentRestriction {
    const restriction = content.restriction ?? { users: [], groups: [] };
    const expandable: Record<string, string> = {};
    if (!isUserExpanded) expandable.user = `/rest/api/content/${content.id}/restriction/byOperation/read/user`;
    if (!isGroupExpanded) expandable.group = `/rest/api/content/${content.id}/restriction/byOperation/read/group`;
    return {
      operation: 'read',
      restrictions: {
        ...(isUserExpanded ? { user: v1Array(restriction.users.map((accountId) => v1User(accountId, site))) } : {}),
        ...(isGroupExpanded
          ? {
              group: v1Array(
                restriction.groups.flatMap((id) => {
                  const group = groups.get(id);
                  return group ? [v1Group(group, site)] : [];
                }),
              ),
            }
          : {}),
        _expandable: expandable,
      },
      _expandable: { content: `/rest/api/content/${content.id}` },
      _links: { self: `${site.url}/wiki/rest/api/content/${content.id}/restriction/byOperation/read` },
    };
  }

  function v1Content(content: ConfluenceFakeContent, site: ConfluenceFakeSite, expand: Set<string>) {
    const expandable: Record<string, string> = {
      container: `/rest/api/space/${content.spaceKey}`,
      children: `/rest/api/content/${content.id}/child`,
      descendants: `/rest/api/content/${content.id}/descendant`,
      history: `/rest/api/content/${content.id}/history`,
      body: '',
    };
    const json: ConfluenceV1Content = {
      id: content.id,
      type: content.type,
      status: content.status,
      title: content.title,
      _expandable: expandable,
      _links: {
        webui: webuiOf(content),
        tinyui: `/x/${Buffer.from(content.id).toString('base64url')}`,
        self: `${site.url}/wiki/rest/api/content/${content.id}`,
      },
    };
    const space = spaces.get(spaceKeyOf(content.cloudId, content.spaceKey));
    if (expand.has('space') && space) {
      json.space = {
        id: Number(space.id),
        key: space.key,
        name: space.name,
        type: space.key.startsWith('~') ? 'personal' : 'global',
        status: 'current',
        _links: { webui: `/spaces/${space.key}`, self: `${site.url}/wiki/rest/api/space/${space.key}` },
      };
    } else expandable.space = `/rest/api/space/${content.spaceKey}`;
    if (expand.has('version')) {
      json.version = {
        by: v1User(content.authorId, site),
        when: content.modifiedAt.toISOString(),
        friendlyWhen: content.modifiedAt.toDateString(),
        message: '',
        number: content.version,
        minorEdit: false,
        _links: { self: `${site.url}/wiki/rest/api/content/${content.id}/version/${content.version}` },
      };
    } else expandable.version = '';
    if (expand.has('ancestors')) {
      json.ancestors = ancestorsOf(content).map((ancestor) => v1Content(ancestor, site, new Set()));
    } else expandable.ancestors = '';
    const isUserExpanded = expand.has('restrictions.read.restrictions.user');
    const isGroupExpanded = expand.has('restrictions.read.restrictions.group');
    if (isUserExpanded || isGroupExpanded || expand.has('restrictions.read') || expand.has('restrictions')) {
      json.restrictions = {
        read: readRestrictionJson(content, site, isUserExpanded, isGroupExpanded),
        _expandable: { update: '' },
        _links: { self: `${site.url}/wiki/rest/api/content/${content.id}/restriction/byOperation` },
      };
    } else expandable.restrictions = '';
    return json;
  }

  function expandSet(raw: string | null): Set<string> {
    const set = new Set<string>();
    for (const entry of (raw ?? '').split(',')) {
      const parts = entry.trim().split('.');
      // An expansion implies its parents (restrictions.read.restrictions.user expands restrictions.read too).
      for (let length = 1; length <= parts.length; length += 1) {
        if (parts[0]) set.add(parts.slice(0, length).join('.'));
      }
    }
    return set;
  }

  // ---- OAuth. ----

  function issueTokens(accountId: string, scopes: string[]): AtlassianTokenResponse {
    const accessToken = `eyJ${randomToken(48)}`;
    accessTokens.set(accessToken, { accountId, scopes, expiresAt: Date.now() + lifetimeSeconds * 1000 });
    const answer: AtlassianTokenResponse = {
      access_token: accessToken,
      expires_in: lifetimeSeconds,
      token_type: 'Bearer',
      scope: scopes.join(' '),
    };
    if (scopes.includes('offline_access')) {
      const refreshToken = randomToken(40);
      refreshTokens.set(refreshToken, { accountId, scopes, isUsed: false });
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  function handleAuthorize(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    let target: URL | null = null;
    try {
      target = redirectUri ? new URL(redirectUri) : null;
    } catch {
      target = null;
    }
    if (params.get('client_id') !== clientId || !target || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Invalid client_id or redirect_uri');
      return;
    }
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
    if (options.isConsentDenied) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'User did not authorize the request');
    } else if (params.get('response_type') !== 'code' || params.get('audience') !== 'api.atlassian.com') {
      target.searchParams.set('error', 'invalid_request');
    } else if (scopes.length === 0) {
      target.searchParams.set('error', 'invalid_scope');
    } else {
      const code = randomToken(24);
      codes.set(code, { accountId: signedIn, redirectUri, scopes, isUsed: false });
      target.searchParams.set('code', code);
    }
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function handleToken(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      sendJson(response, 415, { error: 'invalid_request', error_description: 'Expected a JSON body' });
      return;
    }
    let form: Record<string, unknown>;
    try {
      form = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      sendJson(response, 400, { error: 'invalid_request', error_description: 'Malformed JSON' });
      return;
    }
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      sendJson(response, 401, { error: 'access_denied', error_description: 'Unauthorized' });
      return;
    }
    if (form.grant_type === 'authorization_code') {
      const code = codes.get(String(form.code ?? ''));
      if (!code || code.isUsed || code.redirectUri !== form.redirect_uri) {
        if (code) code.isUsed = true;
        sendJson(response, 403, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
        return;
      }
      code.isUsed = true;
      sendJson(response, 200, issueTokens(code.accountId, code.scopes));
      return;
    }
    if (form.grant_type === 'refresh_token') {
      const stored = refreshTokens.get(String(form.refresh_token ?? ''));
      if (!stored || stored.isUsed) {
        sendJson(response, 403, { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
        return;
      }
      // Rotating refresh tokens: the one used is spent, the answer carries its successor.
      stored.isUsed = true;
      sendJson(response, 200, issueTokens(stored.accountId, stored.scopes));
      return;
    }
    sendJson(response, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
  }

  function authenticate(request: IncomingMessage, needed: readonly string[]): AccessTokenState {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const state = accessTokens.get(token);
    if (!state || state.expiresAt <= Date.now()) {
      throw new HttpFailure(401, { code: 401, message: 'Unauthorized' });
    }
    if (needed.length > 0 && !needed.some((scope) => state.scopes.includes(scope))) {
      throw new HttpFailure(401, { code: 401, message: 'Unauthorized; scope does not match' });
    }
    return state;
  }

  // ---- Confluence routes. ----

  function search(site: ConfluenceFakeSite, url: URL, viewer: string): ConfluenceV1ContentArray {
    const params = url.searchParams;
    const cql = params.get('cql');
    if (!cql) throw v1Error(400, 'cql is required');
    const parsed = parseCql(cql);
    if (!parsed) throw v1Error(400, `Could not parse cql : ${cql}`);
    const limit = boundedLimit(params.get('limit'), SEARCH_DEFAULT_LIMIT, searchPageLimit);
    const cursor = params.get('cursor');
    const offset = cursor ? readOffsetCursor(cursor, cursorEpoch) : Number(params.get('start') ?? 0) || 0;
    if (offset === null) throw v1Error(400, 'Invalid cursor');
    const sortKey = (content: ConfluenceFakeContent): number | string =>
      parsed.field === 'title'
        ? content.title.toLowerCase()
        : (parsed.field === 'created' ? content.createdAt : content.modifiedAt).getTime();
    const matching = [...contents.values()]
      .filter((content) => content.cloudId === site.cloudId && parsed.types.includes(content.type))
      .filter((content) => canView(content, viewer))
      .sort((a, b) => {
        const [left, right] = [sortKey(a), sortKey(b)];
        const order = left < right ? -1 : left > right ? 1 : Number(a.id) - Number(b.id);
        return parsed.isDescending ? -order : order;
      });
    const expand = params.get('expand');
    const results = matching
      .slice(offset, offset + limit)
      .map((content) => v1Content(content, site, expandSet(expand)));
    const end = offset + results.length;
    const links: Links = {
      base: `${site.url}/wiki`,
      context: '/wiki',
      self: `${site.url}/wiki/rest/api/content/search?${params.toString()}`,
    };
    if (end < matching.length) {
      // Relative to the site's /wiki, as Confluence answers v1 links.
      const next = new URLSearchParams({ next: 'true', cursor: offsetCursor(end, cursorEpoch) });
      if (expand) next.set('expand', expand);
      next.set('limit', String(limit));
      next.set('start', String(end));
      next.set('cql', cql);
      links.next = `/rest/api/content/search?${next.toString()}`;
    }
    return { results, start: offset, limit, size: results.length, _links: links };
  }

  function readRestriction(site: ConfluenceFakeSite, id: string, url: URL, viewer: string) {
    const content = contents.get(id);
    if (!content || content.cloudId !== site.cloudId || !canView(content, viewer)) {
      throw v1Error(404, `No content found with id: ContentId{id=${id}}`);
    }
    const expand = expandSet(url.searchParams.get('expand'));
    return readRestrictionJson(content, site, expand.has('restrictions.user'), expand.has('restrictions.group'));
  }

  function memberOf(site: ConfluenceFakeSite, url: URL): ConfluenceV1GroupArray {
    const accountId = url.searchParams.get('accountId');
    if (!accountId) throw v1Error(400, 'accountId is required');
    if (!usersById.has(accountId)) throw v1Error(404, `No user found with accountId: ${accountId}`);
    const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
    const limit = boundedLimit(url.searchParams.get('limit'), MEMBEROF_MAX_LIMIT, MEMBEROF_MAX_LIMIT);
    const all = groupsOf(site.cloudId, accountId);
    const results = all.slice(start, start + limit).map((group) => v1Group(group, site));
    const links: Links = { base: `${site.url}/wiki`, context: '/wiki' };
    if (start + results.length < all.length) {
      const next = new URLSearchParams({ accountId, start: String(start + results.length), limit: String(limit) });
      links.next = `/rest/api/user/memberof?${next.toString()}`;
    }
    return { results, start, limit, size: results.length, _links: links };
  }

  function listSpaces(site: ConfluenceFakeSite, url: URL, viewer: string, response: ServerResponse): void {
    const limit = boundedLimit(url.searchParams.get('limit'), 25, SPACES_MAX_LIMIT);
    const cursor = url.searchParams.get('cursor');
    const offset = cursor ? readOffsetCursor(cursor, cursorEpoch) : 0;
    if (offset === null) throw v2Error(400, 'INVALID_REQUEST_PARAMETER', 'Invalid cursor');
    const visible = [...spaces.values()]
      .filter((space) => space.cloudId === site.cloudId && canReadSpace(space, viewer))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const results: ConfluenceV2Space[] = visible.slice(offset, offset + limit).map((space) => ({
      id: space.id,
      key: space.key,
      name: space.name,
      type: space.key.startsWith('~') ? 'personal' : 'global',
      status: 'current',
      authorId: users[0]?.accountId ?? '',
      createdAt: space.createdAt.toISOString(),
      homepageId: null,
      _links: { webui: `/spaces/${space.key}` },
    }));
    const body: ConfluenceV2MultiEntity<ConfluenceV2Space> = { results, _links: { base: `${site.url}/wiki` } };
    const headers: Record<string, string> = {};
    if (offset + results.length < visible.length) {
      // v2 links carry the /wiki prefix; the Link header says the same.
      const next = `/wiki/api/v2/spaces?cursor=${offsetCursor(offset + results.length, cursorEpoch)}&limit=${limit}`;
      body._links.next = next;
      headers.link = `<${next}>; rel="next", <${site.url}/wiki>; rel="base"`;
    }
    sendJson(response, 200, body, headers);
  }

  function getContent(site: ConfluenceFakeSite, type: 'page' | 'blogpost', id: string, url: URL, viewer: string) {
    const content = contents.get(id);
    if (!content || content.cloudId !== site.cloudId || content.type !== type || !canView(content, viewer)) {
      throw v2Error(404, 'NOT_FOUND', 'Not Found');
    }
    const space = spaces.get(spaceKeyOf(content.cloudId, content.spaceKey));
    const isStorage = url.searchParams.get('body-format') === 'storage';
    const json: ConfluenceV2Content = {
      id: content.id,
      status: 'current',
      title: content.title,
      spaceId: space?.id ?? '',
      ...(type === 'page'
        ? { parentId: content.parentId, parentType: content.parentId ? ('page' as const) : null }
        : {}),
      authorId: content.authorId,
      createdAt: content.createdAt.toISOString(),
      version: {
        createdAt: content.modifiedAt.toISOString(),
        message: '',
        number: content.version,
        minorEdit: false,
        authorId: content.authorId,
      },
      body: isStorage ? { storage: { representation: 'storage', value: content.body } } : {},
      _links: {
        webui: webuiOf(content),
        editui: `/pages/resumedraft.action?draftId=${content.id}`,
        tinyui: `/x/${Buffer.from(content.id).toString('base64url')}`,
      },
    };
    return json;
  }

  async function handleApi(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = url.pathname;
    if (path === '/me') {
      const { accountId } = authenticate(request, ROUTE_SCOPES.me);
      const user = usersById.get(accountId);
      const me: AtlassianMe = {
        account_type: 'atlassian',
        account_id: accountId,
        email: user?.email ?? '',
        name: user?.name ?? '',
        picture: `https://avatar-management.example/${accountId}`,
        account_status: 'active',
        nickname: user?.name.split(' ')[0] ?? '',
        zoneinfo: 'Europe/London',
        locale: 'en-GB',
        extended_profile: {},
      };
      sendJson(response, 200, me);
      return;
    }
    if (path === '/oauth/token/accessible-resources') {
      const { scopes } = authenticate(request, []);
      const granted = scopes.filter((scope) => scope.includes('confluence'));
      const resources: AtlassianAccessibleResource[] = sites.map((site) => ({
        id: site.cloudId,
        url: site.url,
        name: site.name,
        scopes: granted,
        avatarUrl: 'https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/flag.png',
      }));
      sendJson(response, 200, resources);
      return;
    }
    const match = /^\/ex\/confluence\/([^/]+)\/wiki(\/.*)$/.exec(path);
    const site = match ? sites.find((candidate) => candidate.cloudId === match[1]) : undefined;
    const route = match?.[2] ?? '';
    if (!site) throw new HttpFailure(404, { code: 404, message: 'Not Found' });
    if (route === '/rest/api/content/search') {
      const { accountId } = authenticate(request, ROUTE_SCOPES.search);
      sendJson(response, 200, search(site, url, accountId));
      return;
    }
    const restriction = /^\/rest\/api\/content\/(\d+)\/restriction\/byOperation\/read$/.exec(route);
    if (restriction) {
      const { accountId } = authenticate(request, ROUTE_SCOPES.restriction);
      sendJson(response, 200, readRestriction(site, restriction[1] ?? '', url, accountId));
      return;
    }
    if (route === '/rest/api/user/memberof') {
      authenticate(request, ROUTE_SCOPES.memberOf);
      sendJson(response, 200, memberOf(site, url));
      return;
    }
    if (route === '/api/v2/spaces') {
      const { accountId } = authenticate(request, ROUTE_SCOPES.spaces);
      listSpaces(site, url, accountId, response);
      return;
    }
    const single = /^\/api\/v2\/(pages|blogposts)\/(\d+)$/.exec(route);
    if (single) {
      const { accountId } = authenticate(request, ROUTE_SCOPES.content);
      const type = single[1] === 'pages' ? 'page' : 'blogpost';
      sendJson(response, 200, getContent(site, type, single[2] ?? '', url, accountId));
      return;
    }
    throw new HttpFailure(404, { code: 404, message: `No route for ${route}` });
  }

  function takeInjectedFailure(path: string): HttpFailure | null {
    if (rateLimit && rateLimit.remaining > 0 && (rateLimit.pathPart === null || path.includes(rateLimit.pathPart))) {
      rateLimit.remaining -= 1;
      const seconds = rateLimit.retryAfterSeconds;
      if (rateLimit.remaining === 0) rateLimit = null;
      const reset = new Date(Date.now() + seconds * 1000).toISOString().slice(0, 16);
      return new HttpFailure(
        429,
        { code: 429, message: 'Rate limit exceeded' },
        { 'retry-after': String(seconds), 'x-ratelimit-reset': `${reset}Z` },
      );
    }
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      const { status, retryAfterSeconds } = failure;
      if (failure.remaining === 0) failure = null;
      return new HttpFailure(
        status,
        { code: status, message: 'Service Unavailable' },
        retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) },
      );
    }
    return null;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      requests.push({ method: request.method ?? 'GET', path: url.pathname, host: request.headers.host });
      const body = await readBody(request);
      try {
        if (request.method === 'GET' && url.pathname === '/authorize') {
          handleAuthorize(url, response);
          return;
        }
        if (request.method === 'POST' && url.pathname === '/oauth/token') {
          handleToken(request, body, response);
          return;
        }
        if (request.method !== 'GET') throw new HttpFailure(405, { code: 405, message: 'Method Not Allowed' });
        const injected = takeInjectedFailure(url.pathname);
        if (injected) throw injected;
        await handleApi(url, request, response);
      } catch (error) {
        if (error instanceof HttpFailure) {
          sendJson(response, error.status, error.body, error.headers);
          return;
        }
        sendJson(response, 500, { code: 500, message: (error as Error).message });
      }
    })();
  });
  const baseUrl = await listenOnLoopback(server);

  function createContent(input: NewConfluenceContent): ConfluenceFakeContent {
    const cloudId = input.cloudId ?? sites[0]?.cloudId ?? '';
    requireSite(cloudId);
    if (!spaces.has(spaceKeyOf(cloudId, input.spaceKey))) throw new Error(`No space ${input.spaceKey}`);
    const type = input.type ?? 'page';
    if (input.parentId && (type !== 'page' || contents.get(input.parentId)?.cloudId !== cloudId)) {
      throw new Error(`A ${type} cannot have parent ${input.parentId}`);
    }
    const now = tick();
    const content: ConfluenceFakeContent = {
      id: String(nextContentId++),
      cloudId,
      type,
      spaceKey: input.spaceKey,
      title: input.title,
      parentId: input.parentId ?? null,
      body: input.body ?? '<p></p>',
      version: 1,
      createdAt: now,
      modifiedAt: now,
      authorId: input.authorId ?? users[0]?.accountId ?? '',
      restriction: input.restriction ?? null,
      status: 'current',
    };
    contents.set(content.id, content);
    return content;
  }

  return {
    baseUrl,
    clientId,
    clientSecret,
    sites,
    users,
    requests,
    signInAs(accountId) {
      if (!usersById.has(accountId)) throw new Error(`No user ${accountId}`);
      signedIn = accountId;
    },
    issueAccessToken(accountId = signedIn, scopes = ALL_SCOPES) {
      return issueTokens(accountId, scopes).access_token;
    },
    addGroup(cloudId, group) {
      requireSite(cloudId);
      const id = randomUUID();
      groups.set(id, { id, cloudId, name: group.name, members: new Set(group.members ?? []) });
      return id;
    },
    addGroupMember(groupId, accountId) {
      groups.get(groupId)?.members.add(accountId);
    },
    removeGroupMember(groupId, accountId) {
      groups.get(groupId)?.members.delete(accountId);
    },
    addSpace(cloudId, space) {
      requireSite(cloudId);
      const id = String(nextSpaceId++);
      spaces.set(spaceKeyOf(cloudId, space.key), {
        id,
        cloudId,
        key: space.key,
        name: space.name ?? space.key,
        readers: space.readers ?? 'everyone',
        createdAt: tick(),
      });
      return id;
    },
    setSpaceReaders(cloudId, key, readers) {
      const space = spaces.get(spaceKeyOf(cloudId, key));
      if (!space) throw new Error(`No space ${key}`);
      space.readers = readers;
    },
    addContent: createContent,
    addPages(count, make) {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) ids.push(createContent(make(index)).id);
      return ids;
    },
    editContent(id, change) {
      const content = requireContent(id);
      if (change.title !== undefined) content.title = change.title;
      if (change.body !== undefined) content.body = change.body;
      content.version += 1;
      content.modifiedAt = tick();
      return content;
    },
    deleteContent(id) {
      requireContent(id).status = 'trashed';
    },
    restrictContent(id, restriction) {
      requireContent(id).restriction = restriction;
    },
    getContent: (id) => contents.get(id) ?? null,
    rateLimitNext(count, limitOptions = {}) {
      rateLimit = {
        remaining: count,
        pathPart: limitOptions.pathPart ?? null,
        retryAfterSeconds: limitOptions.retryAfterSeconds ?? 5,
      };
    },
    failNext(count, status, retryAfterSeconds = null) {
      failure = { remaining: count, status, retryAfterSeconds };
    },
    expireAccessTokens() {
      for (const state of accessTokens.values()) state.expiresAt = 0;
    },
    revokeGrant(accountId) {
      // Only what was issued so far: connecting again grants anew.
      for (const [token, state] of accessTokens) if (state.accountId === accountId) accessTokens.delete(token);
      for (const [token, state] of refreshTokens) if (state.accountId === accountId) refreshTokens.delete(token);
    },
    setSearchPageLimit(limit) {
      searchPageLimit = limit ?? 200;
    },
    expireSearchCursors() {
      cursorEpoch += 1;
    },
    resetRequests() {
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
