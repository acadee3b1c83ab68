import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invitationsRoutes, publicInvitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { acceptPendingInviteCode } from './modules/invitations/invitations.service.ts';
import { dailyUpdatesRoutes } from './modules/me/daily-updates.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { spacesRoutes } from './modules/spaces/spaces.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { workItemsRoutes } from './modules/work-items/work-items.routes.ts';
import { authPlugin } from './platform/auth.ts';
import { type DatabaseHandle, databasePlugin, openDatabase } from './platform/db.ts';
import { embeddingsPlugin } from './platform/embeddings.ts';
import { AppError, errorsPlugin } from './platform/errors.ts';
import { jobsPlugin } from './platform/jobs.ts';
import { buildLoggerOptions } from './platform/logging.ts';
import { type Mailer, mailPlugin } from './platform/mail.ts';
import { ocrPlugin } from './platform/ocr.ts';
import { openApiPlugin } from './platform/openapi.ts';
import { realtimePlugin } from './platform/realtime.ts';
import { securityPlugin } from './platform/security.ts';
import { staticWebPlugin } from './platform/static-web.ts';
import { storagePlugin } from './platform/storage.ts';

export interface BuildAppOptions {
  /** An already opened database (tests pass a fresh one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** A mailer to use instead of the SMTP or outbox one. */
  mailer?: Mailer;
}

/**
 * The whole server. Registration order is the architecture: platform plugins first (errors, security, limits,
 * database, mail, storage, jobs, embeddings, OCR, docs, auth), then the public API, then the signed-in API behind one auth
 * hook, then the web app.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: buildLoggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
    ));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });
  await app.register(databasePlugin, { handle: database });
  await app.register(mailPlugin, { config, mailer: options.mailer });
  await app.register(storagePlugin, { config });
  await app.register(jobsPlugin);
  await app.register(embeddingsPlugin, { config });
  await app.register(ocrPlugin, { config });
  await app.register(openApiPlugin);
  await app.register(authPlugin, {
    config,
    // A sign-up with an invite code joins that team once the address is confirmed.
    onEmailVerified: (userId) => acceptPendingInviteCode(app.database.db, userId, app.log),
  });
  await app.register(realtimePlugin, { config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicInvitationsRoutes);
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', signedIn.authenticate);
        await signedIn.register(meRoutes);
        await signedIn.register(documentsRoutes, { config });
        await signedIn.register(searchRoutes);
        await signedIn.register(preferencesRoutes);
        await signedIn.register(dailyUpdatesRoutes);
        await signedIn.register(conversationsRoutes);
        await signedIn.register(assistantRoutes, { config });
        await signedIn.register(teamsRoutes);
        await signedIn.register(invitationsRoutes, { config });
        await signedIn.register(spacesRoutes, { config });
        await signedIn.register(workItemsRoutes);
      });
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { config });
  return app;
}
