import type { Database } from '../../platform/db.ts';
import type { ImageTextReader } from '../../platform/ocr.ts';
import { readObject, type Storage } from '../../platform/storage.ts';
import { type IndexFollowUps, scheduleIndexFollowUps } from '../search/index.ts';
import type { ExtractedPage } from './chunk.ts';
import { failUnfinishedDocument, findDocumentForIngestion, updateDocumentStatus } from './documents.repository.ts';
import { ExtractionError, extractPages } from './extract.ts';
import { isImageMimeType } from './file-types.ts';
import { ingestText } from './ingest.ts';

/** The job that extracts and indexes one uploaded document (queued by uploads and the hub's "process"). */
export const INGEST_DOCUMENT_JOB = 'documents.ingest';

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

const RETRY_LATER_REASON = 'The file could not be processed. Please upload it again.';

/**
 * The ingestion job of an upload: pending -> processing -> ready | failed. Content that cannot be read fails at once
 * with the reason; anything else (the database, the disk) is retried, and fails with a generic reason after the last
 * attempt. A job taken over after a crash simply runs again: `ingestText` replaces the document's content in one
 * transaction (keyed by the file id), so a half-done earlier attempt leaves nothing behind.
 */
export async function processUploadedDocument(
  deps: IngestJobDeps,
  documentId: string,
  job: { isLastAttempt: boolean },
): Promise<void> {
  const document = await findDocumentForIngestion(deps.db, documentId);
  if (!document?.file) return;
  const { file } = document;
  await updateDocumentStatus(deps.db, documentId, 'processing');
  try {
    const content = await readObject(deps.storage, file.storageKey);
    const pages = isImageMimeType(file.mimeType)
      ? await readImagePages(deps.ocr, content)
      : await extractPages(content, file.mimeType, { maxUnpackedBytes: deps.maxUnpackedBytes });
    await ingestText(deps.db, {
      ownerId: document.ownerId,
      // The document keeps its own source and place: a personal upload, or a file of a space.
      source: document.source,
      teamId: document.teamId,
      spaceId: document.spaceId,
      externalId: file.id,
      title: document.title,
      mimeType: file.mimeType,
      pages,
      contentHash: file.sha256,
      fileId: file.id,
    });
    await scheduleIndexFollowUps(deps, [documentId]);
  } catch (error) {
    if (error instanceof ExtractionError) {
      await updateDocumentStatus(deps.db, documentId, 'failed', error.message);
      return;
    }
    await updateDocumentStatus(
      deps.db,
      documentId,
      job.isLastAttempt ? 'failed' : 'pending',
      job.isLastAttempt ? RETRY_LATER_REASON : null,
    );
    throw error;
  }
}

/**
 * The ingestion job gave up because its last attempt died with its process (a file that crashes the server each time
 * it is read): the document must not stay 'processing' with nobody working on it.
 */
export async function failAbandonedIngestion(db: Database, documentId: string): Promise<void> {
  await failUnfinishedDocument(db, documentId, RETRY_LATER_REASON);
}
