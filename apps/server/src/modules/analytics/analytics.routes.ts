import { analyticsGoalsSchema, analyticsQuerySchema, teamAnalyticsSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireUser } from '../../platform/request-user.ts';
import { readTeamAnalytics, updateAnalyticsGoals } from './analytics.service.ts';

/** The team's analytics (issue #14): figures over a period for every member, goals set by admins. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "The team's figures over a period (7d, 30d, 90d, 1y): questions answered and declined, response times, documents, activity, and the goals",
        security: [{ session: [] }],
        querystring: analyticsQuerySchema,
        response: { 200: teamAnalyticsSchema },
      },
    },
    async (request) => readTeamAnalytics(app.database.db, requireUser(request).id, request.query),
  );

  app.put(
    '/analytics/goals',
    {
      attachValidation: true,
      schema: {
        tags: ['analytics'],
        summary: 'Sets the goals the figures are shown against (team admins)',
        security: [{ session: [] }],
        body: analyticsGoalsSchema,
        response: { 200: analyticsGoalsSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return updateAnalyticsGoals(app.database.db, requireUser(request).id, request.body);
    },
  );
};
