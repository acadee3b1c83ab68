import type { FastifyInstance, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SAFE_METHODS } from './security.ts';

/**
 * Answers of the busiest list routes, kept per user and URL until something they were read from changes (ADR 0117).
 *
 * Triggers on every table these answers read (migration 0032) NOTIFY `lumen_data` with the scopes a write touches:
 * `user:<id>`, `team:<id>`, or `global` (passages: search ranks over statistics of all of them). Each instance counts
 * the notices per scope; an answer is kept with the counts of its scopes at the moment it was read and served again
 * only while they are unchanged. On the embedded database a notice is handed over while the committing statement
 * returns, so nothing is ever served stale. On a PostgreSQL server notices come over the LISTEN connection a moment
 * after the commit: this instance forgets everything whenever it answers a write or finishes a job (its own writes are
 * seen by the next request at once), and another instance's writes are seen once their notice arrives (milliseconds),
 * as live updates are.
 */

/** The scopes an answer depends on: the caller's own, the caller's team's, every passage's. */
export type ResponseCacheScope = 'user' | 'team' | 'global';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyContextConfig {
    /** A GET route whose 200 answers are kept for the caller until a write touches one of these scopes. */
    responseCache?: readonly ResponseCacheScope[];
  }
  interface FastifyRequest {
    responseCachePending: PendingAnswer | null;
  }
}

/** The channel the triggers notify (migration 0032). */
export const DATA_CHANGE_CHANNEL = 'lumen_data';
/** Bytes of answers kept at most; the least recently used go first. */
export const RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  body: string;
  contentType: string;
  /** The forget count and the notice count of each scope when the answer was read. */
  versions: readonly number[];
}

export interface ResponseCache {
  /** The counts to keep an answer with, taken before it is read. */
  versionsOf(scopes: readonly string[]): number[];
  lookup(key: string, versions: readonly number[]): Entry | undefined;
  /** Keeps the answer unless everything was forgotten since `versions` were taken. */
  store(key: string, entry: Entry): void;
  /** A write touched the scope (a trigger's notice). */
  touch(scope: string): void;
  /** Forgets every answer. */
  clear(): void;
  readonly size: number;
  readonly hits: number;
}

export function createResponseCache(maxBytes = RESPONSE_CACHE_MAX_BYTES): ResponseCache {
  const counts = new Map<string, number>();
  const entries = new Map<string, Entry>();
  let generation = 0;
  let bytes = 0;
  let hits = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const isSame = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  return {
    versionsOf: (scopes) => [generation, ...scopes.map((scope) => counts.get(scope) ?? 0)],
    lookup(key, versions) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      remove(key);
      if (!isSame(entry.versions, versions)) return undefined;
      // Used again: to the back of the eviction order.
      entries.set(key, entry);
      bytes += entry.body.length;
      hits += 1;
      return entry;
    },
    store(key, entry) {
      if (entry.versions[0] !== generation || entry.body.length > maxBytes / 16) return;
      remove(key);
      entries.set(key, entry);
      bytes += entry.body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    touch(scope) {
      counts.set(scope, (counts.get(scope) ?? 0) + 1);
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get hits() {
      return hits;
    },
  };
}

/** An answer being read for the cache: its key and the counts taken before. */
interface PendingAnswer {
  key: string;
  versions: number[];
}

/** A route's hooks of one kind with `hook` added after them. */
function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/**
 * Serves and keeps the answers of routes that declare `config.responseCache`. `teamOf` names the caller's team (the
 * platform does not read memberships itself).
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { teamOf(userId: string): Promise<string | null> }) => {
    const cache = createResponseCache();
    app.decorate('responseCache', cache);
    app.decorateRequest('responseCachePending', null);

    const { listen, listenHere } = app.database;
    const stopListening = listen
      ? // A lost connection missed notices: nothing kept may be trusted.
        await listen(
          DATA_CHANGE_CHANNEL,
          (scope) => cache.touch(scope),
          () => cache.clear(),
        )
      : await listenHere?.(DATA_CHANGE_CHANNEL, (scope) => cache.touch(scope));
    app.addHook('onClose', async () => {
      await stopListening?.();
    });
    // On a server a notice arrives after the commit: what this instance wrote itself is forgotten before it answers.
    const isNoticeLate = listen !== undefined;
    if (isNoticeLate) app.jobs.onJobSettled(() => cache.clear());

    const scopesOf = async (kinds: readonly ResponseCacheScope[], userId: string) => {
      const scopes: string[] = [];
      for (const kind of kinds) {
        if (kind === 'user') scopes.push(`user:${userId}`);
        else if (kind === 'global') scopes.push('global');
        else scopes.push(`team:${(await options.teamOf(userId)) ?? 'none'}`);
      }
      return scopes;
    };

    const serveKept: preHandlerAsyncHookHandler = async (request, reply) => {
      const kinds = request.routeOptions.config.responseCache;
      if (!kinds || request.method !== 'GET' || !request.user) return;
      const key = `${request.user.id} ${request.url}`;
      const versions = cache.versionsOf(await scopesOf(kinds, request.user.id));
      const entry = cache.lookup(key, versions);
      if (entry) return reply.header('content-type', entry.contentType).send(entry.body);
      request.responseCachePending = { key, versions };
    };
    const keepAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
      const pending = request.responseCachePending;
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const contentType = reply.getHeader('content-type');
      if (typeof contentType === 'string') {
        cache.store(pending.key, { body: payload, contentType, versions: pending.versions });
      }
      return payload;
    };
    const forgetAfterWrite: onSendAsyncHookHandler = async (request, _reply, payload) => {
      if (!SAFE_METHODS.has(request.method)) cache.clear();
      return payload;
    };

    // Hooks go on the routes that need them only: other requests pay nothing.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.config?.responseCache && methods.includes('GET')) {
        route.preHandler = withHook(route.preHandler, serveKept);
        route.onSend = withHook(route.onSend, keepAnswer);
      }
      if (isNoticeLate && methods.some((method) => !SAFE_METHODS.has(method))) {
        route.onSend = withHook(route.onSend, forgetAfterWrite);
      }
    });
  },
  { name: 'response-cache', dependencies: ['database', 'jobs', 'session'] },
);
