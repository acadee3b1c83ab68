import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAX_UNPACKED_BYTES } from './extract.ts';
import {
  documentIdsOf,
  failAbandonedIngestion,
  INGEST_DOCUMENT_JOB,
  type IngestJobPayload,
  processUploadedDocuments,
} from './ingestion.service.ts';

export function registerDocumentJobs(app: FastifyInstance): void {
  app.jobs.register<IngestJobPayload>(
    INGEST_DOCUMENT_JOB,
    (job) =>
      processUploadedDocuments(
        {
          db: app.database.db,
          storage: app.storage,
          jobs: app.jobs,
          database: app.database,
          embeddings: app.embeddings,
          ocr: app.ocr,
          maxUnpackedBytes: DEFAULT_MAX_UNPACKED_BYTES,
        },
        documentIdsOf(job.payload),
        job,
      ),
    { onAbandoned: (job) => failAbandonedIngestion(app.database.db, documentIdsOf(job.payload)) },
  );
}
