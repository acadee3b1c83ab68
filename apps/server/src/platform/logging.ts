import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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

/** A request that takes this long is logged as a warning: enough to notice a stalled database or a slow provider. */
export const SLOW_REQUEST_MS = 2000;

/**
 * Logs every request slower than `thresholdMs` (at warn, so it shows at the default levels of production and of the
 * end-to-end runs) with its route pattern rather than its URL: a path may carry a token (invitation links).
 */
export function logSlowRequests(app: FastifyInstance, thresholdMs = SLOW_REQUEST_MS): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime < thresholdMs) return;
    request.log.warn(
      {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        statusCode: reply.statusCode,
        elapsedMs: Math.round(reply.elapsedTime),
      },
      'slow request',
    );
  });
}
