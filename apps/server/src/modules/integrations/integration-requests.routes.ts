import {
  createIntegrationRequestSchema,
  decideIntegrationRequestSchema,
  integrationRequestListQuerySchema,
  integrationRequestListSchema,
  integrationRequestSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import {
  createIntegrationRequest,
  decideIntegrationRequest,
  listOwnIntegrationRequests,
  listTeamIntegrationRequests,
} from './integration-requests.service.ts';

/** Any string: the service answers 404 for ids that are not one of the team's (malformed ones included). */
const idParams = z.object({ id: z.string().min(1).max(200) });

/** Requests for integrations Lumen does not have yet: members ask, the team's admins answer. */
export const integrationRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/integration-requests',
    {
      config: { changes: 'integration_requests' },
      attachValidation: true,
      schema: {
        tags: ['integrations'],
        summary: 'Asks the team admins for an integration (which platform, what for, how urgent)',
        security: [{ session: [] }],
        body: createIntegrationRequestSchema,
        response: { 201: integrationRequestSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const created = await createIntegrationRequest(db(), requireActor(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/integration-requests/mine',
    {
      schema: {
        tags: ['integrations'],
        summary: "The caller's own most recent integration requests with the admins' answers, newest first",
        security: [{ session: [] }],
        response: { 200: integrationRequestListSchema },
      },
    },
    async (request) => listOwnIntegrationRequests(db(), requireUser(request).id),
  );

  app.get(
    '/integration-requests',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Every integration request of the team, newest first, a page at a time (team admins)',
        security: [{ session: [] }],
        querystring: integrationRequestListQuerySchema,
        response: { 200: integrationRequestListSchema },
      },
    },
    async (request) => listTeamIntegrationRequests(db(), requireUser(request).id, request.query),
  );

  app.patch(
    '/integration-requests/:id',
    {
      config: { changes: 'integration_requests' },
      attachValidation: true,
      schema: {
        tags: ['integrations'],
        summary: 'Marks a request planned or declined, or opens it again (team admins)',
        security: [{ session: [] }],
        params: idParams,
        body: decideIntegrationRequestSchema,
        response: { 200: integrationRequestSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return decideIntegrationRequest(db(), requireActor(request), request.params.id, request.body.status);
    },
  );
};
