import { dailyUpdatesSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/request-user.ts';
import { getDailyUpdates } from './daily-updates.service.ts';

export const dailyUpdatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/daily-updates',
    {
      schema: {
        tags: ['me'],
        summary: "The sidebar's Daily Updates: six stats from real counts, today against yesterday",
        security: [{ session: [] }],
        querystring: z.object({
          /** The browser's `new Date().getTimezoneOffset()`, so "today" is the user's day (default UTC). */
          tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
        }),
        response: { 200: dailyUpdatesSchema },
      },
    },
    async (request) => getDailyUpdates(app.database.db, requireUser(request).id, request.query.tzOffset),
  );
};
