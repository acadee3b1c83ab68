import { integrationListSchema, integrationProviderParamsSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requireUser } from '../../platform/request-user.ts';
import { disconnectIntegration, listIntegrations } from './integrations.service.ts';

export const integrationsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
    async (request) =>
      listIntegrations({ db: app.database.db, connectors: config.connectors }, requireUser(request).id),
  );

  app.post(
    '/integrations/:provider/disconnect',
    {
      schema: {
        tags: ['integrations'],
        summary: "Removes the signed-in user's connection to the provider and its stored tokens",
        security: [{ session: [] }],
        params: integrationProviderParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await disconnectIntegration(app.database.db, requireUser(request).id, request.params.provider);
      return reply.status(204).send(null);
    },
  );
};
