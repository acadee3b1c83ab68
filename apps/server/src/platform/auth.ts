import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import type { SessionCache, SessionRecord } from './session-cache.ts';

/** The signed-in user as the API sees it (the session's user, whatever signed them in). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** Reads the session of a request's headers: its user, or null when no session is signed in. */
export type ReadSession = (headers: Headers) => Promise<SessionUser | null>;

/** Looks a session up in the database (Better Auth's getSession): the auth module provides it. */
export type LookUpSession = (headers: Headers) => Promise<SessionRecord | null>;

declare module 'fastify' {
  interface FastifyInstance {
    readSession: ReadSession;
    /** The signed-in sessions looked up lately (ADR 0114); `forget` them when a session ends or its user changes. */
    sessionCache: SessionCache;
    /** onRequest hook for the signed-in part of /api: sets request.user or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function readHeaders(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

/**
 * The one hook that guards the signed-in API, and the session lookup the WebSocket shares. A cookie header seen in the
 * last seconds is answered from the session cache (no signature check, no query); ending a session forgets it there
 * at once, on every instance (ADR 0114). A request without cookies has no session: Better Auth is not asked.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { lookUpSession: LookUpSession; cache: SessionCache }) => {
    const { lookUpSession, cache } = options;
    const readSessionOf = async (cookieHeader: string | null, headers: () => Headers) => {
      if (!cookieHeader) return null;
      const cached = cache.lookup(cookieHeader);
      if (cached) return cached;
      const generation = cache.generation;
      const record = await lookUpSession(headers());
      if (!record) return null;
      cache.store(cookieHeader, record, generation);
      return record.user;
    };
    app.decorate('sessionCache', cache);
    app.decorate('readSession', (headers: Headers) => readSessionOf(headers.get('cookie'), () => headers));
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const user = await readSessionOf(request.headers.cookie ?? null, () => readHeaders(request));
      if (!user) throw AppError.of('SIGN_IN_REQUIRED');
      request.user = user;
    });
    const stopListening = await cache.connect(app.database, app.log);
    app.addHook('onClose', stopListening);
  },
  { name: 'session', dependencies: ['errors', 'database'] },
);
