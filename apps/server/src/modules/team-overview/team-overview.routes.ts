import {
  activityListSchema,
  activityQuerySchema,
  teamSearchQuerySchema,
  teamSearchResultSchema,
  teamStatsSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/request-user.ts';
import { getTeamStats, listActivity, searchTeam } from './team-overview.service.ts';

/** The team screens' overview: stat cards, the activity list and the search over members, spaces and documents. */
export const teamOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/teams/current/stats',
    {
      schema: {
        tags: ['teams'],
        summary: "The team screens' stat cards: members, departments, spaces, AI queries and the caller's own counts",
        security: [{ session: [] }],
        querystring: z.object({
          /** The browser's `new Date().getTimezoneOffset()`, so "today" is the user's day (default UTC). */
          tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
        }),
        response: { 200: teamStatsSchema },
      },
    },
    async (request) => getTeamStats(db(), requireUser(request).id, request.query.tzOffset),
  );

  app.get(
    '/teams/current/activity',
    {
      schema: {
        tags: ['teams'],
        summary: "The team's events from the audit log, newest first",
        security: [{ session: [] }],
        querystring: activityQuerySchema,
        response: { 200: activityListSchema },
      },
    },
    async (request) => listActivity(db(), requireUser(request).id, request.query),
  );

  app.get(
    '/teams/current/search',
    {
      schema: {
        tags: ['teams'],
        summary: "The team's members and spaces and the caller's documents matching the text",
        security: [{ session: [] }],
        querystring: teamSearchQuerySchema,
        response: { 200: teamSearchResultSchema },
      },
    },
    async (request) => searchTeam(db(), requireUser(request).id, request.query.q),
  );
};
