import {
  employeeSignUpSchema,
  GOOGLE_SIGN_IN_RETURN_PATH,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
} from '@lumen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Config } from '../../config.ts';
import { readHeaders } from '../../platform/auth.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { recordAccountEvent } from './auth-audit.ts';
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER } from './create-auth.ts';
import { findUserIdByEmail, isRegisteredEmail } from './users.repository.ts';

/** Our schemas run first so the forms and the server give the same messages. */
const BODY_SCHEMAS: Record<string, ZodType> = {
  '/sign-up/email': employeeSignUpSchema,
  '/sign-in/email': signInSchema,
  '/request-password-reset': requestPasswordResetSchema,
  '/reset-password': resetPasswordSchema,
};

/** Better Auth's codes mapped to ours, where the client acts on them. */
const AUTH_CODE_MAP: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'CONFLICT',
};

/**
 * Better Auth's endpoints under /api/auth/*, behind our own checks: our shared schemas validate first (the forms and
 * the server give the same messages), duplicate sign-ups get a 409, Google without configuration a clear error, and
 * Better Auth's error bodies are rewritten into ours.
 */
export async function authRoutes(app: FastifyInstance, options: { config: Config; auth: Auth }): Promise<void> {
  const { config, auth } = options;
  const checkBeforeAuth = async (request: FastifyRequest, subPath: string) => {
    if (request.method !== 'POST') return;
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw AppError.of('BODY_NOT_OBJECT');
    }
    const bodySchema = BODY_SCHEMAS[subPath];
    if (bodySchema) {
      const parsed = bodySchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
    }
    if (subPath === '/sign-up/email') {
      // Better Auth answers a duplicate sign-up with a fake success; we tell the person plainly (ADR 0004).
      const email = String((body as { email: string }).email)
        .trim()
        .toLowerCase();
      if (await isRegisteredEmail(app.database.db, email)) {
        throw AppError.of('ACCOUNT_EXISTS');
      }
    }
    if (subPath === '/sign-in/social') {
      const provider = (body as { provider?: unknown }).provider;
      if (provider === 'google' && !config.google) {
        throw AppError.of('GOOGLE_NOT_ENABLED');
      }
    }
  };

  /** The account events only the routes see (Better Auth reports sign-ins and resets itself, `onAuthEvent`). */
  const auditAccountEvent = async (
    request: FastifyRequest,
    subPath: string,
    status: number,
    sessionUserId: string | null,
    userAgent: string | null,
  ) => {
    const actor = { userId: sessionUserId, ipAddress: request.ip, userAgent };
    try {
      if (subPath === '/sign-in/email' && status === 401) {
        const email = String((request.body as { email?: unknown }).email ?? '')
          .trim()
          .toLowerCase();
        const accountId = await findUserIdByEmail(app.database.db, email);
        await recordAccountEvent(app.database.db, {
          action: 'user_login_failed',
          accountId,
          actor: { ...actor, userId: null },
          metadata: { email },
        });
      } else if (subPath === '/sign-out' && status < 300 && sessionUserId) {
        await recordAccountEvent(app.database.db, { action: 'user_logout', accountId: sessionUserId, actor });
      } else if (subPath === '/change-password' && status < 300 && sessionUserId) {
        await recordAccountEvent(app.database.db, { action: 'password_change', accountId: sessionUserId, actor });
      }
    } catch (error) {
      // The account event happened; only its record is missing, which the log says.
      request.log.error({ err: error, subPath }, 'account event not audited');
    }
  };

  const handleAuthRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.APP_URL);
    const subPath = url.pathname.slice(AUTH_BASE_PATH.length);
    await checkBeforeAuth(request, subPath);
    if (subPath === '/sign-up/email') {
      // The display name is derived: first plus last name (docs/product-rules.md#sign-in-and-accounts).
      const body = request.body as { firstName: string; lastName: string; name?: string };
      body.firstName = body.firstName.trim();
      body.lastName = body.lastName.trim();
      body.name = `${body.firstName} ${body.lastName}`;
    }
    if (subPath === '/sign-in/social' && request.body && typeof request.body === 'object') {
      const body = request.body as { callbackURL?: string; errorCallbackURL?: string };
      body.callbackURL ??= GOOGLE_SIGN_IN_RETURN_PATH;
      body.errorCallbackURL ??= '/auth';
    }
    const headers = readHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    // Who is signing out or changing their password: the session ends or changes with the request.
    const sessionUser =
      subPath === '/sign-out' || subPath === '/change-password'
        ? await app.readSession(headers).catch(() => null)
        : null;
    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (typeof request.body === 'string') {
        body = request.body;
      } else if (request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers.set('content-type', 'application/json');
      }
      if (body !== undefined) headers.delete('content-length');
    }
    const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
    // Better Auth answers its own failures with a bare 500; the database being away is ours to say (503, retry).
    if (response.status >= 500 && !(await app.database.ping())) throw AppError.of('DATABASE_UNAVAILABLE');
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key.toLowerCase() === 'set-cookie') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    await auditAccountEvent(request, subPath, response.status, sessionUser?.id ?? null, userAgent);
    if (response.status >= 400) return reply.send(toErrorBody(text, response.status));
    return reply.send(text.length ? text : null);
  };

  // Sign-in and sign-up get their own routes for their own rate limits; the rest share a wildcard.
  const rateLimit = {
    max: config.AUTH_RATE_LIMIT_MAX,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
  };
  for (const subPath of ['/sign-in/email', '/sign-up/email', '/sign-in/social', '/request-password-reset']) {
    app.post(`${AUTH_BASE_PATH}${subPath}`, { config: { rateLimit } }, handleAuthRequest);
  }
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { rateLimit: { max: config.AUTH_RATE_LIMIT_MAX * 10, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS } },
    handler: handleAuthRequest,
  });
  // Form posts (an OAuth form_post callback) reach the handler as the raw string.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, payload, done) =>
    done(null, payload),
  );
}

function toErrorBody(text: string, status: number) {
  let code = status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : 'BAD_REQUEST';
  let message = 'The request could not be completed.';
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') code = AUTH_CODE_MAP[parsed.code] ?? parsed.code;
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    if (text) message = text;
  }
  return { error: { code, message } };
}
