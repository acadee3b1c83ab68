import { askRequestSchema, askResponseSchema, assistantModelInfoSchema, chatRequestSchema } from '@lumen/contract';
import { JsonToSseTransformStream, UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/request-user.ts';
import type { CloudFileStore } from '../integrations/index.ts';
import { askAssistant } from './ask.service.ts';
import { type ChatDeps, startChat } from './chat.service.ts';
import { assertChatWithinLimits } from './chat-limits.ts';
import { createLanguageModel, describeModel } from './models/create-language-model.ts';

/** The SSE body of a UI message stream (`data: {chunk}` events, then `data: [DONE]`), as bytes for Fastify. */
function toSseBody(stream: ReadableStream<UIMessageChunk>): ReadableStream<Uint8Array> {
  return stream.pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream());
}

/** `cloudFiles`: the connected stores save_to_storage writes to (from the integrations module). */
export const assistantRoutes: FastifyPluginAsyncZod<{ config: Config; cloudFiles?: CloudFileStore }> = async (
  app,
  { config, cloudFiles },
) => {
  const model = createLanguageModel(config);
  const modelInfo = describeModel(config);
  const deps = (): ChatDeps => ({
    db: app.database.db,
    storage: app.storage,
    embedder: app.embeddings ?? null,
    model,
    log: app.log,
    cloudFiles: cloudFiles ?? null,
  });
  // Per signed-in user (the auth hook has run by preHandler), per minute.
  const rateLimit = {
    max: config.ASSISTANT_RATE_LIMIT_MAX,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      AppError.of('MESSAGES_TOO_FAST', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  };

  app.get(
    '/assistant/model',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Which model answers (shown in the settings popover)',
        security: [{ session: [] }],
        response: { 200: assistantModelInfoSchema },
      },
    },
    async () => modelInfo,
  );

  app.post(
    '/chat',
    {
      config: { rateLimit },
      preValidation: assertChatWithinLimits,
      schema: {
        tags: ['assistant'],
        summary: 'Sends a message and streams the answer (AI SDK UI message stream over SSE)',
        description:
          "Body: { id: conversation id (client-generated UUID), spaceId?: the space whose chat this is (the caller must be allowed to view it, else 404 'Space not found'; a conversation keeps the space it was created in), platform?: answer from this platform's documents only (this message; the /notion page sends 'notion'), message: the new user UIMessage, or the last assistant message carrying tool approval responses }. Streams start, data-thinking {type}, text, tool parts, one data-citations {citations}, finish; an error part with a message if the model fails.",
        security: [{ session: [] }],
        body: chatRequestSchema,
      },
    },
    async (request, reply) => {
      const stream = await startChat(deps(), requireUser(request).id, request.body);
      reply.headers({ ...UI_MESSAGE_STREAM_HEADERS, 'x-accel-buffering': 'no' });
      return reply.send(toSseBody(stream));
    },
  );

  app.post(
    '/ask',
    {
      config: { rateLimit },
      schema: {
        tags: ['assistant'],
        summary: 'Asks the assistant (non-streaming), for the signed-in user',
        security: [{ session: [] }],
        body: askRequestSchema,
        response: { 200: askResponseSchema },
      },
    },
    async (request) => askAssistant(deps(), requireUser(request).id, request.body.query),
  );
};
