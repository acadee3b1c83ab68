import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAX_UNPACKED_BYTES } from './extract.ts';
import { failAbandonedIngestion, INGEST_DOCUMENT_JOB, processUploadedDocument } from './ingestion.service.ts';

export function registerDocumentJobs(app: FastifyInstance): void {
  app.jobs.register<{ documentId: string }>(
    INGEST_DOCUMENT_JOB,
    (job) =>
      processUploadedDocument(
        {
          db: app.database.db,
          storage: app.storage,
          jobs: app.jobs,
          database: app.database,
          embeddings: app.embeddings,
          ocr: app.ocr,
          maxUnpackedBytes: DEFAULT_MAX_UNPACKED_BYTES,
        },
        job.payload.documentId,
        job,
      ),
    { onAbandoned: (job) => failAbandonedIngestion(app.database.db, job.payload.documentId) },
  );
}
