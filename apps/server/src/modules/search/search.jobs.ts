import type { FastifyInstance } from 'fastify';
import { checkpointEmbeddedDatabase, type DatabaseHandle } from '../../platform/db.ts';
import type { Embedder } from '../../platform/embeddings.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { maintainSearchIndex } from './search.repository.ts';
import { embedDocumentChunks } from './search.service.ts';

export const EMBED_DOCUMENT_JOB = 'search.embed-document';
export const MAINTAIN_INDEX_JOB = 'search.maintain';

/**
 * An indexing burst is followed by one maintenance run, this long after its last batch; during a long burst (a first
 * sync of a large Drive) one runs at least every MAINTENANCE_MAX_DELAY_MS. Run mid-burst, each compaction rewrote the
 * segments written so far again, on the embedded database's one thread (a 3,000-file sync stalled 7 s for one).
 */
const MAINTENANCE_DELAY_MS = 30_000;
const MAINTENANCE_MAX_DELAY_MS = 5 * 60_000;

export interface IndexFollowUps {
  jobs: JobQueue;
  database: Pick<DatabaseHandle, 'kind'>;
  embeddings: Embedder | null;
}

/**
 * What indexing documents sets in motion: their vectors (when embeddings are on) and one index maintenance run per
 * burst (segment compaction, ADR 0094; on PGlite, which has no autovacuum, also VACUUM and a checkpoint). Ingestion
 * paths call this after `ingestText(s)`, once per batch.
 */
export async function scheduleIndexFollowUps(deps: IndexFollowUps, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  if (deps.embeddings) {
    for (const documentId of documentIds) await deps.jobs.enqueue(EMBED_DOCUMENT_JOB, { documentId });
  }
  await deps.jobs.enqueue(
    MAINTAIN_INDEX_JOB,
    {},
    {
      isUnique: true,
      runAt: new Date(Date.now() + MAINTENANCE_DELAY_MS),
      postponeUpToMs: MAINTENANCE_MAX_DELAY_MS,
      maxAttempts: 1,
    },
  );
}

export function registerSearchJobs(app: FastifyInstance): void {
  const embedder = app.embeddings;
  if (embedder) {
    app.jobs.register<{ documentId: string }>(EMBED_DOCUMENT_JOB, async (job) => {
      const count = await embedDocumentChunks(app.database.db, embedder, job.payload.documentId);
      job.log.debug({ documentId: job.payload.documentId, count }, 'chunks embedded');
    });
  }
  app.jobs.register(MAINTAIN_INDEX_JOB, async (job) => {
    const isEmbedded = app.database.kind === 'pglite';
    const report = await maintainSearchIndex(app.database.db, { vacuum: isEmbedded });
    job.log.debug(report, 'search index maintained');
    // A checkpoint after the burst lets PGlite's write-ahead log shrink back (platform/db.ts); a server has its own.
    if (isEmbedded) await checkpointEmbeddedDatabase(app.database.db);
  });
}
