import { conversationDetailSchema, conversationListQuerySchema, conversationListSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/request-user.ts';
import { deleteUserConversation, getConversationDetail, listUserConversations } from './conversations.service.ts';

const params = z.object({ id: z.uuid({ error: 'Conversation not found.' }) });

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/conversations',
    {
      schema: {
        tags: ['assistant'],
        summary: "The signed-in user's conversations, most recently active first",
        description:
          "Without spaceId, the conversations outside spaces (the chat's sidebar); with it, the caller's conversations of that space (404 'Space not found' for a space they may not view).",
        security: [{ session: [] }],
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => ({
      conversations: await listUserConversations(
        app.database.db,
        requireUser(request).id,
        request.query.spaceId ?? null,
      ),
    }),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags: ['assistant'],
        summary: 'One conversation with its messages (AI SDK UI messages)',
        security: [{ session: [] }],
        params,
        response: { 200: conversationDetailSchema },
      },
    },
    async (request) => getConversationDetail(app.database.db, requireUser(request).id, request.params.id),
  );

  app.delete(
    '/conversations/:id',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Deletes a conversation and its messages',
        security: [{ session: [] }],
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteUserConversation(app.database.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
