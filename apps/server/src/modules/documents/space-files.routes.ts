import { renameSpaceFileSchema, spaceFileListSchema, spaceFileSchema, spaceFileUploadSchema } from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import { contentDisposition, contentHeaders } from './content-headers.ts';
import { incomingFiles } from './incoming-files.ts';
import {
  deleteSpaceFile,
  listSpaceFiles,
  openSpaceFile,
  renameSpaceFile,
  uploadSpaceFiles,
} from './space-files.service.ts';

const spaceParams = z.object({ id: z.string().min(1).max(100) });
const fileParams = spaceParams.extend({ fileId: z.string().min(1).max(100) });
const security = [{ session: [] }];

/**
 * A space's files (docs/product-rules.md#space-files): everyone who may view the space lists and opens them; uploads,
 * renames and deletes follow the space role's file permissions. Registered inside the documents plugin, which owns
 * the multipart parser and the ingestion jobs.
 */
export const spaceFilesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const maxUploadMb = config.MAX_UPLOAD_MB;

  app.get(
    '/spaces/:id/files',
    {
      schema: {
        tags: ['spaces'],
        summary: "The space's files, newest first",
        security,
        params: spaceParams,
        response: { 200: spaceFileListSchema },
      },
    },
    async (request) => listSpaceFiles(app.database.db, requireUser(request).id, request.params.id),
  );

  app.post(
    '/spaces/:id/files',
    {
      config: { changes: 'documents' },
      schema: {
        tags: ['spaces'],
        summary: 'Uploads files into the space (multipart/form-data; every role but viewer); they are indexed',
        description:
          'Each file is accepted or refused on its own: 201 lists the accepted files in `files` and the refused ones in ' +
          '`refused` (name, reason, message). When every file is refused, the answer is the first refusal (413, 415 or ' +
          '400) with all of them in `error.details.refused`.',
        security,
        consumes: ['multipart/form-data'],
        params: spaceParams,
        response: { 201: spaceFileUploadSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw AppError.of('MULTIPART_REQUIRED');
      const deps = { db: app.database.db, storage: app.storage, jobs: app.jobs, maxUploadMb, log: request.log };
      const uploaded = await uploadSpaceFiles(
        deps,
        requireActor(request),
        request.params.id,
        incomingFiles(request, maxUploadMb),
      );
      return reply.status(201).send(uploaded);
    },
  );

  app.get(
    '/spaces/:id/files/:fileId/content',
    {
      schema: {
        tags: ['spaces'],
        summary:
          'The file itself: shown in place when safe (PDF, images, text), else downloaded; ?download=1 forces it',
        security,
        params: fileParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const content = await openSpaceFile(
        { db: app.database.db, storage: app.storage },
        requireActor(request),
        request.params.id,
        request.params.fileId,
      );
      const headers = contentHeaders(content);
      if (request.query.download === '1')
        headers['content-disposition'] = contentDisposition('attachment', content.filename);
      return reply.headers(headers).send(content.stream);
    },
  );

  app.patch(
    '/spaces/:id/files/:fileId',
    {
      config: { changes: 'documents' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: 'Renames a file (space admins and team leads); a blank name is ignored',
        security,
        params: fileParams,
        body: renameSpaceFileSchema,
        response: { 200: spaceFileSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return renameSpaceFile(
        app.database.db,
        requireActor(request),
        request.params.id,
        request.params.fileId,
        request.body.filename,
      );
    },
  );

  app.delete(
    '/spaces/:id/files/:fileId',
    {
      config: { changes: 'documents' },
      schema: {
        tags: ['spaces'],
        summary: 'Deletes a file (space admins)',
        security,
        params: fileParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSpaceFile(
        { db: app.database.db, storage: app.storage, log: request.log },
        requireActor(request),
        request.params.id,
        request.params.fileId,
      );
      return reply.status(204).send(null);
    },
  );
};
