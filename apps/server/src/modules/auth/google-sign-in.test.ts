import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookiesFrom, TEST_APP_URL, TEST_ORIGIN, type TestContext } from '../../test/build-test-app.ts';
import { walkOidcLogin } from '../../test/fakes/oidc-browser.ts';
import { type LocalOidcProvider, startOidcProvider } from '../../test/fakes/oidc-provider.ts';

const CALLBACK = `${TEST_APP_URL}/api/auth/callback/google`;

describe('Google sign-in through OpenID Connect (local provider, real authorization-code flow)', () => {
  let idp: LocalOidcProvider;
  let ctx: TestContext;

  beforeAll(async () => {
    idp = await startOidcProvider({
      redirectUris: [CALLBACK],
      accounts: [{ email: 'grace@example.com', givenName: 'Grace', familyName: 'Hopper' }],
    });
    ctx = await buildTestApp({
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
      GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  async function startSignIn() {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: TEST_ORIGIN,
      payload: { provider: 'google', callbackURL: '/chat', errorCallbackURL: '/auth' },
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    return { url: new URL(url), cookie: cookiesFrom(response) };
  }

  it('asks the provider for offline access with forced consent and PKCE', async () => {
    const { url } = await startSignIn();
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs a new user in, creates their profile and returns to /chat', async () => {
    const { url, cookie } = await startSignIn();
    const callback = new URL(await walkOidcLogin(url.toString(), 'grace@example.com', CALLBACK));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/chat');
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookiesFrom(response, cookie) },
    });
    const body = session.json<{
      user: { email: string; firstName: string; lastName: string; emailVerified: boolean };
    }>();
    expect(body.user).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: true,
    });
  });

  it('sends the browser back to /auth with an error when the callback does not validate', async () => {
    const { url, cookie } = await startSignIn();
    const callback = new URL(await walkOidcLogin(url.toString(), 'grace@example.com', CALLBACK));
    callback.searchParams.set('state', 'tampered-state');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), TEST_APP_URL);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBeTruthy();
  });
});
