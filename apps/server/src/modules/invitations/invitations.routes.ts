import {
  acceptInvitationResponseSchema,
  createInvitationResponseSchema,
  createInvitationSchema,
  invitationListSchema,
  publicInvitationSchema,
} from '@lumen/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor } from '../../platform/request-user.ts';
import {
  acceptInvitation,
  createInvitation,
  getPublicInvitation,
  type InvitationDeps,
  listInvitations,
  revokeInvitation,
} from './invitations.service.ts';

// Not z.uuid(): a malformed id is simply an invitation that does not exist (404 'Invitation not found').
const invitationParams = z.object({ id: z.string().min(1).max(100) });

type InvitationsRoutesOptions = { config: Config };

/** Team invitations: managers create, list and revoke them; the invited person accepts (signed in). */
export const invitationsRoutes: FastifyPluginAsyncZod<InvitationsRoutesOptions> = async (app, { config }) => {
  const deps = (): InvitationDeps => ({
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    appUrl: config.APP_URL,
    expiryDays: config.INVITATION_EXPIRY_DAYS,
  });

  app.post(
    '/teams/current/invitations',
    {
      attachValidation: true,
      // Per signed-in user: invitations send mail, so they are rate limited (security checklist).
      config: {
        changes: 'team',
        rateLimit: {
          max: config.INVITATION_RATE_LIMIT_MAX,
          timeWindow: 60 * 60 * 1000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            AppError.of('TOO_MANY_INVITATIONS', { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }),
        },
      },
      schema: {
        tags: ['invitations'],
        summary: 'Invites someone by email to the team (admins and team leads)',
        security: [{ session: [] }],
        body: createInvitationSchema,
        response: { 201: createInvitationResponseSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const created = await createInvitation(deps(), requireActor(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/teams/current/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: "The team's pending invitations (admins and team leads)",
        security: [{ session: [] }],
        response: { 200: invitationListSchema },
      },
    },
    async (request) => listInvitations(app.database.db, requireActor(request)),
  );

  app.delete(
    '/teams/current/invitations/:id',
    {
      config: { changes: 'team' },
      schema: {
        tags: ['invitations'],
        summary: 'Revokes a pending invitation (admins and team leads)',
        security: [{ session: [] }],
        params: invitationParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.database.db, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invitations/:id/accept',
    {
      config: { changes: 'team' },
      schema: {
        tags: ['invitations'],
        summary: "Accepts an invitation: the signed-in user's email must be the invited one",
        security: [{ session: [] }],
        params: invitationParams,
        response: { 200: acceptInvitationResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const accepted = await acceptInvitation(app.database.db, actor, request.params.id);
      // Their open sockets join the team's room and presence at once.
      await app.realtime.refreshTeamOf(actor.userId);
      return accepted;
    },
  );
};

/** The acceptance page reads an invitation before anyone signs in: the id is the secret. Rate limited per address. */
export const publicInvitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invitations/:id',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['invitations'],
        summary: 'One invitation, as the acceptance page shows it (no sign-in needed)',
        params: invitationParams,
        response: { 200: publicInvitationSchema },
      },
    },
    async (request) => getPublicInvitation(app.database.db, request.params.id),
  );
};
