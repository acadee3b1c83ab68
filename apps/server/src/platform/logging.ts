import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Query parameters whose values are secrets (verification and reset tokens, OAuth codes). */
const SECRET_QUERY_KEYS = /^(token|code|state|access_token|refresh_token|id_token|password|secret|key)$/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Pino options: secrets and tokens never reach the log. */
export function buildLoggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.idToken',
        '*.codeVerifier',
        '*.encryptedAccessToken',
        '*.encryptedRefreshToken',
        '*.secret',
        '*.SECRET_KEY',
        '*.clientSecret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
