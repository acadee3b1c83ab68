import { createHash, randomBytes } from 'node:crypto';
import type { ConnectorProvider } from '@lumen/contract';
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from './integrations.repository.ts';
import type { IntegrationsDeps } from './integrations.service.ts';

/** How long a started authorization may take before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** A PKCE code verifier: 32 random bytes in base64url, 43 characters (RFC 7636 section 4.1). */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** The S256 code challenge: BASE64URL(SHA256(ASCII(code_verifier))) (RFC 7636 section 4.2). */
export function codeChallengeS256(codeVerifier: string): string {
  if (!CODE_VERIFIER.test(codeVerifier)) throw new Error('A PKCE code verifier must be 43-128 unreserved characters');
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

type OAuthDeps = Pick<IntegrationsDeps, 'db' | 'secrets'>;

export interface StartedAuthorization {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  expiresAt: Date;
}

/**
 * Starts an authorization for the signed-in user: a random state bound to them and the provider, stored with the
 * encrypted code verifier for ten minutes. Expired states of anyone are cleared on the way.
 */
export async function startAuthorization(
  deps: OAuthDeps,
  input: { userId: string; provider: ConnectorProvider; redirectOrigin: string },
  now: Date = new Date(),
): Promise<StartedAuthorization> {
  await deleteExpiredOAuthStates(deps.db, now);
  const state = randomBytes(32).toString('base64url');
  const codeVerifier = createCodeVerifier();
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
  await insertOAuthState(deps.db, {
    state,
    userId: input.userId,
    provider: input.provider,
    encryptedCodeVerifier: deps.secrets.encrypt(codeVerifier),
    redirectOrigin: input.redirectOrigin,
    createdAt: now,
    expiresAt,
  });
  return { state, codeVerifier, codeChallenge: codeChallengeS256(codeVerifier), expiresAt };
}

/**
 * Ends an authorization at the callback: the state must have been started by this user for this provider and not
 * have expired. It is removed either way, so it never works twice. Null when it does not hold.
 */
export async function completeAuthorization(
  deps: OAuthDeps,
  input: { state: string; userId: string; provider: ConnectorProvider },
  now: Date = new Date(),
): Promise<{ codeVerifier: string; redirectOrigin: string } | null> {
  const row = await takeOAuthState(deps.db, input.state, input.userId, input.provider);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { codeVerifier: deps.secrets.decrypt(row.encryptedCodeVerifier), redirectOrigin: row.redirectOrigin };
}
