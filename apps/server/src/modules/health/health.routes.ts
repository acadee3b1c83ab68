import { healthSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const APP_VERSION = '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Whether the server and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const isDatabaseUp = await app.database.ping();
      return reply.status(isDatabaseUp ? 200 : 503).send({
        status: isDatabaseUp ? 'ok' : 'degraded',
        database: isDatabaseUp ? 'ok' : 'unreachable',
        version: APP_VERSION,
      });
    },
  );
};
