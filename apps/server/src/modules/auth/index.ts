/** The auth module: Better Auth's configuration, the /api/auth routes in front of it, and the user lookup. */
export { authRoutes } from './auth.routes.ts';
export { recordAccountEvent } from './auth-audit.ts';
export { type Auth, type AuthEvent, createAuth } from './create-auth.ts';
export { findUserProfile, type UserProfile } from './users.repository.ts';
