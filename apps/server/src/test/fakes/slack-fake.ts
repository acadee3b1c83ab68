import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type {
  AuthRevokeResponse,
  AuthTestResponse,
  ConversationsHistoryResponse,
  ConversationsListResponse,
  ConversationsRepliesResponse,
  OauthV2AccessResponse,
  UsersInfoResponse,
  WebAPICallResult,
} from '@slack/web-api';
import { closeServer, listenOnLoopback, readBody } from './http-fake-server.ts';

/**
 * A local Slack written from Slack's Web API documentation: the OAuth v2 consent page (`/oauth/v2/authorize`), the
 * token exchange and refresh (`oauth.v2.access`, with optional token rotation), and the Web API methods the driver
 * reads (`/api/<method>`, form-encoded, JSON or query arguments, the token as `Authorization: Bearer` or a `token`
 * argument). Errors come the Slack way: HTTP 200 with `{ ok: false, error }`, and HTTP 429 with `Retry-After` when
 * rate limited. Every response body is typed with `@slack/web-api`'s response types. One origin serves every host.
 *
 * One workspace, several people (each with their own token), public and private channels with members. A channel's
 * top-level messages are kept in an array sorted by ts (binary searches for `oldest`/`latest`), thread replies under
 * their parent; history answers newest first like Slack.
 */

export interface SlackFakeUser {
  id: string;
  /** The handle (`ada`). */
  name: string;
  realName: string;
  email: string;
  isBot?: boolean;
}

export interface SlackFakeTeam {
  id: string;
  name: string;
  domain: string;
  /** `https://<domain>.slack.com/`, as auth.test answers it. */
  url: string;
}

export interface SlackFakeOptions {
  clientId?: string;
  clientSecret?: string;
  team?: Partial<Omit<SlackFakeTeam, 'url'>>;
  users?: SlackFakeUser[];
  /** Token rotation on: access tokens expire (`accessTokenLifetimeSeconds`) and come with refresh tokens. */
  hasTokenRotation?: boolean;
  /** Seconds a rotating access token lives (Slack: 12 hours). */
  accessTokenLifetimeSeconds?: number;
  /** Caps the items per page below what the client asks for (to test paging with few items). */
  pageLimit?: number;
  /** The redirect URIs registered for the app; any URL is accepted when absent. */
  redirectUris?: string[];
}

export interface SlackFakeMessageInput {
  /** The author; absent for a bot message (`botName`). */
  user?: string;
  text: string;
  /** When it was posted; now when absent. */
  at?: Date;
  /** An integration's name: the message becomes a `bot_message`. */
  botName?: string;
}

export interface SlackFakeRequest {
  method: string;
  path: string;
  host: string | undefined;
}

export interface SlackFake {
  /** The origin serving slack.com (consent page and Web API). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  team: SlackFakeTeam;
  users: SlackFakeUser[];
  requests: SlackFakeRequest[];
  /** The person who approves on the consent page from now on. */
  setConsentingUser(userId: string): void;
  /** The consent page answers `error=access_denied` while true. */
  setConsentDenied(isDenied: boolean): void;
  /** A valid user token for `userId` without the consent dance (every scope the driver asks for). */
  issueToken(userId: string, scopes?: string[]): string;
  addUser(user: SlackFakeUser): void;
  /** Creates a channel with these members (no join messages); answers its id. */
  addChannel(channel: { name: string; isPrivate?: boolean; members: string[] }): string;
  renameChannel(channelId: string, name: string): void;
  archiveChannel(channelId: string): void;
  /** Adds a member and posts Slack's `channel_join` message. */
  addMember(channelId: string, userId: string, at?: Date): void;
  /** Removes a member and posts Slack's `channel_leave` message. */
  removeMember(channelId: string, userId: string, at?: Date): void;
  /** Posts a top-level message; answers its ts. */
  postMessage(channelId: string, message: SlackFakeMessageInput): string;
  /** Posts a thread reply under `parentTs`; answers its ts. */
  postReply(channelId: string, parentTs: string, message: SlackFakeMessageInput): string;
  /** Bulk add for benchmarks: `count` top-level messages, sorted once; answers their ts in the order made. */
  addMessages(channelId: string, count: number, make: (index: number) => SlackFakeMessageInput): string[];
  /** Edits a message or a reply: new text and an `edited` stamp. */
  editMessage(channelId: string, ts: string, text: string, at?: Date): void;
  /** Deletes a message (a parent with replies leaves a tombstone, as in Slack) or a reply. */
  deleteMessage(channelId: string, ts: string): void;
  /** The next `count` calls of `method` (e.g. `conversations.history`, or `*` for any) answer 429 + Retry-After. */
  rateLimitNext(method: string, count: number, retryAfterSeconds: number): void;
  /** The next `count` calls of `method` answer `{ ok: false, error }`. */
  failNext(method: string, count: number, error: string): void;
  /** Revokes every token (access and refresh) of a user, or of everyone. */
  revokeTokens(userId?: string): void;
  /** Every access token issued so far answers `token_expired` from now on. */
  expireAccessTokens(): void;
  setPageLimit(limit: number | null): void;
  resetRequests(): void;
  close(): Promise<void>;
}

type HistoryMessage = NonNullable<ConversationsHistoryResponse['messages']>[number];
type ListedChannel = NonNullable<ConversationsListResponse['channels']>[number];
type SlackUser = NonNullable<UsersInfoResponse['user']>;

interface StoredMessage {
  ts: string;
  user?: string;
  text: string;
  subtype?: string;
  botName?: string;
  edited?: { user: string; ts: string };
  threadTs?: string;
  /** A reply's parent's author (`parent_user_id`). */
  parentUser?: string;
  /** Replies of a parent, sorted by ts. */
  replies: StoredMessage[];
}

interface StoredChannel {
  id: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  created: number;
  creator: string;
  members: Set<string>;
  /** Top-level messages sorted by ts. */
  messages: StoredMessage[];
}

interface TokenState {
  userId: string;
  scopes: string[];
  expiresAt: number | null;
  isRevoked: boolean;
  /** The grant it belongs to: revoking one token of a grant revokes all of them. */
  grantId: string;
}

interface PendingCode {
  userId: string;
  redirectUri: string;
  scopes: string[];
  isUsed: boolean;
}

/** Every user scope the driver asks for. */
const DEFAULT_SCOPES = [
  'channels:read',
  'channels:history',
  'groups:read',
  'groups:history',
  'users:read',
  'users:read.email',
];

/** Exact ordering of Slack timestamps. */
function compareTs(a: string, b: string): number {
  const [aSeconds = '0', aFraction = ''] = a.split('.');
  const [bSeconds = '0', bFraction = ''] = b.split('.');
  const bySeconds = Number(aSeconds) - Number(bSeconds);
  if (bySeconds !== 0) return bySeconds;
  const left = aFraction.padEnd(6, '0');
  const right = bFraction.padEnd(6, '0');
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The first index whose ts is >= `ts` (or > `ts` when `isStrict`). */
function lowerBound(messages: StoredMessage[], ts: string, isStrict: boolean): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareTs((messages[middle] as StoredMessage).ts, ts);
    if (order < 0 || (isStrict && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

function encodeCursor(value: string): string {
  return Buffer.from(value).toString('base64');
}

function decodeCursor(cursor: string, prefix: string): string | null {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  return text.startsWith(prefix) ? text.slice(prefix.length) : null;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** Slack's error answer: HTTP 200, `ok: false`. */
class SlackFailure extends Error {
  constructor(
    readonly error: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(error);
  }
}

export async function startSlackFake(options: SlackFakeOptions = {}): Promise<SlackFake> {
  const clientId = options.clientId ?? '2141029472.691202649728';
  const clientSecret = options.clientSecret ?? 'e1b9e11dfcd19c1982d5de12921e17e8c';
  const domain = options.team?.domain ?? 'lumen-test';
  const team: SlackFakeTeam = {
    id: options.team?.id ?? 'T0LUMEN01',
    name: options.team?.name ?? 'Lumen Test',
    domain,
    url: `https://${domain}.slack.com/`,
  };
  const users: SlackFakeUser[] = [
    ...(options.users ?? [
      { id: 'U0ADA0001', name: 'ada', realName: 'Ada Lovelace', email: 'ada@example.com' },
      { id: 'U0BOB0002', name: 'bob', realName: 'Bob Babbage', email: 'bob@example.com' },
      { id: 'U0CAROL03', name: 'carol', realName: 'Carol Shaw', email: 'carol@example.com' },
    ]),
  ];
  const lifetimeSeconds = options.accessTokenLifetimeSeconds ?? 43_200;
  const channels = new Map<string, StoredChannel>();
  const tokens = new Map<string, TokenState>();
  const refreshTokens = new Map<string, TokenState>();
  const codes = new Map<string, PendingCode>();
  const requests: SlackFakeRequest[] = [];
  const failures: Array<{ method: string; remaining: number; retryAfterSeconds: number | null; error: string }> = [];
  let consentingUser = users[0]?.id ?? '';
  let isConsentDenied = false;
  let maxPageSize = options.pageLimit ?? null;
  let sequence = 0;
  let channelSequence = 0;

  function requireUser(userId: string): SlackFakeUser {
    const user = users.find((candidate) => candidate.id === userId);
    if (!user) throw new Error(`No user ${userId}`);
    return user;
  }

  function requireChannel(channelId: string): StoredChannel {
    const channel = channels.get(channelId);
    if (!channel) throw new Error(`No channel ${channelId}`);
    return channel;
  }

  /** A ts for a moment: its seconds, and a sequence as microseconds so two messages never share one. */
  function tsAt(at: Date | undefined): string {
    sequence = (sequence + 1) % 1_000_000;
    const seconds = Math.floor((at ?? new Date()).getTime() / 1000);
    return `${seconds}.${String(sequence).padStart(6, '0')}`;
  }

  function toStored(input: SlackFakeMessageInput, ts: string, threadTs?: string): StoredMessage {
    return {
      ts,
      text: input.text,
      replies: [],
      ...(input.user ? { user: input.user } : {}),
      ...(input.botName ? { botName: input.botName, subtype: 'bot_message' } : {}),
      ...(threadTs ? { threadTs } : {}),
    };
  }

  function insertSorted(list: StoredMessage[], message: StoredMessage): void {
    list.splice(lowerBound(list, message.ts, true), 0, message);
  }

  function findMessage(channel: StoredChannel, ts: string): { message: StoredMessage; parent: StoredMessage | null } {
    const index = lowerBound(channel.messages, ts, false);
    const top = channel.messages[index];
    if (top && top.ts === ts) return { message: top, parent: null };
    for (const parent of channel.messages) {
      const reply = parent.replies.find((candidate) => candidate.ts === ts);
      if (reply) return { message: reply, parent };
    }
    throw new Error(`No message ${ts} in ${channel.id}`);
  }

  function postMembership(channel: StoredChannel, userId: string, subtype: string, verb: string, at?: Date): void {
    const message = toStored({ user: userId, text: `<@${userId}> has ${verb} the channel` }, tsAt(at));
    message.subtype = subtype;
    insertSorted(channel.messages, message);
  }

  function toWireMessage(message: StoredMessage): HistoryMessage {
    const wire: HistoryMessage = { type: 'message', ts: message.ts, text: message.text, team: team.id };
    if (message.user) wire.user = message.user;
    if (message.subtype) wire.subtype = message.subtype;
    if (message.botName) {
      wire.bot_id = `B${message.botName
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .slice(0, 8)}`;
      wire.username = message.botName;
      wire.bot_profile = { id: wire.bot_id, name: message.botName, team_id: team.id, deleted: false };
    }
    if (message.edited) wire.edited = { ...message.edited };
    if (message.subtype === 'tombstone') wire.hidden = true;
    if (message.threadTs) {
      wire.thread_ts = message.threadTs;
      if (message.parentUser) wire.parent_user_id = message.parentUser;
    } else if (message.replies.length > 0) {
      const replyUsers = [...new Set(message.replies.map((reply) => reply.user).filter((user) => user !== undefined))];
      wire.thread_ts = message.ts;
      wire.reply_count = message.replies.length;
      wire.reply_users = replyUsers;
      wire.reply_users_count = replyUsers.length;
      wire.latest_reply = message.replies.at(-1)?.ts ?? message.ts;
    }
    return wire;
  }

  function pageSize(asked: unknown, fallback: number, max: number): number {
    const number = typeof asked === 'string' ? Number.parseInt(asked, 10) : fallback;
    const limit = Math.min(Number.isFinite(number) && number > 0 ? number : fallback, max);
    return Math.max(1, maxPageSize ? Math.min(limit, maxPageSize) : limit);
  }

  function canRead(channel: StoredChannel, userId: string): boolean {
    return !channel.isPrivate || channel.members.has(userId);
  }

  function requireScope(state: TokenState, scope: string): void {
    if (!state.scopes.includes(scope)) {
      throw new SlackFailure('missing_scope', { needed: scope, provided: state.scopes.join(',') });
    }
  }

  /** The channel a history or replies call names, when the caller may read it (Slack hides private ones). */
  function readableChannel(state: TokenState, args: Record<string, string>): StoredChannel {
    const channel = channels.get(args.channel ?? '');
    if (!channel || !canRead(channel, state.userId)) throw new SlackFailure('channel_not_found');
    requireScope(state, channel.isPrivate ? 'groups:history' : 'channels:history');
    return channel;
  }

  function history(state: TokenState, args: Record<string, string>): ConversationsHistoryResponse {
    const channel = readableChannel(state, args);
    const isInclusive = args.inclusive === 'true' || args.inclusive === '1';
    const list = channel.messages;
    const low = args.oldest ? lowerBound(list, args.oldest, !isInclusive) : 0;
    let high = args.latest ? lowerBound(list, args.latest, isInclusive) : list.length;
    if (args.cursor) {
      const next = decodeCursor(args.cursor, 'next_ts:');
      if (next === null) throw new SlackFailure('invalid_cursor');
      high = Math.min(high, lowerBound(list, next, true));
    }
    const limit = pageSize(args.limit, 100, 999);
    const start = Math.max(low, high - limit);
    const messages = list.slice(start, high).reverse().map(toWireMessage);
    const hasMore = start > low;
    const result: ConversationsHistoryResponse = {
      ok: true,
      messages,
      has_more: hasMore,
      pin_count: 0,
      channel_actions_count: 0,
      ...(hasMore ? { response_metadata: { next_cursor: encodeCursor(`next_ts:${list[start - 1]?.ts ?? ''}`) } } : {}),
    };
    return result;
  }

  function replies(state: TokenState, args: Record<string, string>): ConversationsRepliesResponse {
    const channel = readableChannel(state, args);
    const index = lowerBound(channel.messages, args.ts ?? '', false);
    const parent = channel.messages[index];
    if (!parent || parent.ts !== args.ts) throw new SlackFailure('thread_not_found');
    let offset = 0;
    if (args.cursor) {
      const next = decodeCursor(args.cursor, 'next_ts:');
      if (next === null) throw new SlackFailure('invalid_cursor');
      offset = lowerBound(parent.replies, next, false);
    }
    const limit = pageSize(args.limit, 1000, 1000);
    const page = parent.replies.slice(offset, offset + limit);
    const following = parent.replies[offset + limit];
    // Slack answers the parent first on every page.
    const result: ConversationsRepliesResponse = {
      ok: true,
      messages: [toWireMessage(parent), ...page.map(toWireMessage)],
      has_more: following !== undefined,
      ...(following ? { response_metadata: { next_cursor: encodeCursor(`next_ts:${following.ts}`) } } : {}),
    };
    return result;
  }

  function toListedChannel(channel: StoredChannel, userId: string): ListedChannel {
    return {
      id: channel.id,
      name: channel.name,
      name_normalized: channel.name,
      is_channel: !channel.isPrivate,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: channel.isPrivate,
      created: channel.created,
      creator: channel.creator,
      is_archived: channel.isArchived,
      is_general: false,
      unlinked: 0,
      is_shared: false,
      is_org_shared: false,
      is_ext_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
      context_team_id: team.id,
      updated: channel.created * 1000,
      is_member: channel.members.has(userId),
      topic: { value: '', creator: '', last_set: 0 },
      purpose: { value: '', creator: '', last_set: 0 },
      previous_names: [],
      num_members: channel.members.size,
    };
  }

  function listConversations(state: TokenState, args: Record<string, string>): ConversationsListResponse {
    const types = new Set((args.types || 'public_channel').split(',').map((type) => type.trim()));
    const isExcludingArchived = args.exclude_archived === 'true' || args.exclude_archived === '1';
    if (types.has('public_channel')) requireScope(state, 'channels:read');
    if (types.has('private_channel')) requireScope(state, 'groups:read');
    const visible = [...channels.values()].filter(
      (channel) =>
        (channel.isPrivate ? types.has('private_channel') : types.has('public_channel')) &&
        canRead(channel, state.userId) &&
        !(isExcludingArchived && channel.isArchived),
    );
    let offset = 0;
    if (args.cursor) {
      const next = decodeCursor(args.cursor, 'team:');
      offset = next === null ? -1 : visible.findIndex((channel) => channel.id === next);
      if (offset < 0) throw new SlackFailure('invalid_cursor');
    }
    const limit = pageSize(args.limit, 100, 1000);
    const following = visible[offset + limit];
    const result: ConversationsListResponse = {
      ok: true,
      channels: visible.slice(offset, offset + limit).map((channel) => toListedChannel(channel, state.userId)),
      response_metadata: { next_cursor: following ? encodeCursor(`team:${following.id}`) : '' },
    };
    return result;
  }

  function userInfo(state: TokenState, args: Record<string, string>): UsersInfoResponse {
    requireScope(state, 'users:read');
    const user = users.find((candidate) => candidate.id === args.user);
    if (!user) throw new SlackFailure('user_not_found');
    const [first = '', ...rest] = user.realName.split(' ');
    const wire: SlackUser = {
      id: user.id,
      team_id: team.id,
      name: user.name,
      deleted: false,
      color: '9f69e7',
      real_name: user.realName,
      tz: 'Europe/London',
      tz_label: 'Greenwich Mean Time',
      tz_offset: 0,
      is_admin: false,
      is_owner: false,
      is_primary_owner: false,
      is_restricted: false,
      is_ultra_restricted: false,
      is_bot: user.isBot === true,
      is_app_user: false,
      updated: 1_700_000_000,
      profile: {
        real_name: user.realName,
        real_name_normalized: user.realName,
        display_name: user.name,
        display_name_normalized: user.name,
        first_name: first,
        last_name: rest.join(' '),
        avatar_hash: 'ge3b51ca72de',
        ...(state.scopes.includes('users:read.email') ? { email: user.email } : {}),
        team: team.id,
      },
    };
    return { ok: true, user: wire };
  }

  /** The token a call carries (header, or a `token` argument), checked as Slack does. */
  function authenticate(request: IncomingMessage, args: Record<string, string>): { state: TokenState } {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : (args.token ?? '');
    if (!token) throw new SlackFailure('not_authed');
    const state = tokens.get(token);
    if (!state) throw new SlackFailure('invalid_auth');
    if (state.isRevoked) throw new SlackFailure('token_revoked');
    if (state.expiresAt !== null && state.expiresAt <= Date.now()) throw new SlackFailure('token_expired');
    return { state };
  }

  function issue(userId: string, scopes: string[], grantId: string): { accessToken: string; refreshToken: string } {
    const isRotating = options.hasTokenRotation === true;
    const accessToken = `${isRotating ? 'xoxe.' : ''}xoxp-${randomId(12)}`;
    const state: TokenState = {
      userId,
      scopes,
      expiresAt: isRotating ? Date.now() + lifetimeSeconds * 1000 : null,
      isRevoked: false,
      grantId,
    };
    tokens.set(accessToken, state);
    const refreshToken = `xoxe-1-${randomId(16)}`;
    if (isRotating) refreshTokens.set(refreshToken, { ...state, expiresAt: null });
    return { accessToken, refreshToken };
  }

  function revokeGrant(grantId: string): void {
    for (const state of [...tokens.values(), ...refreshTokens.values()]) {
      if (state.grantId === grantId) state.isRevoked = true;
    }
  }

  function handleAuthorize(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    const isRegistered = !options.redirectUris || options.redirectUris.includes(redirectUri);
    if (params.get('client_id') !== clientId || !URL.canParse(redirectUri) || !isRegistered) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Invalid client_id or redirect_uri');
      return;
    }
    const target = new URL(redirectUri);
    if (isConsentDenied) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = `${Date.now()}.${randomId(20)}`;
      const scopes = (params.get('user_scope') ?? '').split(',').filter(Boolean);
      codes.set(code, { userId: consentingUser, redirectUri, scopes, isUsed: false });
      target.searchParams.set('code', code);
    }
    const state = params.get('state');
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function oauthAccess(request: IncomingMessage, args: Record<string, string>): OauthV2AccessResponse {
    let id = args.client_id;
    let secret = args.client_secret;
    const basic = request.headers.authorization;
    if (basic?.startsWith('Basic ')) {
      const [user, password] = Buffer.from(basic.slice(6), 'base64').toString('utf8').split(':');
      id = user;
      secret = password;
    }
    if (id !== clientId) throw new SlackFailure('invalid_client_id');
    if (secret !== clientSecret) throw new SlackFailure('bad_client_secret');
    const grantType = args.grant_type ?? 'authorization_code';
    if (grantType === 'refresh_token') {
      const stored = refreshTokens.get(args.refresh_token ?? '');
      if (!stored || stored.isRevoked) throw new SlackFailure('invalid_refresh_token');
      // Rotation: the refresh token is spent, a new pair of the same grant answers.
      stored.isRevoked = true;
      const issued = issue(stored.userId, stored.scopes, stored.grantId);
      return {
        ok: true,
        app_id: 'A0LUMEN01',
        access_token: issued.accessToken,
        token_type: 'user',
        scope: stored.scopes.join(','),
        refresh_token: issued.refreshToken,
        expires_in: lifetimeSeconds,
        team: { id: team.id, name: team.name },
        is_enterprise_install: false,
      };
    }
    if (grantType !== 'authorization_code') throw new SlackFailure('invalid_grant_type');
    const code = codes.get(args.code ?? '');
    if (!code || code.isUsed) throw new SlackFailure('invalid_code');
    code.isUsed = true;
    if (args.redirect_uri !== code.redirectUri) throw new SlackFailure('bad_redirect_uri');
    const issued = issue(code.userId, code.scopes, randomId(8));
    const isRotating = options.hasTokenRotation === true;
    return {
      ok: true,
      app_id: 'A0LUMEN01',
      authed_user: {
        id: code.userId,
        scope: code.scopes.join(','),
        access_token: issued.accessToken,
        token_type: 'user',
        ...(isRotating ? { refresh_token: issued.refreshToken, expires_in: lifetimeSeconds } : {}),
      },
      team: { id: team.id, name: team.name },
      is_enterprise_install: false,
    };
  }

  function takeFailure(method: string): (typeof failures)[number] | null {
    const failure = failures.find((entry) => entry.method === method || entry.method === '*');
    if (!failure) return null;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure;
  }

  function handleMethod(method: string, request: IncomingMessage, args: Record<string, string>): WebAPICallResult {
    if (method === 'oauth.v2.access') return oauthAccess(request, args);
    const { state } = authenticate(request, args);
    switch (method) {
      case 'auth.test': {
        const user = requireUser(state.userId);
        const result: AuthTestResponse = {
          ok: true,
          url: team.url,
          team: team.name,
          user: user.name,
          team_id: team.id,
          user_id: user.id,
          is_enterprise_install: false,
        };
        return result;
      }
      case 'auth.revoke': {
        const isTest = args.test === 'true' || args.test === '1';
        if (!isTest) revokeGrant(state.grantId);
        const result: AuthRevokeResponse & { revoked: boolean } = { ok: true, revoked: !isTest };
        return result;
      }
      case 'users.info':
        return userInfo(state, args);
      case 'conversations.list':
        return listConversations(state, args);
      case 'conversations.history':
        return history(state, args);
      case 'conversations.replies':
        return replies(state, args);
      default:
        throw new SlackFailure('unknown_method');
    }
  }

  async function readArgs(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
    const args: Record<string, string> = Object.fromEntries(url.searchParams);
    const body = (await readBody(request)).toString('utf8');
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json') && body) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      for (const [key, value] of Object.entries(parsed)) {
        args[key] = typeof value === 'string' ? value : JSON.stringify(value);
      }
    } else if (body) {
      for (const [key, value] of new URLSearchParams(body)) args[key] = value;
    }
    return args;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      requests.push({ method: request.method ?? 'GET', path: url.pathname, host: request.headers.host });
      try {
        if (request.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
          handleAuthorize(url, response);
          return;
        }
        if (!url.pathname.startsWith('/api/')) {
          response.writeHead(404, { 'content-type': 'text/plain' });
          response.end('Not found');
          return;
        }
        const method = url.pathname.slice('/api/'.length);
        const args = await readArgs(request, url);
        const failure = takeFailure(method);
        if (failure?.retryAfterSeconds != null) {
          sendJson(
            response,
            429,
            { ok: false, error: 'ratelimited' },
            { 'retry-after': String(failure.retryAfterSeconds) },
          );
          return;
        }
        if (failure) throw new SlackFailure(failure.error);
        sendJson(response, 200, handleMethod(method, request, args));
      } catch (error) {
        if (error instanceof SlackFailure) {
          sendJson(response, 200, { ok: false, error: error.error, ...error.extra });
          return;
        }
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  const baseUrl = await listenOnLoopback(server);

  return {
    baseUrl,
    clientId,
    clientSecret,
    team,
    users,
    requests,
    setConsentingUser(userId) {
      consentingUser = requireUser(userId).id;
    },
    setConsentDenied(isDenied) {
      isConsentDenied = isDenied;
    },
    issueToken(userId, scopes = DEFAULT_SCOPES) {
      return issue(requireUser(userId).id, [...scopes], randomId(8)).accessToken;
    },
    addUser(user) {
      users.push(user);
    },
    addChannel({ name, isPrivate = false, members }) {
      channelSequence += 1;
      const id = `${isPrivate ? 'G' : 'C'}0${String(channelSequence).padStart(8, '0')}`;
      channels.set(id, {
        id,
        name,
        isPrivate,
        isArchived: false,
        created: Math.floor(Date.now() / 1000),
        creator: members[0] ?? '',
        members: new Set(members),
        messages: [],
      });
      return id;
    },
    renameChannel(channelId, name) {
      requireChannel(channelId).name = name;
    },
    archiveChannel(channelId) {
      requireChannel(channelId).isArchived = true;
    },
    addMember(channelId, userId, at) {
      const channel = requireChannel(channelId);
      channel.members.add(requireUser(userId).id);
      postMembership(channel, userId, 'channel_join', 'joined', at);
    },
    removeMember(channelId, userId, at) {
      const channel = requireChannel(channelId);
      channel.members.delete(userId);
      postMembership(channel, userId, 'channel_leave', 'left', at);
    },
    postMessage(channelId, input) {
      const message = toStored(input, tsAt(input.at));
      insertSorted(requireChannel(channelId).messages, message);
      return message.ts;
    },
    postReply(channelId, parentTs, input) {
      const { message: parent } = findMessage(requireChannel(channelId), parentTs);
      const reply = toStored(input, tsAt(input.at), parent.ts);
      if (parent.user) reply.parentUser = parent.user;
      insertSorted(parent.replies, reply);
      return reply.ts;
    },
    addMessages(channelId, count, make) {
      const channel = requireChannel(channelId);
      const added: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const input = make(index);
        const ts = tsAt(input.at);
        added.push(ts);
        channel.messages.push(toStored(input, ts));
      }
      channel.messages.sort((a, b) => compareTs(a.ts, b.ts));
      return added;
    },
    editMessage(channelId, ts, text, at) {
      const { message } = findMessage(requireChannel(channelId), ts);
      message.text = text;
      message.edited = { user: message.user ?? '', ts: tsAt(at) };
    },
    deleteMessage(channelId, ts) {
      const channel = requireChannel(channelId);
      const { message, parent } = findMessage(channel, ts);
      if (parent) {
        parent.replies.splice(parent.replies.indexOf(message), 1);
      } else if (message.replies.length > 0) {
        // Slack keeps a deleted parent's thread under a tombstone.
        message.subtype = 'tombstone';
        message.text = 'This message was deleted.';
        message.user = 'USLACKBOT';
        delete message.edited;
      } else {
        channel.messages.splice(channel.messages.indexOf(message), 1);
      }
    },
    rateLimitNext(method, count, retryAfterSeconds) {
      failures.push({ method, remaining: count, retryAfterSeconds, error: 'ratelimited' });
    },
    failNext(method, count, error) {
      failures.push({ method, remaining: count, retryAfterSeconds: null, error });
    },
    revokeTokens(userId) {
      for (const state of [...tokens.values(), ...refreshTokens.values()]) {
        if (!userId || state.userId === userId) state.isRevoked = true;
      }
    },
    expireAccessTokens() {
      for (const state of tokens.values()) state.expiresAt = 0;
    },
    setPageLimit(limit) {
      maxPageSize = limit;
    },
    resetRequests() {
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
