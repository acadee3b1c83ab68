import type { SessionUser } from './auth.ts';
import { createNoticeCache, type NoticeCache } from './notice-cache.ts';

/** How long a looked-up session is trusted without asking the database again (ADR 0114). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept at most; the least recently used goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** A cookie header longer than this is looked up every time rather than kept as a key. */
const MAX_KEY_LENGTH = 4096;
/** The channel on which instances tell each other which sessions ended (PostgreSQL server only). */
const CHANNEL = 'lumen_sessions';

/** What the cache keeps of a session Better Auth found: its user, its token and when it ends. */
export interface SessionRecord {
  user: SessionUser;
  session: { token: string; userId: string; expiresAt: Date };
}

/** A session that ended (by its token) or every session of a user (password change, sign out everywhere...). */
export type SessionChange = { token: string } | { userId: string };

/** What a cached session answers with: its user, and its token (forgotten by token). */
interface CachedSession {
  user: SessionUser;
  token: string;
}

/** The notice cache of sessions, read by cookie header and stored from what Better Auth found. */
export interface SessionCache extends Omit<NoticeCache<CachedSession, SessionChange>, 'lookup' | 'store'> {
  /** The user of a cookie header seen before and still fresh, or undefined (look it up). */
  lookup(cookieHeader: string): SessionUser | undefined;
  /** Keeps what Better Auth found for the cookie header, unless a session was forgotten since `generation`. */
  store(cookieHeader: string, record: SessionRecord, generation: number): void;
}

/**
 * An in-process cache of signed-in sessions, keyed by the request's whole cookie header: the same header always
 * gets the same answer from Better Auth, so a hit is exactly what the lookup would say, minus the cookie signature
 * check and two queries. An entry lives at most `ttlMs` and never past the session's end; ending a session forgets
 * it at once here and, through NOTIFY, on every other instance.
 */
export function createSessionCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): SessionCache {
  const cache = createNoticeCache<CachedSession, SessionChange>({
    channel: CHANNEL,
    label: 'session',
    ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
    isForgottenBy: (_key, session, change) =>
      'token' in change ? session.token === change.token : session.user.id === change.userId,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    lookup: (cookieHeader) => cache.lookup(cookieHeader)?.user,
    get generation() {
      return cache.generation;
    },
    store(cookieHeader, record, generation) {
      if (cookieHeader.length > MAX_KEY_LENGTH) return;
      const session = { user: record.user, token: record.session.token };
      cache.store(cookieHeader, session, generation, record.session.expiresAt.getTime());
    },
    forget: (change) => cache.forget(change),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
    connect: (database, log) => cache.connect(database, log),
  };
}
