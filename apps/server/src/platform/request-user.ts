import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.ts';
import { AppError } from './errors.ts';

/** The signed-in user of a route behind the /api auth hook. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}
