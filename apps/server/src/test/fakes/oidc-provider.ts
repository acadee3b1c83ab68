import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  givenName: string;
  familyName: string;
}

export interface LocalOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on a loopback port, standing in for Google: authorization code with PKCE, its own
 * login and consent pages (any login that looks like an email signs in as that address).
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  accounts?: OidcAccount[];
  port?: number;
}): Promise<LocalOidcProvider> {
  const clientId = 'lumen-test-client';
  const clientSecret = 'lumen-test-client-secret-0123456789';
  const known = new Map((options.accounts ?? []).map((account) => [account.email.toLowerCase(), account]));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    cookies: { keys: ['lumen-test-oidc-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 86_400,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const email = id.toLowerCase();
      const local = email.split('@')[0] ?? 'user';
      const account = known.get(email) ?? { email, givenName: local, familyName: 'Tester' };
      return {
        accountId: id,
        async claims() {
          return {
            sub: createHash('sha256').update(email).digest('hex').slice(0, 24),
            email: account.email,
            email_verified: true,
            name: `${account.givenName} ${account.familyName}`,
            given_name: account.givenName,
            family_name: account.familyName,
          };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
