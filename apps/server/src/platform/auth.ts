import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** The signed-in user as the API sees it (the session's user, whatever signed them in). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** Reads the session of a request's headers; the auth module provides it (Better Auth). */
export type ReadSession = (headers: Headers) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    readSession: ReadSession;
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

/** The one hook that guards the signed-in API, and the session lookup the WebSocket shares. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { readSession: ReadSession }) => {
    app.decorate('readSession', options.readSession);
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const user = await options.readSession(readHeaders(request));
      if (!user) throw AppError.of('SIGN_IN_REQUIRED');
      request.user = user;
    });
  },
  { name: 'session', dependencies: ['errors'] },
);
