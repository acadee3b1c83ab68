import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.ts';
import { AppError } from './errors.ts';

/** The signed-in user of a route behind the /api auth hook. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.of('SIGN_IN_REQUIRED');
  return request.user;
}

/** Who acts, and from where: what an audit entry records about the request. */
export interface Actor {
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
}

/** The signed-in user of the request as an audit actor. */
export function requireActor(request: FastifyRequest): Actor {
  return {
    userId: requireUser(request).id,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    ipAddress: request.ip ?? null,
  };
}
