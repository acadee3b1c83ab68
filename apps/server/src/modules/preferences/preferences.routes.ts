import { updateUserPreferencesSchema, userPreferencesSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/request-user.ts';
import { getPreferences, updatePreferences } from './preferences.service.ts';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/preferences',
    {
      schema: {
        tags: ['me'],
        summary: "The signed-in user's preferences (defaults when none saved)",
        security: [{ session: [] }],
        response: { 200: userPreferencesSchema },
      },
    },
    async (request) => getPreferences(app.database.db, requireUser(request).id),
  );

  app.put(
    '/me/preferences',
    {
      schema: {
        tags: ['me'],
        summary: 'Saves preferences (any subset of the fields)',
        security: [{ session: [] }],
        body: updateUserPreferencesSchema.strict(),
        response: { 200: userPreferencesSchema },
      },
    },
    async (request) => updatePreferences(app.database.db, requireUser(request).id, request.body),
  );
};
