import { createHmac, hkdfSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { clearSignInFailures, countSignInAttempt, uncountSignInAttempt } from './sign-in-failures.repository.ts';

/** The HMAC key's label: derived from SECRET_KEY, never SECRET_KEY itself (which signs sessions). */
const KEY_INFO = 'lumen/sign-in-lockout/hmac-sha256/v1';

/** The one form of an address the lockout knows: trimmed and lowercase, as accounts are stored. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What happened to a sign-in the lockout let through. */
export type SignInOutcome = 'signed-in' | 'wrong-credentials' | 'other';

export type SignInAttempt = { isLocked: false } | { isLocked: true; retryAfterMs: number };

export interface SignInLockout {
  /**
   * Counts an attempt for the address and says whether it may go on. Known and unknown addresses are counted and
   * locked alike, before anything looks the account up, so the answer tells nobody whether an account exists.
   */
  admit(email: string): Promise<SignInAttempt>;
  /** Settles an admitted attempt: a success clears the count, a wrong password stays counted, anything else is undone. */
  settle(email: string, outcome: SignInOutcome): Promise<void>;
  /** The address's password was reset: its failures are forgotten, as the lockout's message promises. */
  forget(email: string): Promise<void>;
}

/**
 * The per-address sign-in lockout (ADR 0112): SIGN_IN_LOCK_ATTEMPTS failures within SIGN_IN_LOCK_WINDOW_MS of the
 * first lock the address until that window ends. The counts live in the database (`sign_in_failures`), keyed by an
 * HMAC of the address, so every instance sees them and the table holds no address.
 */
export function createSignInLockout(db: Database, config: Config): SignInLockout {
  const hmacKey = Buffer.from(hkdfSync('sha256', config.SECRET_KEY, Buffer.alloc(0), KEY_INFO, 32));
  const keyOf = (email: string) => createHmac('sha256', hmacKey).update(normaliseEmail(email)).digest('base64url');
  const windowMs = config.SIGN_IN_LOCK_WINDOW_MS;
  return {
    async admit(email) {
      const { count, windowLeftMs } = await countSignInAttempt(db, keyOf(email), windowMs);
      if (count <= config.SIGN_IN_LOCK_ATTEMPTS) return { isLocked: false };
      return { isLocked: true, retryAfterMs: Math.max(1000, windowLeftMs) };
    },
    async settle(email, outcome) {
      if (outcome === 'signed-in') await clearSignInFailures(db, keyOf(email), windowMs);
      else if (outcome === 'other') await uncountSignInAttempt(db, keyOf(email));
    },
    async forget(email) {
      await clearSignInFailures(db, keyOf(email), windowMs);
    },
  };
}
