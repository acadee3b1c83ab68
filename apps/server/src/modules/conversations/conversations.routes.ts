import { conversationDetailSchema, conversationListSchema } from '@lumen/contract';
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
        security: [{ session: [] }],
        response: { 200: conversationListSchema },
      },
    },
    async (request) => ({ conversations: await listUserConversations(app.database.db, requireUser(request).id) }),
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
