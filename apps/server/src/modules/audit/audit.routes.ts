import {
  type AUDIT_EXPORT_FORMATS,
  anomalyAlertListSchema,
  anomalyAlertSchema,
  auditChainReportSchema,
  auditExportFileName,
  auditExportQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  CLIENT_EVENT_BATCHES_PER_MINUTE,
  clientEventBatchSchema,
} from '@lumen/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import { listAlerts, resolveAnomalyAlert } from './anomaly.service.ts';
import { checkAuditChain, exportAuditLog, listAuditLog } from './audit.service.ts';
import { recordClientEvents } from './client-events.service.ts';

const EXPORT_TYPES: Record<(typeof AUDIT_EXPORT_FORMATS)[number], string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The team's audit log for its admins (issue #14): pages, exports and the chain check. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/logs',
    {
      schema: {
        tags: ['audit'],
        summary: "A page of the team's audit log, newest first, by range (1d, 7d, 30d), action and severity (admins)",
        security: [{ session: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => listAuditLog(app.database.db, requireUser(request).id, request.query),
  );

  app.get(
    '/audit/export',
    {
      schema: {
        tags: ['audit'],
        summary: 'Every entry of the range and filters as a CSV or JSON file, streamed (admins)',
        security: [{ session: [] }],
        querystring: auditExportQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await exportAuditLog(app.database.db, requireUser(request).id, request.query);
      const fileName = auditExportFileName(request.query.format);
      return reply
        .header('content-type', EXPORT_TYPES[request.query.format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/audit/alerts',
    {
      schema: {
        tags: ['audit'],
        summary: "The team's open anomaly alerts, newest first (admins)",
        security: [{ session: [] }],
        response: { 200: anomalyAlertListSchema },
      },
    },
    async (request) => listAlerts(app.database.db, requireUser(request).id),
  );

  app.post(
    '/audit/alerts/:id/resolve',
    {
      schema: {
        tags: ['audit'],
        summary: 'Resolves an open anomaly alert: it leaves the active list (admins; audited)',
        security: [{ session: [] }],
        // Any string: an id that is not one of the team's open alerts answers 404, malformed ones included.
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: anomalyAlertSchema },
      },
    },
    async (request) =>
      resolveAnomalyAlert(
        { db: app.database.db, realtime: app.realtime, log: app.log },
        requireActor(request),
        request.params.id,
      ),
  );

  app.post(
    '/client-events',
    {
      attachValidation: true,
      config: {
        // Per person: a looping page cannot fill the table.
        rateLimit: {
          max: CLIENT_EVENT_BATCHES_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `client-events:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['audit'],
        summary:
          'A batch of what the web app saw (page visits, clicks on buttons and links, errors), without personal content; stored apart from the audit log',
        security: [{ session: [] }],
        body: clientEventBatchSchema,
        response: { 202: z.object({ accepted: z.number().int() }) },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const accepted = await recordClientEvents(app.database.db, requireUser(request).id, request.body);
      return reply.status(202).send({ accepted });
    },
  );

  app.get(
    '/audit/verify',
    {
      schema: {
        tags: ['audit'],
        summary:
          "Walks the team's hash chain from its first entry and reports the first entry that does not hold (admins)",
        security: [{ session: [] }],
        response: { 200: auditChainReportSchema },
      },
    },
    async (request) => checkAuditChain(app.database.db, requireUser(request).id),
  );
};
