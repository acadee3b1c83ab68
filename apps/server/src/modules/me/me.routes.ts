import { roleStateSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/request-user.ts';
import { getRoleState } from './me.service.ts';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/role',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in user's role, team and derived flags",
        security: [{ session: [] }],
        response: { 200: roleStateSchema },
      },
    },
    async (request) => getRoleState(app.database.db, requireUser(request).id),
  );
};
