import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db.ts';

/**
 * An in-process cache whose entries are forgotten by notices: at once here, and on every other instance through
 * LISTEN/NOTIFY on one channel (PostgreSQL server only; the embedded database is one process). Entries live at most
 * a TTL (or an earlier end given when stored) and the least recently used goes first past `maxEntries`. The session
 * cache and the membership cache are built on it (ADR 0114, ADR 0115).
 */
export interface NoticeCache<Value, Change> {
  /** The value kept under the key and still fresh, or undefined (look it up). */
  lookup(key: string): Value | undefined;
  /** Counts forgets: a lookup started before a forget must not store what it found (it may be what was forgotten). */
  readonly generation: number;
  /** Keeps the value unless something was forgotten since `generation`; `endsAt` (ms) may cut the TTL short. */
  store(key: string, value: Value, generation: number, endsAt?: number): void;
  /** Forgets here at once, and tells the other instances (once connected): call it after the change is committed. */
  forget(change: Change): Promise<void>;
  /** Forgets everything here (notices may have been missed). */
  clear(): void;
  /** Entries kept now. */
  readonly size: number;
  /** Sends forgets to, and takes them from, the other instances over the database (LISTEN/NOTIFY). */
  connect(database: DatabaseHandle, log: FastifyBaseLogger): Promise<() => Promise<void>>;
}

export interface NoticeCacheOptions<Value, Change> {
  /** The NOTIFY channel the instances share for this cache. */
  channel: string;
  /** What the cache holds, for log lines. */
  label: string;
  ttlMs: number;
  maxEntries: number;
  /** Whether a change forgets the entry kept under `key`. */
  isForgottenBy(key: string, value: Value, change: Change): boolean;
  now?: () => number;
}

interface Entry<Value> {
  value: Value;
  /** ms since the epoch. */
  expiresAt: number;
}

export function createNoticeCache<Value, Change>(
  options: NoticeCacheOptions<Value, Change>,
): NoticeCache<Value, Change> {
  const { channel, label, ttlMs, maxEntries, isForgottenBy } = options;
  const now = options.now ?? Date.now;
  // Map order is insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry<Value>>();
  let generation = 0;
  let publish: ((change: Change) => Promise<void>) | null = null;

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const forgetHere = (change: Change) => {
    generation += 1;
    for (const [key, entry] of entries) {
      if (isForgottenBy(key, entry.value, change)) entries.delete(key);
    }
  };

  return {
    lookup(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    get generation() {
      return generation;
    },
    store(key, value, startedAt, endsAt) {
      if (startedAt !== generation) return;
      const expiresAt = Math.min(now() + ttlMs, endsAt ?? Number.POSITIVE_INFINITY);
      entries.delete(key);
      entries.set(key, { value, expiresAt });
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
        channel,
        (payload) => {
          try {
            forgetHere(JSON.parse(payload) as Change);
          } catch (error) {
            log.warn({ err: error }, `${label} cache: unreadable notice; forgetting everything`);
            clear();
          }
        },
        // Notices sent while the connection was lost never came: nothing kept may be trusted.
        clear,
      );
      publish = async (change) => {
        try {
          await database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(change)})`);
        } catch (error) {
          // The other instances keep the entry until it expires (ttlMs) at the latest.
          log.error({ err: error }, `${label} cache: the other instances were not told what to forget`);
        }
      };
      return async () => {
        publish = null;
        await stop();
      };
    },
  };
}
