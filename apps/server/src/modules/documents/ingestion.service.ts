import { formatDocumentFailure } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import type { ImageTextReader } from '../../platform/ocr.ts';
import { readObject, type Storage } from '../../platform/storage.ts';
import { type IndexFollowUps, scheduleIndexFollowUps } from '../search/index.ts';
import type { ExtractedPage } from './chunk.ts';
import {
  type DocumentForIngestion,
  failUnfinishedDocument,
  findDocumentsForIngestion,
  type StoredFileRow,
  updateDocumentStatus,
  updateDocumentsStatus,
} from './documents.repository.ts';
import { ExtractionError } from './extract.ts';
import { extractDocumentIsolated } from './extraction-pool.ts';
import { isImageMimeType } from './file-types.ts';
import { DOCUMENTS_PER_TRANSACTION, type IngestTextInput, ingestTexts, isIngestFailure } from './ingest.ts';

/** The job that extracts and indexes uploaded documents (queued by uploads, a batch a request, and the hub's "process"). */
export const INGEST_DOCUMENT_JOB = 'documents.ingest';

/**
 * Uploads that arrive while ingestion is busy join the job still waiting, up to this many documents (one transaction
 * of `ingestTexts`): indexed in one statement instead of one per request (ADR 0093).
 */
export const INGEST_JOB_JOIN = { key: 'documentIds', maxItems: DOCUMENTS_PER_TRANSACTION } as const;

export interface IngestJobDeps extends IndexFollowUps {
  db: Database;
  storage: Storage;
  maxUnpackedBytes: number;
  /** Reads the text of images; without it (OCR_ENABLED=false) an image is indexed by its name alone. */
  ocr: ImageTextReader | null;
}

/** An image's text as one page ('' is no page: the document is then indexed by its name, NO_TEXT_FOUND). */
async function readImagePages(ocr: ImageTextReader | null, content: Buffer): Promise<ExtractedPage[]> {
  const text = ocr ? await ocr.read(content) : '';
  return text ? [{ page: null, text }] : [];
}

const RETRY_LATER_REASON = formatDocumentFailure('retryLater');

/** The job's payload: one document (the hub's "process", jobs queued before ADR 0093) or an upload's batch. */
export interface IngestJobPayload {
  documentId?: string;
  documentIds?: string[];
}

export function documentIdsOf(payload: IngestJobPayload): string[] {
  return [...(payload.documentIds ?? []), ...(payload.documentId ? [payload.documentId] : [])];
}

/**
 * The ingestion job of uploads, one job per upload request (ADR 0093): pending -> processing -> ready | failed for
 * each document. Every file is read and extracted, then all are indexed together (`ingestTexts`: a few statements for
 * the batch instead of a dozen per document). Content that cannot be read fails that document at once with the
 * reason, the others go on; anything else (the database, the disk) is retried, and fails with a generic reason after
 * the last attempt. A retry, or a job taken over after a crash, redoes only the documents not yet finished; indexing
 * replaces a document's content in one transaction (keyed by the file id), so a half-done attempt leaves nothing.
 */
export async function processUploadedDocuments(
  deps: IngestJobDeps,
  documentIds: string[],
  job: { isLastAttempt: boolean },
): Promise<void> {
  const unfinished = (await findDocumentsForIngestion(deps.db, documentIds)).filter(
    (document): document is DocumentForIngestion & { file: StoredFileRow } =>
      document.file !== null && (document.status === 'pending' || document.status === 'processing'),
  );
  if (unfinished.length === 0) return;
  const ids = unfinished.map((document) => document.id);
  await updateDocumentsStatus(deps.db, ids, 'processing');
  try {
    const extracted: Array<{ id: string; input: IngestTextInput }> = [];
    for (const document of unfinished) {
      const { file } = document;
      try {
        const content = await readObject(deps.storage, file.storageKey);
        // Other files than images are read on a worker, within memory and time limits (ADR 0110).
        const read = isImageMimeType(file.mimeType)
          ? { pages: await readImagePages(deps.ocr, content) }
          : await extractDocumentIsolated(content, file.mimeType, { maxUnpackedBytes: deps.maxUnpackedBytes });
        extracted.push({
          id: document.id,
          input: {
            ownerId: document.ownerId,
            // The document keeps its own source and place: a personal upload, or a file of a space.
            source: document.source,
            teamId: document.teamId,
            spaceId: document.spaceId,
            externalId: file.id,
            title: document.title,
            mimeType: file.mimeType,
            ...read,
            contentHash: file.sha256,
            fileId: file.id,
          },
        });
      } catch (error) {
        if (!(error instanceof ExtractionError)) throw error;
        await updateDocumentStatus(deps.db, document.id, 'failed', error.message);
      }
    }
    const outcomes = await ingestTexts(
      deps.db,
      extracted.map((item) => item.input),
    );
    const indexed = extracted.filter((_, index) => {
      const outcome = outcomes[index];
      return outcome !== undefined && !isIngestFailure(outcome);
    });
    if (indexed.length > 0)
      await scheduleIndexFollowUps(
        deps,
        indexed.map((item) => item.id),
      );
    const failure = outcomes.find(isIngestFailure);
    if (failure) throw failure.error;
  } catch (error) {
    // Whatever is not ready or failed yet is retried (or given up on the last attempt).
    const left = (await findDocumentsForIngestion(deps.db, ids)).filter((document) => document.status === 'processing');
    for (const document of left) {
      await updateDocumentStatus(
        deps.db,
        document.id,
        job.isLastAttempt ? 'failed' : 'pending',
        job.isLastAttempt ? RETRY_LATER_REASON : null,
      );
    }
    throw error;
  }
}

/**
 * The ingestion job gave up because its last attempt died with its process (a file that crashes the server each time
 * it is read): the document must not stay 'processing' with nobody working on it.
 */
export async function failAbandonedIngestion(db: Database, documentIds: string[]): Promise<void> {
  for (const documentId of documentIds) await failUnfinishedDocument(db, documentId, RETRY_LATER_REASON);
}
