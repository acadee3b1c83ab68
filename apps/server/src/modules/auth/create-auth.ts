import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import * as schema from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { buildPasswordResetMail, buildVerificationMail } from './auth.mail.ts';
import { createSignInLockout } from './sign-in-lockout.ts';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * The header our auth routes set to the client's address (Fastify's `request.ip`) before Better Auth sees a request;
 * a client's own is dropped. Sessions record it, so the audit log and the sessions agree on one address.
 */
export const CLIENT_IP_HEADER = 'x-lumen-client-ip';

/** What Better Auth itself tells us happened (the routes report the rest: failed sign-ins, sign-outs). */
export interface AuthEvent {
  action: 'user_login' | 'password_reset';
  userId: string;
  ipAddress: string | null;
  userAgent: string | null;
}

function firstNameOf(user: object): string {
  const value = (user as { firstName?: unknown }).firstName;
  return typeof value === 'string' ? value : '';
}

export interface AuthDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Runs once an email address is confirmed (joining the team of an invite code given at sign-up). */
  onEmailVerified?: ((userId: string) => Promise<void>) | undefined;
  /** Sign-ins (any method) and password resets, for the audit log; a failure here never fails the sign-in. */
  onAuthEvent?: ((event: AuthEvent) => Promise<void>) | undefined;
  /** The signed-in sessions the API trusts for a few seconds: told here of every session that ends (ADR 0114). */
  sessionCache: SessionCache;
}

export function createAuth({ config, db, mailer, log, onEmailVerified, onAuthEvent, sessionCache }: AuthDeps) {
  const lockout = createSignInLockout(db, config);
  const report = async (event: AuthEvent) => {
    try {
      await onAuthEvent?.(event);
    } catch (error) {
      log.error({ err: error, action: event.action }, 'auth event not audited');
    }
  };
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
      onPasswordReset: async ({ user }, request) => {
        // The lockout's message offers a reset as the way back in: the address's failures are forgotten.
        await lockout.forget(user.email).catch((error: unknown) => {
          log.error({ err: error }, 'sign-in failures not cleared after a password reset');
        });
        await report({
          action: 'password_reset',
          userId: user.id,
          ipAddress: request?.headers.get(CLIENT_IP_HEADER) ?? null,
          userAgent: request?.headers.get('user-agent')?.slice(0, 500) ?? null,
        });
      },
    },
    // Every new session is a sign-in, whatever the method (password, Google, the link that confirms an address),
    // except the one a password change issues to replace the sessions it ended (the change is audited as such).
    // Every session Better Auth deletes (sign-out, a password change or reset, 'Sign out everywhere', a revocation, an
    // expired one) and every change of a user is forgotten by the session cache; the hooks run once it is committed.
    databaseHooks: {
      user: {
        update: { after: async (user) => sessionCache.forget({ userId: user.id }) },
        delete: { after: async (user) => sessionCache.forget({ userId: user.id }) },
      },
      session: {
        delete: { after: async (session) => sessionCache.forget({ token: session.token }) },
        create: {
          after: async (session, context) => {
            if (context?.path === '/change-password') return;
            await report({
              action: 'user_login',
              userId: session.userId,
              ipAddress: session.ipAddress ?? null,
              userAgent: session.userAgent?.slice(0, 500) ?? null,
            });
          },
        },
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
      // Better Auth skips its origin check when NODE_ENV is test; our tests must see the check production runs.
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
