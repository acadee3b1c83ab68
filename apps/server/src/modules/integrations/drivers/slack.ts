import { createHash } from 'node:crypto';
import {
  type ConversationsHistoryResponse,
  type ConversationsRepliesResponse,
  LogLevel,
  type OauthV2AccessResponse,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
} from '@slack/web-api';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  type AccountIdentity,
  type ChangePage,
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
 * The Slack driver: reads the channels the connected person is in, with a USER token (OAuth v2 `user_scope`), through
 * the official `@slack/web-api` WebClient. The SDK cooperates with everything the driver needs: it takes the base URL
 * (`slackApiUrl`), our `fetch` (DriverOptions), no retries of its own (the sync engine decides) and rejects a 429 at
 * once with its Retry-After, and its response types describe every answer read here.
 *
 * A channel's messages become one markdown document per UTC day (`<channel id>/<YYYY-MM-DD>`), thread replies under
 * their parent in the parent's day. Slack has no change feed for messages, so an incremental sync re-reads, per
 * channel, the last LOOKBACK_DAYS days before the newest message it saw (edits and deletions there are found; older
 * ones wait for the next full listing). The cursor is JSON: per channel the high-water ts and the days in that window,
 * plus the channels still to read in the current run, so each channel is one page and a new process resumes after any
 * committed page.
 */

const REAL_ORIGIN = 'https://slack.com';

/** What the driver reads as the person: channel lists and history (public and private), and names and emails. */
export const SLACK_USER_SCOPES =
  'channels:read,channels:history,groups:read,groups:history,users:read,users:read.email';

/** Days re-read before a channel's newest message on each incremental sync. */
export const LOOKBACK_DAYS = 7;
/** Items per conversations.list/history/replies page (Slack allows up to 999 for history, 1000 for lists). */
const PAGE_LIMIT = 200;
const DAY_SECONDS = 86_400;
/** Membership noise, not conversation. */
const SKIPPED_SUBTYPES = new Set(['channel_join', 'channel_leave']);
/** Author names kept per (team, user); a bound so a long-lived process does not grow without end. */
const MAX_CACHED_NAMES = 10_000;
/** Rendered days kept between listChanges and fetchContent (the engine fetches a page's items right after it). */
const MAX_CACHED_DAYS = 2_000;
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
const MAX_CACHED_TEAMS = 1_000;

/** Slack's "this token can no longer be used" errors: a refresh, then a reconnect. */
const AUTH_ERRORS = new Set([
  ...'invalid_auth not_authed token_revoked token_expired account_inactive'.split(' '),
  // oauth.v2.access's: the code or refresh token is spent, expired or not for this redirect.
  ...'invalid_code bad_redirect_uri invalid_grant invalid_refresh_token token_rotation_not_enabled'.split(' '),
  'oauth_authorization_url_mismatch',
]);
/** Slack's documented transient failures, answered with HTTP 200 and `ok: false`. */
const TRANSIENT_ERRORS = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
/** A channel the person can no longer read (left, removed, deleted). */
const GONE_CHANNEL_ERRORS = new Set(['channel_not_found', 'not_in_channel']);

type SlackMessage = NonNullable<ConversationsHistoryResponse['messages']>[number];
type SlackReply = NonNullable<ConversationsRepliesResponse['messages']>[number];

/** A day as the listing read it from history (its threads without replies), kept for fetchContent. */
interface ListedDay {
  channelId: string;
  channelName: string;
  day: string;
  threads: ThreadedMessage[];
  /** About the memory it holds (the bound of the cache). */
  bytes: number;
}

/** A top-level message with the thread replies rendered under it. */
interface ThreadedMessage {
  message: SlackMessage;
  replies: SlackReply[];
}

interface ChannelRef {
  id: string;
  name: string;
}

/** The workspace as auth.test names it: its id (for access-group keys) and URL (for permalinks). */
interface Team {
  teamId: string;
  url: string;
}

/** A user's display name by id (the id itself when Slack does not know them). */
type NameOf = (userId: string) => string;

/** What reading a channel for one person needs. */
interface ReadContext {
  client: WebClient;
  token: string;
  team: Team;
}

/** What the cursor remembers of a channel: the newest top-level ts seen ('' for none) and the days in its window. */
type ChannelState = [highWater: string, windowDays: string[]];

interface SlackCursor {
  v: 1;
  /** Team id and URL from auth.test, read at the start of each run. */
  t: string;
  u: string;
  c: Record<string, ChannelState>;
  /** Channels still to read in the current run ([id, name]); absent when the run is complete. */
  q?: Array<[string, string]>;
  /** When the last full listing started (seconds since the epoch). */
  f?: number;
}

/**
 * Every this many days a run reads every channel's whole history again (a full listing): edits, deletions and replies
 * older than the re-read window are seen at most this late, and the engine's sweep removes what Slack no longer has.
 */
const FULL_LISTING_INTERVAL_SECONDS = 7 * DAY_SECONDS;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** Reads a stored cursor; anything unreadable is a reset (the engine then starts a full listing). */
export function parseSlackCursor(text: string): SlackCursor {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConnectorCursorResetError('Slack cursor is not JSON');
  }
  const cursor = value as Partial<SlackCursor> | null;
  const isValid =
    cursor !== null &&
    typeof cursor === 'object' &&
    cursor.v === 1 &&
    typeof cursor.t === 'string' &&
    typeof cursor.u === 'string' &&
    typeof cursor.c === 'object' &&
    cursor.c !== null &&
    Object.values(cursor.c as Record<string, unknown>).every(
      (state) => Array.isArray(state) && typeof state[0] === 'string' && isStringArray(state[1]),
    ) &&
    (cursor.q === undefined || (Array.isArray(cursor.q) && cursor.q.every(isStringArray))) &&
    (cursor.f === undefined || typeof cursor.f === 'number');
  if (!isValid) throw new ConnectorCursorResetError('Slack cursor has an unknown shape');
  return cursor as SlackCursor;
}

/** Orders Slack timestamps ("1714557600.000100") exactly; as numbers they would lose the last digits. */
export function compareTs(a: string, b: string): number {
  const sortKey = (ts: string) =>
    ts
      .split('.')
      .map((part, index) => (index ? part.padEnd(6, '0') : part.padStart(12, '0')))
      .join('.');
  const [left, right] = [sortKey(a), sortKey(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

const secondsOf = (ts: string): number => Number(ts.split('.')[0] ?? '0');

/** The UTC day of a ts, YYYY-MM-DD. */
export function dayOf(ts: string): string {
  return new Date(secondsOf(ts) * 1000).toISOString().slice(0, 10);
}

const dayStartSeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The first second re-read for a channel whose newest message is `highWater`: LOOKBACK_DAYS days before its day. */
export function windowStartSeconds(highWater: string): number {
  return dayStartSeconds(dayOf(highWater)) - LOOKBACK_DAYS * DAY_SECONDS;
}

const timeOf = (ts: string): string => new Date(secondsOf(ts) * 1000).toISOString().slice(11, 16);

function newestTs(message: SlackMessage | SlackReply): string {
  const ts = message.ts ?? '0';
  const edited = message.edited?.ts;
  return edited && compareTs(edited, ts) > 0 ? edited : ts;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A map that forgets its oldest entries beyond a count and a total size, so a long-lived process stays bounded. */
class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly sizeOf: (value: V) => number = () => 0,
    private readonly maxTotal = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) this.total -= this.sizeOf(previous);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxTotal) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(entry);
    }
  }
}

/** User ids a message's text mentions (`<@U123>` or `<@U123|name>`). */
function mentionedUsers(text: string): string[] {
  return [...text.matchAll(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g)].map((match) => match[1] ?? '');
}

/** Slack's mrkdwn markup to readable markdown: mentions, channel links, links, special mentions and its escapes. */
export function toMarkdownText(text: string, nameOf: NameOf): string {
  return text
    .replace(/<([^<>]+)>/g, (_whole, inner: string) => {
      const [target = '', label] = inner.split('|', 2);
      if (target.startsWith('@')) return `@${nameOf(target.slice(1))}`;
      if (target.startsWith('#')) return `#${label ?? target.slice(1)}`;
      if (target.startsWith('!')) return label ?? `@${target.slice(1).split('^')[0]}`;
      if (target.startsWith('mailto:')) return label ?? target.slice('mailto:'.length);
      return label ? `[${label}](${target})` : target;
    })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The author shown for a message: the user's name, else a bot's or integration's own name. */
function authorOf(message: SlackMessage | SlackReply, nameOf: NameOf): string {
  const named = message as SlackMessage;
  if (named.user && named.subtype !== 'bot_message') return nameOf(named.user);
  return named.bot_profile?.name ?? named.username ?? named.user ?? named.bot_id ?? 'Slack';
}

/** A message as lines: continuation lines that start with `#` are escaped so they never read as a heading. */
function messageLines(message: SlackMessage | SlackReply, nameOf: NameOf): string[] {
  const text = toMarkdownText(message.text ?? '', nameOf);
  const [first = '', ...rest] = text.split('\n');
  const head = `**${authorOf(message, nameOf)}** (${timeOf(message.ts ?? '0')} UTC): ${first}`;
  return [head, ...rest.map((line) => line.replace(/^(\s*)#/, '$1\\#'))];
}

/** One channel-day as markdown: the heading, then each message with its thread replies quoted under it. */
export function renderDay(channelName: string, day: string, threads: ThreadedMessage[], nameOf: NameOf): string {
  const blocks = [`# #${channelName} · ${day}`];
  for (const { message, replies } of threads) {
    blocks.push(messageLines(message, nameOf).join('\n'));
    for (const reply of replies) {
      blocks.push(
        messageLines(reply, nameOf)
          .map((line) => `> ${line}`)
          .join('\n'),
      );
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

/** A day's document id: the channel and the UTC day, so a channel's deletion covers its days as a prefix. */
const dayItemId = (channelId: string, day: string): string => `${channelId}/${day}`;

function deletionOf(id: string, name: string, removesDescendants = false): RemoteItem {
  const gone = { deleted: true, mimeType: null, size: null, modifiedAt: null, version: null, webUrl: null };
  return { ...gone, id, name, sharedWith: [], ...(removesDescendants ? { removesDescendants } : {}) };
}

/**
 * Every ok:false, 429 and transport failure of the SDK as the driver's errors; with `readsChannel`, a channel the
 * person can no longer read is a 404 (the item, or the channel, is gone).
 */
function toConnectorError(error: unknown, call: string, readsChannel = false): Error {
  const failure = (reason: string, status: number | null, retryAfterSeconds: number | null = null) =>
    new ConnectorHttpError(`Slack ${call} failed: ${reason}`, { status, retryAfterSeconds });
  if (error instanceof ConnectorAuthError || error instanceof ConnectorHttpError) return error;
  if (error instanceof WebAPIRateLimitedError) return failure('rate limited', 429, error.retryAfter);
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    if (AUTH_ERRORS.has(code)) return new ConnectorAuthError(`Slack refused the token (${call}): ${code}`);
    if (code === 'ratelimited') return failure(code, 429, error.data.response_metadata?.retryAfter ?? null);
    if (TRANSIENT_ERRORS.has(code)) return failure(code, 503);
    if (readsChannel && GONE_CHANNEL_ERRORS.has(code)) return failure(code, 404);
    return failure(code, code === 'missing_scope' ? 403 : 400);
  }
  if (error instanceof WebAPIHTTPError) {
    const status = error.statusCode;
    if (status === 401) return new ConnectorAuthError(`Slack refused the token (${call}): HTTP 401`);
    const isRetryable = status === 429 || status >= 500;
    return failure(`HTTP ${status}`, status, isRetryable ? parseRetryAfter(error.headers['retry-after']) : null);
  }
  if (error instanceof WebAPIRequestError) return failure(`no answer (${error.original.message})`, null);
  const message = error instanceof Error ? error.message : String(error);
  // The SDK's 429 without a readable Retry-After is a plain Error.
  return /rate limit|retry header/i.test(message) ? failure('rate limited', 429) : failure(message, null);
}

/** Every page of a cursor-paged method (history and replies say `has_more`; lists only give a next cursor). */
async function readAllPages<P extends { has_more?: boolean; response_metadata?: { next_cursor?: string } }>(
  readPage: (cursor: string | undefined) => Promise<P>,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    pages.push(page);
    cursor = page.has_more === false ? undefined : page.response_metadata?.next_cursor || undefined;
  } while (cursor);
  return pages;
}

export function createSlackDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): ConnectorDriver {
  const override = connectors.baseUrls.slack;
  const origin = override ? new URL(override).origin : REAL_ORIGIN;
  const doFetch = options.fetch ?? fetch;
  const namesByTeamUser = new BoundedCache<string>(MAX_CACHED_NAMES);
  const listedDays = new BoundedCache<ListedDay>(MAX_CACHED_DAYS, (listed) => listed.bytes, MAX_CACHED_BYTES);
  const teamsByToken = new BoundedCache<Team>(MAX_CACHED_TEAMS);

  /** One client per token: the SDK sends it as `Authorization: Bearer`, never in the form body. */
  function clientFor(token?: string): WebClient {
    return new WebClient(token, {
      slackApiUrl: `${origin}/api/`,
      fetch: doFetch,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
      logLevel: LogLevel.ERROR,
      allowAbsoluteUrls: false,
    });
  }

  async function call<T>(name: string, run: () => Promise<T>, readsChannel = false): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toConnectorError(error, name, readsChannel);
    }
  }

  function requireClient(): { clientId: string; clientSecret: string } {
    if (!connectors.slack) throw new Error('Slack is not configured (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET)');
    return connectors.slack;
  }

  function tokenKey(token: string): string {
    return sha256(token).slice(0, 32);
  }

  async function readTeam(client: WebClient, token: string): Promise<Team> {
    const result = await call('auth.test', () => client.auth.test());
    const team = { teamId: result.team_id ?? '', url: result.url ?? `${origin}/` };
    teamsByToken.set(tokenKey(token), team);
    return team;
  }

  /** The member channels (public and private, not archived), every conversations.list page. */
  async function listMemberChannels(client: WebClient): Promise<ChannelRef[]> {
    const pages = await call('conversations.list', () =>
      readAllPages((cursor) =>
        client.conversations.list({
          types: 'public_channel,private_channel',
          exclude_archived: true,
          limit: PAGE_LIMIT,
          ...(cursor ? { cursor } : {}),
        }),
      ),
    );
    // A user token lists every public channel; only the ones the person is in are theirs to sync.
    return pages
      .flatMap((page) => page.channels ?? [])
      .filter((channel) => channel.is_member === true && channel.id)
      .map((channel) => ({ id: channel.id ?? '', name: channel.name ?? channel.id ?? '' }));
  }

  /** Resolves the names a set of messages needs (authors and mentions), users.info once per (team, user). */
  async function resolveNames(client: WebClient, teamId: string, threads: ThreadedMessage[]): Promise<NameOf> {
    const wanted = new Set<string>();
    for (const message of threads.flatMap((thread) => [thread.message, ...thread.replies])) {
      if (message.user) wanted.add(message.user);
      for (const userId of mentionedUsers(message.text ?? '')) wanted.add(userId);
    }
    for (const userId of wanted) {
      const key = `${teamId}:${userId}`;
      if (namesByTeamUser.get(key) !== undefined) continue;
      let name = userId;
      try {
        const { user } = await client.users.info({ user: userId });
        name = user?.real_name || user?.profile?.real_name || user?.profile?.display_name || user?.name || userId;
      } catch (error) {
        // A user Slack no longer knows keeps their id; every other failure (rate limit, token) fails the page.
        if (!(error instanceof WebAPIPlatformError && error.data.error === 'user_not_found')) {
          throw toConnectorError(error, 'users.info');
        }
      }
      namesByTeamUser.set(key, name);
    }
    return (userId) => namesByTeamUser.get(`${teamId}:${userId}`) ?? userId;
  }

  async function readReplies(client: WebClient, channel: string, parentTs: string): Promise<SlackReply[]> {
    const pages = await readAllPages((cursor) =>
      client.conversations.replies({ channel, ts: parentTs, limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) }),
    );
    // Slack answers the parent first (on every page); it is rendered from the history already.
    return pages
      .flatMap((page) => page.messages ?? [])
      .filter(
        (reply) => reply.ts && reply.ts !== parentTs && !SKIPPED_SUBTYPES.has((reply as SlackMessage).subtype ?? ''),
      )
      .sort((a, b) => compareTs(a.ts ?? '0', b.ts ?? '0'));
  }

  /**
   * A channel's top-level messages in [oldest, latest] (inclusive; the whole history without bounds) with their
   * threads, grouped by UTC day, oldest first. Raw SDK errors: callers map them.
   */
  async function readDays(
    client: WebClient,
    channelId: string,
    bounds: { oldest?: string; latest?: string },
    withReplies = true,
  ): Promise<Map<string, ThreadedMessage[]>> {
    const hasBounds = bounds.oldest !== undefined || bounds.latest !== undefined;
    const pages = await readAllPages((cursor) =>
      client.conversations.history({
        channel: channelId,
        limit: PAGE_LIMIT,
        ...bounds,
        ...(hasBounds ? { inclusive: true } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    );
    const messages = pages
      .flatMap((page) => page.messages ?? [])
      // A reply also sent to the channel is shown under its parent, not twice.
      .filter(
        (message) =>
          message.ts &&
          !SKIPPED_SUBTYPES.has(message.subtype ?? '') &&
          (!message.thread_ts || message.thread_ts === message.ts),
      )
      .sort((a, b) => compareTs(a.ts ?? '0', b.ts ?? '0'));
    const days = new Map<string, ThreadedMessage[]>();
    for (const message of messages) {
      const ts = message.ts ?? '0';
      const replies = withReplies && (message.reply_count ?? 0) > 0 ? await readReplies(client, channelId, ts) : [];
      const day = dayOf(ts);
      const threads = days.get(day) ?? [];
      threads.push({ message, replies });
      days.set(day, threads);
    }
    return days;
  }

  /**
   * Describes a day as the change feed reports it, from the channel's history alone: its version is a digest of what
   * history says of each message (text, edit, author, and for a thread its reply count and latest reply), so a sync
   * that finds a day unchanged costs no conversations.replies call; the replies are read by fetchContent for the days
   * the engine fetches. The day's messages are cached for that.
   */
  function toDayItem({ token, team }: ReadContext, channel: ChannelRef, day: string, threads: ThreadedMessage[]) {
    const id = dayItemId(channel.id, day);
    const fingerprint = threads.map(({ message }) => [
      message.ts ?? '',
      message.user ?? message.username ?? '',
      message.subtype ?? '',
      message.text ?? '',
      message.edited?.ts ?? '',
      message.reply_count ?? 0,
      message.latest_reply ?? '',
    ]);
    const version = sha256(JSON.stringify([channel.name, fingerprint]));
    let modified = '0';
    let estimatedBytes = 0;
    for (const { message } of threads) {
      for (const ts of [newestTs(message), message.latest_reply ?? '0']) {
        if (compareTs(ts, modified) > 0) modified = ts;
      }
      // The text and its line; a thread's replies are counted at the same length each.
      estimatedBytes += (Buffer.byteLength(message.text ?? '') + 48) * (1 + (message.reply_count ?? 0));
    }
    const listed = { channelId: channel.id, channelName: channel.name, day, threads, bytes: estimatedBytes };
    listedDays.set(`${tokenKey(token)}:${id}:${version}`, listed);
    const firstTs = threads[0]?.message.ts ?? '0';
    const teamUrl = team.url.endsWith('/') ? team.url : `${team.url}/`;
    const item: RemoteItem = {
      id,
      name: `#${channel.name} · ${day}`,
      deleted: false,
      mimeType: 'text/markdown',
      size: estimatedBytes,
      modifiedAt: new Date(Number(modified) * 1000),
      version,
      webUrl: `${teamUrl}archives/${channel.id}/p${firstTs.replace('.', '')}`,
      sharedWith: [`slack:${team.teamId}:${channel.id}`],
    };
    return item;
  }

  /** A listed day rendered with its threads' replies (read now) and its authors' names. */
  async function renderListedDay(token: string, listed: ListedDay): Promise<string> {
    const client = clientFor(token);
    const team = teamsByToken.get(tokenKey(token)) ?? (await readTeam(client, token));
    const threads: ThreadedMessage[] = [];
    for (const { message } of listed.threads) {
      const hasReplies = (message.reply_count ?? 0) > 0 && message.ts;
      const replies = hasReplies
        ? await call('conversations.replies', () => readReplies(client, listed.channelId, message.ts ?? ''), true)
        : [];
      threads.push({ message, replies });
    }
    return renderDay(listed.channelName, listed.day, threads, await resolveNames(client, team.teamId, threads));
  }

  /**
   * Reads one channel: its whole history when the cursor does not know it, else the window before its high-water
   * mark. Answers the items (days, and deletions of window days now empty) and the channel's new state, or null when
   * the channel can no longer be read.
   */
  async function syncChannel(context: ReadContext, channel: ChannelRef, previous: ChannelState | undefined) {
    const { client } = context;
    const previousHighWater = previous?.[0] ?? '';
    const windowStart = previousHighWater ? windowStartSeconds(previousHighWater) : null;
    let days: Map<string, ThreadedMessage[]>;
    try {
      const bounds = windowStart === null ? {} : { oldest: String(windowStart) };
      days = await call('conversations.history', () => readDays(client, channel.id, bounds, false), true);
    } catch (error) {
      if (error instanceof ConnectorHttpError && error.status === 404) return null;
      throw error;
    }
    const items: RemoteItem[] = [];
    let highWater = previousHighWater;
    for (const [day, threads] of days) {
      items.push(toDayItem(context, channel, day, threads));
      for (const { message } of threads) {
        if (message.ts && (!highWater || compareTs(message.ts, highWater) > 0)) highWater = message.ts;
      }
    }
    if (windowStart !== null) {
      const firstReadDay = dayOf(String(windowStart));
      for (const day of previous?.[1] ?? []) {
        if (day >= firstReadDay && !days.has(day)) {
          items.push(deletionOf(dayItemId(channel.id, day), `#${channel.name} · ${day}`));
        }
      }
    }
    // Only days the next sync re-reads are kept: a day outside its window is never taken for emptied.
    const nextFirstDay = highWater ? dayOf(String(windowStartSeconds(highWater))) : '';
    const windowDays = highWater ? [...days.keys()].filter((day) => day >= nextFirstDay) : [];
    const state: ChannelState = [highWater, windowDays];
    return { items, state };
  }

  /** Reads the next channel of the run; the cursor it answers already counts it done. */
  async function nextPage(
    token: string,
    cursor: SlackCursor,
    items: RemoteItem[],
    isFull: boolean,
  ): Promise<ChangePage> {
    const [next, ...rest] = cursor.q ?? [];
    const channels = { ...cursor.c };
    if (next) {
      const [id, name] = next;
      const context = { client: clientFor(token), token, team: { teamId: cursor.t, url: cursor.u } };
      const result = await syncChannel(context, { id, name }, channels[id]);
      if (result) {
        items.push(...result.items);
        channels[id] = result.state;
      } else {
        items.push(deletionOf(id, `#${name}`, true));
        delete channels[id];
      }
    }
    const nextCursor: SlackCursor = { ...cursor, c: channels, q: rest.length ? rest : undefined };
    const page: ChangePage = { items, nextCursor: JSON.stringify(nextCursor), hasMore: rest.length > 0 };
    return isFull ? { ...page, startsFullListing: true } : page;
  }

  /** Reads and renders one day again, for fetchContent when the listing's render is not cached (another process). */
  async function renderDayAgain(token: string, item: RemoteItem): Promise<string> {
    const match = /^([A-Z0-9]+)\/(\d{4}-\d{2}-\d{2})$/.exec(item.id);
    if (!match?.[1] || !match[2]) throw new ConnectorHttpError(`Not a Slack day item: ${item.id}`, { status: 404 });
    const [, channelId, day] = match;
    const client = clientFor(token);
    const team = teamsByToken.get(tokenKey(token)) ?? (await readTeam(client, token));
    const start = dayStartSeconds(day);
    const bounds = { oldest: String(start), latest: `${start + DAY_SECONDS - 1}.999999` };
    const days = await call('conversations.history', () => readDays(client, channelId, bounds), true);
    const threads = days.get(day);
    if (!threads) throw new ConnectorHttpError(`Slack has no messages in ${item.id} anymore`, { status: 404 });
    const channelName = /^#(.*) · \d{4}-\d{2}-\d{2}$/.exec(item.name)?.[1] ?? channelId;
    return renderDay(channelName, day, threads, await resolveNames(client, team.teamId, threads));
  }

  /**
   * oauth.v2.access for a code or a refresh token. A code exchange answers the user token in `authed_user` (a top-level
   * token would be a bot's, never asked for); refreshing a user token answers it at the top level.
   */
  async function requestTokens(form: Record<string, string>, isRefresh: boolean): Promise<OAuthTokens> {
    const client = requireClient();
    const what = isRefresh ? 'token refresh' : 'code exchange';
    const result: OauthV2AccessResponse = await call(`oauth.v2.access (${what})`, () =>
      clientFor().oauth.v2.access({ client_id: client.clientId, client_secret: client.clientSecret, ...form }),
    );
    const user = result.authed_user;
    const source = user?.access_token ? user : isRefresh ? result : null;
    const accessToken = source?.access_token;
    if (!source || !accessToken) {
      throw new ConnectorHttpError(`Slack ${what} answered no user token (was user_scope granted?)`, { status: 400 });
    }
    const expiresIn = source.expires_in;
    return {
      accessToken,
      // Only with token rotation: without it the token never expires and there is nothing to refresh.
      refreshToken: source.refresh_token ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      scopes: (source.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  }

  const driver: ConnectorDriver = {
    provider: 'slack',

    isConfigured: () => connectors.slack !== null,

    authorizationUrl(request) {
      const client = requireClient();
      const url = new URL(`${origin}/oauth/v2/authorize`);
      // No PKCE: Slack takes it only from apps switched (for good) to public clients; this server is a confidential
      // client with a secret, so the challenge is not sent and the verifier is not used.
      url.search = new URLSearchParams({
        client_id: client.clientId,
        user_scope: SLACK_USER_SCOPES,
        redirect_uri: request.redirectUri,
        state: request.state,
      }).toString();
      return url.toString();
    },

    exchangeCode(exchange) {
      return requestTokens({ code: exchange.code, redirect_uri: exchange.redirectUri }, false);
    },

    async refresh(refreshToken) {
      if (!refreshToken) throw new ConnectorAuthError('Slack issued no refresh token (token rotation is off)');
      return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken }, true);
    },

    async accountIdentity(accessToken): Promise<AccountIdentity> {
      const client = clientFor(accessToken);
      const identity = await call('auth.test', () => client.auth.test());
      const userId = identity.user_id ?? '';
      const { user } = await call('users.info', () => client.users.info({ user: userId }));
      return {
        id: `${identity.team_id ?? ''}:${userId}`,
        email: user?.profile?.email || null,
        name: user?.real_name || user?.profile?.real_name || identity.user || null,
      };
    },

    async listChanges(accessToken, cursor) {
      const client = clientFor(accessToken);
      const stored = cursor ? parseSlackCursor(cursor) : null;
      if (stored?.q?.length) return nextPage(accessToken, stored, [], false);
      // A new run: who the person is, which channels they are in now, and the ones they left.
      const team = await readTeam(client, accessToken);
      const channels = await listMemberChannels(client);
      const listed = new Set(channels.map((channel) => channel.id));
      const now = Math.floor(Date.now() / 1000);
      const isFull = stored === null || stored.f === undefined || now - stored.f >= FULL_LISTING_INTERVAL_SECONDS;
      const items: RemoteItem[] = [];
      const known: Record<string, ChannelState> = {};
      for (const [id, state] of Object.entries(stored?.c ?? {})) {
        // A full listing reads every channel from its start.
        if (listed.has(id)) {
          if (!isFull) known[id] = state;
        }
        // Left, archived or removed: one deletion covers every day of the channel.
        else items.push(deletionOf(id, id, true));
      }
      const queue = channels.map((channel): [string, string] => [channel.id, channel.name]);
      const full = isFull ? now : stored?.f;
      const run: SlackCursor = { v: 1, t: team.teamId, u: team.url, c: known, q: queue, ...(full ? { f: full } : {}) };
      return nextPage(accessToken, run, items, isFull);
    },

    async fetchContent(accessToken, item): Promise<RemoteContent> {
      const listed = item.version ? listedDays.get(`${tokenKey(accessToken)}:${item.id}:${item.version}`) : undefined;
      const markdown = listed ? await renderListedDay(accessToken, listed) : await renderDayAgain(accessToken, item);
      return { content: Buffer.from(markdown, 'utf8'), mimeType: 'text/markdown' };
    },

    async listAccessGroups(accessToken) {
      const client = clientFor(accessToken);
      const { teamId } = await readTeam(client, accessToken);
      const channels = await listMemberChannels(client);
      return channels.map((channel) => `slack:${teamId}:${channel.id}`);
    },

    async revoke(token) {
      try {
        await call('auth.revoke', () => clientFor(token).auth.revoke());
        return;
      } catch (error) {
        if (!(error instanceof ConnectorAuthError)) throw error;
      }
      // Not a live access token: it may be the refresh token. Revoking a token minted from it ends the grant; a
      // refused refresh token means nothing is left to revoke.
      let tokens: OAuthTokens;
      try {
        tokens = await driver.refresh(token);
      } catch (error) {
        if (error instanceof ConnectorAuthError) return;
        throw error;
      }
      try {
        await call('auth.revoke', () => clientFor(tokens.accessToken).auth.revoke());
      } catch (error) {
        if (!(error instanceof ConnectorAuthError)) throw error;
      }
    },
  };
  return driver;
}
