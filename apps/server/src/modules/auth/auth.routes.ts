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
import { deleteSessionByToken } from './sessions.repository.ts';
import { createSignInLockout, normaliseEmail, type SignInOutcome } from './sign-in-lockout.ts';
import { findUserIdByEmail, isRegisteredEmail } from './users.repository.ts';

/** Our schemas run first so the forms and the server give the same messages. */
const BODY_SCHEMAS: Record<string, ZodType> = {
  '/sign-up/email': employeeSignUpSchema,
  '/sign-in/email': signInSchema,
  '/request-password-reset': requestPasswordResetSchema,
  '/reset-password': resetPasswordSchema,
};

/** The requests that end or change the caller's session: who made them is read before Better Auth sees them. */
const SESSION_CHANGES = new Set(['/sign-out', '/change-password', '/revoke-sessions']);

/** Better Auth's codes mapped to ours, where the client acts on them. */
const AUTH_CODE_MAP: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'CONFLICT',
};

/** Where a request says who is signed in: any session cookie, plain or `__Secure-` prefixed (https). */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?lumen\.session_token=/;

/**
 * Better Auth's endpoints under /api/auth/*, behind our own checks: our shared schemas validate first (the forms and
 * the server give the same messages), duplicate sign-ups get a 409, Google without configuration a clear error, a
 * password sign-in passes the per-address lockout (ADR 0112), and Better Auth's error bodies are rewritten into ours.
 */
export async function authRoutes(app: FastifyInstance, options: { config: Config; auth: Auth }): Promise<void> {
  const { config, auth } = options;
  const lockout = createSignInLockout(app.database.db, config);
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
      const email = normaliseEmail(String((body as { email: string }).email));
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

  /** A failed password sign-in, refused by Better Auth or by the lockout (`isLocked`): the anomaly rules read them. */
  const recordFailedSignIn = async (request: FastifyRequest, userAgent: string | null, isLocked: boolean) => {
    const email = normaliseEmail(String((request.body as { email?: unknown }).email ?? ''));
    const accountId = await findUserIdByEmail(app.database.db, email);
    await recordAccountEvent(app.database.db, {
      action: 'user_login_failed',
      accountId,
      actor: { userId: null, ipAddress: request.ip, userAgent },
      metadata: isLocked ? { email, isLocked } : { email },
    });
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
        await recordFailedSignIn(request, userAgent, false);
      } else if (subPath === '/sign-out' && status < 300 && sessionUserId) {
        await recordAccountEvent(app.database.db, { action: 'user_logout', accountId: sessionUserId, actor });
      } else if (subPath === '/revoke-sessions' && status < 300 && sessionUserId) {
        // 'Sign out everywhere': every session of the account ended at once.
        await recordAccountEvent(app.database.db, {
          action: 'user_logout',
          accountId: sessionUserId,
          actor,
          metadata: { isEverywhere: true },
        });
      } else if (subPath === '/change-password' && status < 300 && sessionUserId) {
        await recordAccountEvent(app.database.db, { action: 'password_change', accountId: sessionUserId, actor });
      }
    } catch (error) {
      // The account event happened; only its record is missing, which the log says.
      request.log.error({ err: error, subPath }, 'account event not audited');
    }
  };

  /**
   * Counts a password sign-in against its address and refuses it while the address is locked, whatever the password
   * and whether or not the address has an account (the same answer, before any lookup). Returns the address counted.
   */
  const admitPasswordSignIn = async (request: FastifyRequest, reply: FastifyReply, userAgent: string | null) => {
    const email = normaliseEmail(String((request.body as { email: string }).email));
    const attempt = await lockout.admit(email);
    if (!attempt.isLocked) return email;
    try {
      await recordFailedSignIn(request, userAgent, true);
    } catch (error) {
      request.log.error({ err: error }, 'account event not audited');
    }
    reply.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
    throw AppError.of('SIGN_IN_LOCKED', { minutes: Math.ceil(attempt.retryAfterMs / 60_000) });
  };

  /** Settles a counted sign-in by Better Auth's answer; a failure to record it only leaves the count as it was. */
  const settlePasswordSignIn = async (request: FastifyRequest, email: string, status: number) => {
    const outcome: SignInOutcome = status < 300 ? 'signed-in' : status === 401 ? 'wrong-credentials' : 'other';
    try {
      await lockout.settle(email, outcome);
    } catch (error) {
      request.log.error({ err: error, outcome }, 'sign-in attempt not settled');
    }
  };

  /**
   * A new sign-in always gets a new session token (Better Auth never takes one from the client); the session the
   * browser held before is ended too, so a token that was replaced cannot be used again.
   */
  const endReplacedSession = async (request: FastifyRequest, previousToken: string | undefined, text: string) => {
    if (!previousToken) return;
    try {
      const issued = (JSON.parse(text) as { token?: unknown }).token;
      if (issued !== previousToken) {
        await deleteSessionByToken(app.database.db, previousToken);
        // Deleted here rather than by Better Auth (whose hooks tell the cache): the cache forgets it too.
        await app.sessionCache.forget({ token: previousToken });
      }
    } catch (error) {
      request.log.error({ err: error }, 'the replaced session was not ended');
    }
  };

  const handleAuthRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.APP_URL);
    const subPath = url.pathname.slice(AUTH_BASE_PATH.length);
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    await checkBeforeAuth(request, subPath);
    const signInEmail = subPath === '/sign-in/email' ? await admitPasswordSignIn(request, reply, userAgent) : null;
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
    if (subPath === '/change-password' && request.body && typeof request.body === 'object') {
      // A new password ends every other session of the account, whatever the client asked (this one gets a new token).
      (request.body as { revokeOtherSessions?: boolean }).revokeOtherSessions = true;
    }
    const headers = readHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    // Who is signing out or changing their password: the session ends or changes with the request.
    const sessionUser = SESSION_CHANGES.has(subPath) ? await app.readSession(headers).catch(() => null) : null;
    // The session a sign-in replaces, ended once the new one exists.
    const previousToken =
      signInEmail !== null && SESSION_COOKIE.test(request.headers.cookie ?? '')
        ? (await auth.api.getSession({ headers }).catch(() => null))?.session.token
        : undefined;
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
    if (signInEmail !== null) {
      await settlePasswordSignIn(request, signInEmail, response.status);
      if (response.status < 300) await endReplacedSession(request, previousToken, text);
    }
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
