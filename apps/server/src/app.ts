import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { findMembership, membershipCachePlugin } from './modules/access/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { assistantRoutes, createLanguageModel } from './modules/assistant/index.ts';
import { type AnomalyScanOptions, auditRoutes, registerAuditJobs } from './modules/audit/index.ts';
import { authRoutes, createAuth, recordAccountEvent } from './modules/auth/index.ts';
import { conversationsRoutes } from './modules/conversations/index.ts';
import { closeExtractionPool, documentsRoutes, registerDocumentJobs } from './modules/documents/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import {
  type ConnectorDriver,
  createCloudFileStore,
  createConnectorRegistry,
  createDrivers,
  createIntegrationsRuntime,
  integrationRequestsRoutes,
  integrationsPopupRoutes,
  integrationsRoutes,
  registerIntegrationJobs,
  type SyncSettings,
} from './modules/integrations/index.ts';
import { acceptPendingInviteCode, invitationsRoutes, publicInvitationsRoutes } from './modules/invitations/index.ts';
import { dailyUpdatesRoutes, meRoutes } from './modules/me/index.ts';
import { preferencesRoutes } from './modules/preferences/index.ts';
import { configureSegmentCache, registerSearchJobs, searchRoutes, startTextAnalysis } from './modules/search/index.ts';
import { spacesRoutes } from './modules/spaces/index.ts';
import { registerTeamChatJobs, teamChatRoutes } from './modules/team-chat/index.ts';
import { teamOverviewRoutes } from './modules/team-overview/index.ts';
import { teamsRoutes } from './modules/teams/index.ts';
import { workItemsRoutes } from './modules/work-items/index.ts';
import { sessionPlugin } from './platform/auth.ts';
import { type DatabaseHandle, databasePlugin, openDatabase } from './platform/db.ts';
import { embeddingsPlugin } from './platform/embeddings.ts';
import { AppError, errorsPlugin } from './platform/errors.ts';
import { inputGuardPlugin } from './platform/input-guard.ts';
import { type JobQueueOptions, jobsPlugin } from './platform/jobs.ts';
import { buildLoggerOptions, logSlowRequests } from './platform/logging.ts';
import { type Mailer, mailPlugin } from './platform/mail.ts';
import { ocrPlugin } from './platform/ocr.ts';
import { openApiPlugin } from './platform/openapi.ts';
import { realtimePlugin } from './platform/realtime.ts';
import { responseCachePlugin } from './platform/response-cache.ts';
import { securityPlugin } from './platform/security.ts';
import { createSessionCache } from './platform/session-cache.ts';
import { staticWebPlugin } from './platform/static-web.ts';
import { type Storage, storagePlugin } from './platform/storage.ts';

export interface BuildAppOptions {
  /** An already opened database (tests pass a fresh one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** A mailer to use instead of the SMTP or outbox one. */
  mailer?: Mailer;
  /** Connector drivers to use instead of `createDrivers(config.connectors)` (tests inject in-memory ones). */
  drivers?: ConnectorDriver[];
  /** The sync's waits and retries (tests make them instant). */
  connectorSync?: Partial<SyncSettings>;
  /** The job queue's timings (lease, heartbeat, sweep; tests shorten them). */
  jobs?: Omit<JobQueueOptions, 'log'>;
  /** A storage to use instead of the one the config names (tests inject one whose writes fail: a full disk). */
  storage?: Storage;
  /** How often open sockets are pinged and their sessions and teams read again (tests shorten it). */
  realtimeHeartbeatMs?: number;
  /** The anomaly scan's timings (tests scan at once, without the lag). */
  anomalyScan?: Omit<AnomalyScanOptions, 'rules'>;
}

/**
 * The whole server. Registration order is the architecture: platform plugins first (errors, security, input guard, limits,
 * database, mail, storage, jobs, embeddings, OCR, docs, session, realtime), the job handlers, then the auth routes and
 * the public API, then the signed-in API behind one auth hook, then the web app. Modules are imported through their
 * public entry files (`modules/<area>/index.ts`) only.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: buildLoggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  logSlowRequests(app);

  const database =
    options.database ??
    (await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
    ));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(inputGuardPlugin);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      AppError.of('TOO_MANY_ATTEMPTS', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await app.register(databasePlugin, { handle: database });
  configureSegmentCache(database.db, config.SEARCH_CACHE_MB);
  await app.register(membershipCachePlugin);
  // Started now: it takes a few seconds, and ingestion analyses in its own statement until it answers.
  if (database.kind === 'pglite' && config.SEARCH_ANALYSIS_WORKER) void startTextAnalysis();
  await app.register(mailPlugin, { config, mailer: options.mailer });
  await app.register(storagePlugin, {
    config,
    isSoleProcess: database.kind === 'pglite',
    ...(options.storage ? { storage: options.storage } : {}),
  });
  await app.register(jobsPlugin, options.jobs ?? {});
  await app.register(embeddingsPlugin, { config });
  await app.register(ocrPlugin, { config });
  await app.register(openApiPlugin, { isSecureCookie: config.APP_URL.startsWith('https://') });
  const sessionCache = createSessionCache();
  const auth = createAuth({
    config,
    sessionCache,
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    // A sign-up with an invite code joins that team once the address is confirmed.
    onEmailVerified: (userId) => acceptPendingInviteCode(app.database.db, userId, app.log),
    onAuthEvent: ({ action, userId, ipAddress, userAgent }) =>
      recordAccountEvent(app.database.db, { action, accountId: userId, actor: { userId, ipAddress, userAgent } }),
  });
  await app.register(sessionPlugin, {
    cache: sessionCache,
    lookUpSession: (headers) => auth.api.getSession({ headers }),
  });
  await app.register(realtimePlugin, { config, heartbeatMs: options.realtimeHeartbeatMs });
  await app.register(responseCachePlugin, {
    teamOf: async (userId) => (await findMembership(app.database.db, userId))?.teamId ?? null,
  });

  // Job handlers: the background work each module does, claimed from the one queue by every instance.
  registerDocumentJobs(app);
  // Extraction workers end with the app (a later app in the same process starts them again).
  app.addHook('onClose', () => closeExtractionPool());
  registerSearchJobs(app);
  const integrations = createIntegrationsRuntime(app, {
    config,
    drivers: createConnectorRegistry(options.drivers ?? createDrivers(config.connectors)),
    ...(options.connectorSync ? { sync: options.connectorSync } : {}),
  });
  registerIntegrationJobs(app, integrations);
  registerTeamChatJobs(app, { model: createLanguageModel(config) });
  registerAuditJobs(app, { rules: config.anomalyRules, ...options.anomalyScan });

  await app.register(authRoutes, { config, auth });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicInvitationsRoutes);
      // The OAuth popup's pages read the session themselves: a failure there is a page for the popup, not JSON.
      await api.register(integrationsPopupRoutes, { runtime: integrations });
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', signedIn.authenticate);
        await signedIn.register(meRoutes);
        await signedIn.register(documentsRoutes, { config });
        await signedIn.register(searchRoutes);
        await signedIn.register(preferencesRoutes);
        await signedIn.register(dailyUpdatesRoutes);
        await signedIn.register(conversationsRoutes);
        await signedIn.register(assistantRoutes, { config, cloudFiles: createCloudFileStore(integrations) });
        await signedIn.register(teamsRoutes);
        await signedIn.register(teamOverviewRoutes);
        await signedIn.register(invitationsRoutes, { config });
        await signedIn.register(spacesRoutes, { config });
        await signedIn.register(workItemsRoutes);
        await signedIn.register(integrationsRoutes, { runtime: integrations });
        await signedIn.register(integrationRequestsRoutes);
        await signedIn.register(teamChatRoutes);
        await signedIn.register(auditRoutes);
        await signedIn.register(analyticsRoutes);
      });
    },
    { prefix: '/api' },
  );

  await app.register(staticWebPlugin, { config });
  return app;
}
