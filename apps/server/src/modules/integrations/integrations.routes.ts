import {
  integrationListSchema,
  integrationProviderParamsSchema,
  syncFailureListSchema,
  syncRequestResultSchema,
} from '@lumen/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readHeaders } from '../../platform/auth.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import { beginConnect, type ConnectOutcome, completeConnect, SIGN_IN_TO_CONNECT } from './connect.service.ts';
import {
  disconnectIntegration,
  type IntegrationsRuntime,
  listIntegrations,
  listSyncFailures,
  requestSync,
} from './integrations.service.ts';
import { POPUP_SCRIPT, POPUP_SCRIPT_PATH, renderPopupResult } from './popup-page.ts';

export interface IntegrationsRoutesOptions {
  runtime: IntegrationsRuntime;
}

/** The signed-in integrations API: the list, sync on demand, the last sync's failures, disconnect. */
export const integrationsRoutes: FastifyPluginAsyncZod<IntegrationsRoutesOptions> = async (app, { runtime }) => {
  app.get(
    '/integrations',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Every integration for the signed-in user: configured, connected, account, last sync and counts',
        security: [{ session: [] }],
        response: { 200: integrationListSchema },
      },
    },
    async (request) => listIntegrations(runtime, requireUser(request).id),
  );

  app.post(
    '/integrations/:provider/sync',
    {
      schema: {
        tags: ['integrations'],
        summary: "Queues a sync of the signed-in user's connection now (progress arrives over /ws)",
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
        response: { 202: syncRequestResultSchema },
      },
    },
    async (request, reply) => {
      const result = await requestSync(runtime, requireUser(request).id, request.params.provider);
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/integrations/:provider/failures',
    {
      schema: {
        tags: ['integrations'],
        summary: "The items the last sync of the signed-in user's connection could not read, with the reason",
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
        response: { 200: syncFailureListSchema },
      },
    },
    async (request) => listSyncFailures(runtime.db, requireUser(request).id, request.params.provider),
  );

  app.post(
    '/integrations/:provider/disconnect',
    {
      schema: {
        tags: ['integrations'],
        summary: "Removes the signed-in user's connection, its stored tokens and the documents it synced",
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await disconnectIntegration(runtime, requireActor(request), request.params.provider);
      return reply.status(204).send(null);
    },
  );
};

const callbackQuerySchema = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The OAuth popup's pages (ADR 0081). They answer HTML, not JSON, because they run in the popup: a failure, including
 * no session, is a result page that tells the opener. The session is read here rather than by the API's auth hook.
 */
export const integrationsPopupRoutes: FastifyPluginAsyncZod<IntegrationsRoutesOptions> = async (app, { runtime }) => {
  const targetOrigin = new URL(runtime.appUrl).origin;
  const sendResult = (
    reply: FastifyReply,
    provider: Parameters<typeof renderPopupResult>[0]['provider'],
    outcome: ConnectOutcome,
  ) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPopupResult({ provider, outcome, targetOrigin }));
  const sessionUserId = async (headers: Parameters<typeof readHeaders>[0]) =>
    (await app.readSession(readHeaders(headers)).catch(() => null))?.id ?? null;

  app.get(
    POPUP_SCRIPT_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags: ['integrations'],
        summary: "The OAuth popup result page's script (posts the result to the opener)",
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(POPUP_SCRIPT),
  );

  app.get(
    '/integrations/:provider/connect',
    {
      schema: {
        tags: ['integrations'],
        summary: "Starts connecting the provider in a popup: redirects to the provider's consent page (PKCE, state)",
        description: 'Answers 302 to the provider, or an HTML result page that posts the failure to the opener.',
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const userId = await sessionUserId(request);
      if (!userId) return sendResult(reply, provider, { ok: false, error: SIGN_IN_TO_CONNECT });
      const started = await beginConnect(runtime, userId, provider);
      if ('redirectTo' in started) return reply.header('cache-control', 'no-store').redirect(started.redirectTo, 302);
      return sendResult(reply, provider, started);
    },
  );

  app.get(
    '/integrations/:provider/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: "The provider's OAuth redirect: stores the connection and queues its first sync",
        description:
          'Answers an HTML page that posts { type, provider, ok, error? } to window.opener at the app origin and closes.',
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const userId = await sessionUserId(request);
      if (!userId) return sendResult(reply, provider, { ok: false, error: SIGN_IN_TO_CONNECT });
      const { code, state, error } = request.query;
      const actor = { userId, ipAddress: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
      return sendResult(reply, provider, await completeConnect(runtime, actor, provider, { code, state, error }));
    },
  );
};
