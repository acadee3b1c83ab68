import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { signInNewUser } from '../../test/team-fixtures.ts';
import { createConnectorRegistry } from './connector-driver.ts';
import {
  codeChallengeS256,
  completeAuthorization,
  createCodeVerifier,
  OAUTH_STATE_TTL_MS,
  startAuthorization,
} from './oauth.ts';

describe('PKCE (RFC 7636)', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    // Appendix B's verifier is these 32 octets in base64url (a widely copied variant, '-mJ92…', is not the RFC's).
    const octets = [
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240,
      91, 88, 5, 88, 83, 132, 141, 121,
    ];
    expect(Buffer.from(octets).toString('base64url')).toBe(verifier);
    expect(codeChallengeS256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('creates 43-character base64url verifiers, new each time', () => {
    const verifiers = Array.from({ length: 10 }, createCodeVerifier);
    for (const verifier of verifiers) expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(verifiers).size).toBe(10);
  });

  it('refuses a verifier outside 43-128 unreserved characters', () => {
    expect(() => codeChallengeS256('too-short')).toThrow(/43-128/);
    expect(() => codeChallengeS256('a'.repeat(129))).toThrow(/43-128/);
    expect(() => codeChallengeS256(`${'a'.repeat(42)}+`)).toThrow(/43-128/);
    expect(codeChallengeS256(`${'a'.repeat(40)}.~_`)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('connector registry', () => {
  it('answers null for every provider without a driver', () => {
    const registry = createConnectorRegistry();
    expect(registry.get('google-drive')).toBeNull();
    expect(registry.get('confluence')).toBeNull();
  });
});

describe('OAuth state', () => {
  let ctx: TestContext;
  const secrets = createSecretBox('test-secret-key-that-is-long-enough-0123456789');
  const deps = () => ({ db: ctx.app.database.db, secrets });
  const origin = 'http://localhost:3000';

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('binds the state to the user and provider, stores the verifier encrypted, and works once', async () => {
    const alice = await signInNewUser(ctx);
    const bob = await signInNewUser(ctx);
    const started = await startAuthorization(deps(), {
      userId: alice.userId,
      provider: 'dropbox',
      redirectOrigin: origin,
    });
    expect(started.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.codeChallenge).toBe(codeChallengeS256(started.codeVerifier));

    const [row] = await ctx.app.database.db.select().from(oauthStates).where(eq(oauthStates.state, started.state));
    expect(row?.encryptedCodeVerifier).toMatch(/^v1:/);
    expect(row?.encryptedCodeVerifier).not.toContain(started.codeVerifier);
    expect(row?.expiresAt.getTime()).toBe(started.expiresAt.getTime());

    // Another user or another provider gets nothing, and does not use the state up.
    expect(await completeAuthorization(deps(), { state: started.state, userId: bob.userId, provider: 'dropbox' })).toBe(
      null,
    );
    expect(
      await completeAuthorization(deps(), { state: started.state, userId: alice.userId, provider: 'onedrive' }),
    ).toBeNull();

    expect(
      await completeAuthorization(deps(), { state: started.state, userId: alice.userId, provider: 'dropbox' }),
    ).toEqual({ codeVerifier: started.codeVerifier, redirectOrigin: origin });
    expect(
      await completeAuthorization(deps(), { state: started.state, userId: alice.userId, provider: 'dropbox' }),
    ).toBeNull();
  });

  it('refuses a state after ten minutes, uses it up, and clears expired states when the next one starts', async () => {
    const alice = await signInNewUser(ctx);
    const start = new Date('2026-01-01T10:00:00Z');
    const late = new Date(start.getTime() + OAUTH_STATE_TTL_MS);
    const expired = await startAuthorization(
      deps(),
      { userId: alice.userId, provider: 'onedrive', redirectOrigin: origin },
      start,
    );
    expect(
      await completeAuthorization(deps(), { state: expired.state, userId: alice.userId, provider: 'onedrive' }, late),
    ).toBeNull();
    const forgotten = await startAuthorization(
      deps(),
      { userId: alice.userId, provider: 'onedrive', redirectOrigin: origin },
      start,
    );
    const fresh = await startAuthorization(
      deps(),
      { userId: alice.userId, provider: 'onedrive', redirectOrigin: origin },
      new Date(late.getTime() + 1),
    );
    const remaining = await ctx.app.database.db
      .select({ state: oauthStates.state })
      .from(oauthStates)
      .where(eq(oauthStates.userId, alice.userId));
    expect(remaining.map((row) => row.state)).toEqual([fresh.state]);
    expect(remaining.map((row) => row.state)).not.toContain(forgotten.state);
  });
});
