import { randomUUID } from 'node:crypto';
import {
  employeeSignUpSchema,
  GOOGLE_SIGN_IN_RETURN_PATH,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
} from '@lumen/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { Config } from '../config.ts';
import * as schema from '../db/schema/index.ts';
import { buildPasswordResetMail, buildVerificationMail } from '../modules/auth/auth.mail.ts';
import type { Database } from './db.ts';
import { AppError, validationError } from './errors.ts';
import type { Mailer } from './mail.ts';

export const AUTH_BASE_PATH = '/api/auth';

function firstNameOf(user: object): string {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === 'string' ? value : '';
}

interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs once an email address is confirmed (joining the team of an invite code given at sign-up). */
  onEmailVerified?: ((userId: string) => Promise<void>) | undefined;
}

export function createAuth({ config, db, mailer, log, onEmailVerified }: AuthDeps) {
  const sendMailSafely = async (message: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(message);
    } catch (error) {
      // The account stays valid: the user can ask for the mail again from the sign-in page.
      log.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
    }
  };
  return betterAuth({
    appName: 'Lumen',
    baseURL: config.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.SECRET_KEY,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        // An invitation id from the employee sign-up form, kept until the email is confirmed (then cleared).
        inviteCode: { type: 'string', required: false, input: true, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMailSafely(buildPasswordResetMail(user.email, firstNameOf(user), url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMailSafely(buildVerificationMail(user.email, firstNameOf(user), url));
      },
      afterEmailVerification: async (user) => {
        try {
          await onEmailVerified?.(user.id);
        } catch (error) {
          // The address is confirmed either way; joining can still happen from the invitation link.
          log.error({ err: error, userId: user.id }, 'after-verification step failed');
        }
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // A callback that cannot even be tied to its sign-in (bad state) returns to the sign-in page with the error.
    onAPIError: { errorURL: `${new URL(config.APP_URL).origin}/auth` },
    // Rate limits are Fastify's (clear 429 messages, one place to configure them).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'lumen',
      useSecureCookies: config.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => randomUUID() },
    },
    logger: {
      log: (level, message, ...args) => {
        log[level]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                accessType: 'offline',
                prompt: 'consent',
                mapProfileToUser: (profile) => {
                  const email = typeof profile.email === 'string' ? profile.email : '';
                  const given = typeof profile.given_name === 'string' ? profile.given_name : '';
                  const family = typeof profile.family_name === 'string' ? profile.family_name : '';
                  const name =
                    typeof profile.name === 'string' && profile.name ? profile.name : `${given} ${family}`.trim();
                  return {
                    name: name || email.split('@')[0] || 'User',
                    firstName: given || name.split(' ')[0] || '',
                    lastName: family || name.split(' ').slice(1).join(' ') || '',
                  };
                },
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUser = AuthSession['user'];

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** onRequest hook for the signed-in part of /api: sets request.user or answers 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

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

export function readHeaders(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; onEmailVerified?: (userId: string) => Promise<void> }) => {
    const { config } = options;
    const auth = createAuth({
      config,
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      onEmailVerified: options.onEmailVerified,
    });
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const session = await auth.api.getSession({ headers: readHeaders(request) });
      if (!session) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      request.user = session.user;
    });

    const checkBeforeAuth = async (request: FastifyRequest, subPath: string) => {
      if (request.method !== 'POST') return;
      const body: unknown = request.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.');
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
        const [existing] = await app.database.db
          .select({ id: schema.user.id })
          .from(schema.user)
          .where(eq(schema.user.email, email))
          .limit(1);
        if (existing) {
          throw new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.');
        }
      }
      if (subPath === '/sign-in/social') {
        const provider = (body as { provider?: unknown }).provider;
        if (provider === 'google' && !config.google) {
          throw new AppError(
            'PROVIDER_NOT_ENABLED',
            'Unsupported provider: Google sign-in is not enabled on this server (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
          );
        }
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
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() === 'set-cookie') continue;
        reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await response.text();
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
  },
  { name: 'auth', dependencies: ['database', 'mail', 'errors'] },
);

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
