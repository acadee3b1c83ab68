import multipart from '@fastify/multipart';
import {
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  documentSummarySchema,
  processDocumentsResponseSchema,
  processDocumentsSchema,
  uploadResponseSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import { contentHeaders } from './content-headers.ts';
import {
  deleteDocument,
  getDocument,
  listDocuments,
  openDocumentContent,
  processDocuments,
} from './documents.service.ts';
import { incomingFiles, MAX_FILES_PER_UPLOAD } from './incoming-files.ts';
import { spaceFilesRoutes } from './space-files.routes.ts';
import { uploadFiles } from './upload.service.ts';

export const documentsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const maxUploadMb = config.MAX_UPLOAD_MB;
  await app.register(multipart, {
    limits: {
      fileSize: Math.floor(maxUploadMb * 1024 * 1024),
      files: MAX_FILES_PER_UPLOAD,
      parts: MAX_FILES_PER_UPLOAD + 10,
      fields: 10,
      fieldSize: 1024,
    },
    throwFileSizeLimit: false,
  });
  await app.register(spaceFilesRoutes, { config });

  app.post(
    '/files',
    {
      schema: {
        tags: ['documents'],
        summary: `Upload files (multipart/form-data, up to ${MAX_FILES_PER_UPLOAD} at once); each becomes a document that is indexed in the background`,
        description:
          'Each file is accepted or refused on its own: 201 lists the accepted files in `files` and the refused ones in ' +
          '`refused` (name, reason, message). When every file is refused, the answer is the first refusal (413, 415 or ' +
          '400) with all of them in `error.details.refused`.',
        security: [{ session: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw AppError.of('MULTIPART_REQUIRED');
      }
      const outcome = await uploadFiles(
        { db: app.database.db, storage: app.storage, jobs: app.jobs, maxUploadMb, log: request.log },
        user.id,
        incomingFiles(request, maxUploadMb),
      );
      return reply.status(201).send(outcome);
    },
  );

  app.get(
    '/documents',
    {
      // Kept until the caller's or their team's documents, spaces or memberships change (ADR 0117).
      config: { responseCache: ['user', 'team'] },
      schema: {
        tags: ['documents'],
        summary: "The user's documents, newest first",
        security: [{ session: [] }],
        querystring: documentListQuerySchema,
        response: { 200: documentListResponseSchema },
      },
    },
    async (request) => listDocuments(app.database.db, requireUser(request).id, request.query),
  );

  app.post(
    '/documents/process',
    {
      attachValidation: true,
      schema: {
        tags: ['documents'],
        summary: 'Runs the ingestion again on the selected documents and tags them AI-processed (the document hub)',
        security: [{ session: [] }],
        body: processDocumentsSchema,
        response: { 200: processDocumentsResponseSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return processDocuments({ db: app.database.db, jobs: app.jobs }, requireActor(request), request.body.documentIds);
    },
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'One document with its indexing status',
        security: [{ session: [] }],
        params: documentIdParamsSchema,
        response: { 200: documentSummarySchema },
      },
    },
    async (request) => getDocument(app.database.db, requireUser(request).id, request.params.id),
  );

  app.get(
    '/documents/:id/content',
    {
      schema: {
        tags: ['documents'],
        summary: 'The original file; a synced document redirects (302) to its page at the source',
        security: [{ session: [] }],
        params: documentIdParamsSchema,
      },
    },
    async (request, reply) => {
      const content = await openDocumentContent(
        { db: app.database.db, storage: app.storage },
        requireActor(request),
        request.params.id,
      );
      if ('sourceUrl' in content) return reply.redirect(content.sourceUrl, 302);
      return reply.headers(contentHeaders(content)).send(content.stream);
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Delete a document, its passages and its stored file',
        security: [{ session: [] }],
        params: documentIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDocument(
        { db: app.database.db, storage: app.storage, log: request.log },
        requireActor(request),
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );
};
