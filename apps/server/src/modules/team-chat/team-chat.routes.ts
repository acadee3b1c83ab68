import {
  editTeamMessageSchema,
  markTeamChatReadSchema,
  sendTeamMessageSchema,
  TEAM_CHAT_RATE_MAX,
  TEAM_CHAT_RATE_WINDOW_MS,
  teamChatUnreadSchema,
  teamMessagePageSchema,
  teamMessageSchema,
  teamMessagesQuerySchema,
  teamPresenceSchema,
} from '@lumen/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import {
  editMessage,
  listMessages,
  listOnline,
  markRoomRead,
  readUnread,
  removeMessage,
  sendMessage,
  type TeamChatDeps,
} from './team-chat.service.ts';

/** Any string: the service answers 404 for ids that are not one of the team's messages (malformed ones included). */
const idParams = z.object({ id: z.string().min(1).max(200) });

/** The team's chat room (issue #13): read a page, send, edit one's own, delete one's own (admins: any). */
export const teamChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): TeamChatDeps => ({ db: app.database.db, realtime: app.realtime, jobs: app.jobs, log: app.log });

  app.get(
    '/team-chat/messages',
    {
      schema: {
        tags: ['team-chat'],
        summary: "The team room's newest messages, older ones (before) or those after a position (after), oldest first",
        security: [{ session: [] }],
        querystring: teamMessagesQuerySchema,
        response: { 200: teamMessagePageSchema },
      },
    },
    async (request) => listMessages(app.database.db, requireUser(request).id, request.query),
  );

  app.get(
    '/team-chat/presence',
    {
      schema: {
        tags: ['team-chat'],
        summary: "Who of the caller's team has the app open now (each member once), by name",
        security: [{ session: [] }],
        response: { 200: teamPresenceSchema },
      },
    },
    async (request) => listOnline(deps(), requireUser(request).id),
  );

  app.get(
    '/team-chat/unread',
    {
      schema: {
        tags: ['team-chat'],
        summary: "How many of the room's messages by others the caller has not seen (counted up to 99)",
        security: [{ session: [] }],
        response: { 200: teamChatUnreadSchema },
      },
    },
    async (request) => readUnread(app.database.db, requireUser(request).id),
  );

  app.put(
    '/team-chat/read',
    {
      attachValidation: true,
      schema: {
        tags: ['team-chat'],
        summary: 'Records that the caller has seen the room up to a message (the position only moves forward)',
        security: [{ session: [] }],
        body: markTeamChatReadSchema,
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      await markRoomRead(app.database.db, requireUser(request).id, request.body.seq);
      return reply.status(204).send();
    },
  );

  app.post(
    '/team-chat/messages',
    {
      attachValidation: true,
      config: {
        // Per person: a runaway client cannot flood the room.
        rateLimit: {
          max: TEAM_CHAT_RATE_MAX,
          timeWindow: TEAM_CHAT_RATE_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `team-chat:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['team-chat'],
        summary: "Sends a message to the caller's team room; every member's open screens receive it",
        security: [{ session: [] }],
        body: sendTeamMessageSchema,
        response: { 201: teamMessageSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      return reply.status(201).send(await sendMessage(deps(), requireActor(request), request.body));
    },
  );

  app.patch(
    '/team-chat/messages/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['team-chat'],
        summary: "Changes the text of one of the caller's own messages",
        security: [{ session: [] }],
        params: idParams,
        body: editTeamMessageSchema,
        response: { 200: teamMessageSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return editMessage(deps(), requireActor(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/team-chat/messages/:id',
    {
      schema: {
        tags: ['team-chat'],
        summary: "Deletes one of the caller's messages (team admins: any message of the team, audited)",
        security: [{ session: [] }],
        params: idParams,
      },
    },
    async (request, reply) => {
      await removeMessage(deps(), requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
