import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

/** Methods that change nothing: no CSRF check, and they leave kept answers (the response cache) as they are. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The headers helmet sets for these options, computed once: they depend on nothing in the request (no CSP nonces).
 * `@fastify/helmet` built a new helmet middleware on every request, a noticeable share of a small request's time
 * (ADR 0114).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Security headers as ADR 0006 decides them (docs/decisions/0006-content-security-policy.md), and CSRF protection for
 * the API: a state-changing request that carries our cookies must come from a trusted origin.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and sonner inject style elements at run time; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: options.config.APP_URL.startsWith('https://'),
    });
    // The same headers on every answer: set from the precomputed map, not rebuilt per request.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    const trusted = new Set(options.config.trustedOrigins);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!request.url.startsWith('/api/')) return;
      if (!request.headers.cookie) return;
      const origin = requestOrigin(request);
      const site = request.headers['sec-fetch-site'];
      if (origin ? !trusted.has(origin) : site === 'cross-site') {
        throw AppError.of('CROSS_SITE_REQUEST');
      }
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
