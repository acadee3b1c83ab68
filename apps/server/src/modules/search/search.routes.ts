import { searchQuerySchema, searchResponseSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/request-user.ts';
import { searchPassages } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      // Kept until the caller's visible documents change, or any passage (ranking statistics are global; ADR 0117).
      config: { responseCache: ['user', 'team', 'global'] },
      schema: {
        tags: ['search'],
        summary: 'Ranked passages from the documents the user may view, with highlighted snippets',
        security: [{ session: [] }],
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const started = performance.now();
      const { q, limit, mimeType, documentId, source } = request.query;
      const results = await searchPassages(app.database.db, {
        userId: requireUser(request).id,
        query: q,
        limit,
        ...(mimeType ? { mimeType } : {}),
        ...(documentId ? { documentIds: [documentId] } : {}),
        ...(source ? { sources: [source] } : {}),
        embedder: app.embeddings,
        onVectorError: (error) => request.log.warn({ err: error }, 'vector search failed; lexical results only'),
      });
      return { results, tookMs: Math.round((performance.now() - started) * 10) / 10 };
    },
  );
};
