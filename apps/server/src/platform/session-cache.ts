import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from './auth.ts';
import type { DatabaseHandle } from './db.ts';

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

interface Entry {
  user: SessionUser;
  token: string;
  /** ms since the epoch: the earlier of the cache's TTL and the session's own end. */
  expiresAt: number;
}

export interface SessionCache {
  /** The user of a cookie header seen before and still fresh, or undefined (look it up). */
  lookup(cookieHeader: string): SessionUser | undefined;
  /** Counts forgets: a lookup started before a forget must not store what it found (it may be the ended session). */
  readonly generation: number;
  /** Keeps what Better Auth found for the cookie header, unless a session was forgotten since `generation`. */
  store(cookieHeader: string, record: SessionRecord, generation: number): void;
  /** Forgets here at once, and tells the other instances (once connected): call it after the change is committed. */
  forget(change: SessionChange): Promise<void>;
  /** Forgets everything here (notices may have been missed). */
  clear(): void;
  /** Sessions kept now. */
  readonly size: number;
  /** Sends forgets to, and takes them from, the other instances over the database (LISTEN/NOTIFY). */
  connect(database: DatabaseHandle, log: FastifyBaseLogger): Promise<() => Promise<void>>;
}

/**
 * An in-process cache of signed-in sessions, keyed by the request's whole cookie header: the same header always
 * gets the same answer from Better Auth, so a hit is exactly what the lookup would say, minus the cookie signature
 * check and two queries. An entry lives at most `ttlMs`; ending a session forgets it at once here and, through
 * NOTIFY, on every other instance.
 */
export function createSessionCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Map order is insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  let generation = 0;
  let publish: ((change: SessionChange) => Promise<void>) | null = null;

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const forgetHere = (change: SessionChange) => {
    generation += 1;
    for (const [key, entry] of entries) {
      if ('token' in change ? entry.token === change.token : entry.user.id === change.userId) entries.delete(key);
    }
  };

  return {
    lookup(cookieHeader) {
      const entry = entries.get(cookieHeader);
      if (!entry) return undefined;
      entries.delete(cookieHeader);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(cookieHeader, entry);
      return entry.user;
    },
    get generation() {
      return generation;
    },
    store(cookieHeader, record, startedAt) {
      if (startedAt !== generation || cookieHeader.length > MAX_KEY_LENGTH) return;
      const expiresAt = Math.min(now() + ttlMs, record.session.expiresAt.getTime());
      entries.delete(cookieHeader);
      entries.set(cookieHeader, { user: record.user, token: record.session.token, expiresAt });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    async forget(change) {
      forgetHere(change);
      await publish?.(change);
    },
    clear,
    get size() {
      return entries.size;
    },
    async connect(database, log) {
      const { listen } = database;
      // The embedded database is one process: forgetting here is forgetting everywhere.
      if (!listen) return async () => {};
      const stop = await listen(
        CHANNEL,
        (payload) => {
          try {
            forgetHere(JSON.parse(payload) as SessionChange);
          } catch (error) {
            log.warn({ err: error }, 'session cache: unreadable notice; forgetting every session');
            clear();
          }
        },
        // Notices sent while the connection was lost never came: nothing kept may be trusted.
        clear,
      );
      publish = async (change) => {
        try {
          await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`);
        } catch (error) {
          // The other instances keep the session until their entries expire (ttlMs) at the latest.
          log.error({ err: error }, 'session cache: the other instances were not told that a session ended');
        }
      };
      return async () => {
        publish = null;
        await stop();
      };
    },
  };
}
