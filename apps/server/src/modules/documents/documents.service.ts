import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  AI_PROCESSED_TAG,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentSummary,
  isUuid,
  type UploadedFile,
} from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { ImageTextReader } from '../../platform/ocr.ts';
import { ObjectTooLargeError, readObject, type Storage } from '../../platform/storage.ts';
import { type IndexFollowUps, scheduleIndexFollowUps } from '../search/index.ts';
import type { ExtractedPage } from './chunk.ts';
import {
  type DocumentPageCursor,
  type DocumentRow,
  deleteDeletableDocument,
  findDocumentForIngestion,
  findDocumentsByIds,
  findFilesByIds,
  findUploadByContent,
  findVisibleDocument,
  findVisibleDocumentFile,
  findVisibleDocumentsByIdsForProcessing,
  insertUpload,
  listVisibleDocuments,
  tagDocuments,
  updateDocumentStatus,
} from './documents.repository.ts';
import { ExtractionError, extractPages } from './extract.ts';
import { createTextProbe, decideFileType, isImageMimeType } from './file-types.ts';
import { ingestText } from './ingest.ts';

export const INGEST_DOCUMENT_JOB = 'documents.ingest';

export function toDocumentSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    mimeType: row.mimeType,
    status: row.status,
    error: row.error,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    fileId: row.fileId,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    spaceId: row.spaceId,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// --- upload ---

/** One file of a multipart upload, as the route hands it over. */
export interface IncomingFile {
  filename: string;
  stream: Readable;
  /** True when the multipart parser cut the file at the size limit. */
  wasTruncated(): boolean;
}

export interface UploadDeps {
  db: Database;
  storage: Storage;
  jobs: JobQueue;
  maxUploadMb: number;
  log: FastifyBaseLogger;
}

interface StagedFile {
  filename: string;
  key: string;
  size: number;
  sha256: string;
  mimeType: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The name as shown to people: no path, no control characters, at most 255 characters. */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(CONTROL_CHARACTERS, '').normalize('NFC').trim();
  return cleaned.slice(0, 255) || 'Untitled';
}

/** The request body broke off or was malformed while a file was being read. */
class IncomingStreamError extends Error {}

async function* observe(stream: Readable, onChunk: (chunk: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw new IncomingStreamError(error instanceof Error ? error.message : String(error));
    }
    if (next.done) return;
    onChunk(next.value as Uint8Array);
    yield next.value as Uint8Array;
  }
}

async function sniffStored(storage: Storage, key: string) {
  const stream = await storage.open(key);
  try {
    return await fileTypeFromStream(Readable.toWeb(stream) as WebReadableStream<Uint8Array>);
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

function tooLarge(filename: string, maxUploadMb: number): AppError {
  return AppError.of('FILE_TOO_LARGE', { filename, maxMb: maxUploadMb });
}

/** Stores one file and decides its type from its content; refused files leave nothing behind. */
async function stageFile(deps: UploadDeps, file: IncomingFile): Promise<StagedFile> {
  const filename = cleanFilename(file.filename);
  const maxBytes = Math.floor(deps.maxUploadMb * 1024 * 1024);
  const probe = createTextProbe();
  let stored: Awaited<ReturnType<Storage['put']>>;
  try {
    stored = await deps.storage.put(
      observe(file.stream, (chunk) => probe.update(chunk)),
      { maxBytes },
    );
  } catch (error) {
    file.stream.resume();
    if (error instanceof ObjectTooLargeError) throw tooLarge(filename, deps.maxUploadMb);
    if (error instanceof IncomingStreamError) {
      throw AppError.of('UPLOAD_BROKE_OFF', { filename });
    }
    throw error;
  }
  const refuse = async (error: AppError) => {
    await deps.storage.delete(stored.key);
    return error;
  };
  if (file.wasTruncated()) throw await refuse(tooLarge(filename, deps.maxUploadMb));
  if (stored.size === 0) throw await refuse(AppError.of('FILE_EMPTY', { filename }));
  const decision = decideFileType({
    filename,
    sniffed: await sniffStored(deps.storage, stored.key),
    isText: probe.finish(),
  });
  if (!decision.ok) throw await refuse(decision.error);
  return { filename, key: stored.key, size: stored.size, sha256: stored.sha256, mimeType: decision.mimeType };
}

/**
 * Stores a batch of uploads and queues their ingestion. A batch is all or nothing: if any file is refused (too large,
 * unsupported type), nothing of the batch is kept. The same bytes uploaded again by the same user are not stored or
 * indexed twice: the earlier file and document are returned.
 */
export async function uploadFiles(
  deps: UploadDeps,
  ownerId: string,
  incoming: AsyncIterable<IncomingFile>,
  space: { spaceId: string; teamId: string } | null = null,
): Promise<UploadedFile[]> {
  const staged: StagedFile[] = [];
  const discard = async (keys: string[]) => {
    for (const key of keys) {
      await deps.storage.delete(key).catch((error: unknown) => {
        deps.log.error({ err: error, key }, 'could not remove a stored object');
      });
    }
  };

  let results: Array<{ fileId: string; documentId: string; duplicateKey: string | null }>;
  try {
    for await (const file of incoming) staged.push(await stageFile(deps, file));
    if (staged.length === 0) throw AppError.of('NO_FILES');
    results = await deps.db.transaction(async (tx) => {
      const saved: Array<{ fileId: string; documentId: string; duplicateKey: string | null }> = [];
      for (const file of staged) {
        const earlier = await findUploadByContent(tx, ownerId, file.sha256, space?.spaceId ?? null);
        if (earlier) {
          saved.push({ fileId: earlier.file.id, documentId: earlier.documentId, duplicateKey: file.key });
          continue;
        }
        const created = await insertUpload(tx, {
          ownerId,
          spaceId: space?.spaceId ?? null,
          teamId: space?.teamId ?? null,
          filename: file.filename,
          fileSize: file.size,
          mimeType: file.mimeType,
          sha256: file.sha256,
          storageKey: file.key,
        });
        await deps.jobs.enqueue(INGEST_DOCUMENT_JOB, { documentId: created.documentId }, { db: tx });
        saved.push({ ...created, duplicateKey: null });
      }
      return saved;
    });
  } catch (error) {
    await discard(staged.map((file) => file.key));
    throw error;
  }
  deps.jobs.wake();
  await discard(results.flatMap((result) => (result.duplicateKey ? [result.duplicateKey] : [])));

  const files = new Map(
    (
      await findFilesByIds(
        deps.db,
        results.map((result) => result.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const documents = new Map(
    (
      await findDocumentsByIds(
        deps.db,
        results.map((result) => result.documentId),
      )
    ).map((d) => [d.id, d]),
  );
  return results.flatMap(({ fileId, documentId }) => {
    const file = files.get(fileId);
    const document = documents.get(documentId);
    if (!file || !document) return [];
    return [
      {
        id: file.id,
        filename: file.filename,
        size: Number(file.fileSize),
        mimeType: file.mimeType,
        sha256: file.sha256,
        document: toDocumentSummary(document),
      },
    ];
  });
}

// --- reading and deleting ---

function encodeCursor(cursor: DocumentPageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): DocumentPageCursor {
  const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const isValid =
    createdAt && id && isUuid(id) && /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt);
  if (!isValid) throw AppError.of('DOCUMENT_CURSOR_INVALID');
  return { createdAt, id };
}

export async function listDocuments(
  db: Database,
  userId: string,
  query: DocumentListQuery,
): Promise<DocumentListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await listVisibleDocuments(db, userId, query.limit, cursor, query);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    documents: page.map(toDocumentSummary),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursorCreatedAt, id: last.id }) : null,
  };
}

const notFound = () => AppError.of('DOCUMENT_NOT_FOUND');

export async function getDocument(db: Database, userId: string, documentId: string): Promise<DocumentSummary> {
  const row = await findVisibleDocument(db, userId, documentId);
  if (!row) throw notFound();
  return toDocumentSummary(row);
}

export interface DocumentContent {
  stream: Readable;
  filename: string;
  mimeType: string;
  size: number;
}

export async function openDocumentContent(
  db: Database,
  storage: Storage,
  userId: string,
  documentId: string,
): Promise<DocumentContent> {
  const file = await findVisibleDocumentFile(db, userId, documentId);
  if (!file) throw notFound();
  return {
    stream: await storage.open(file.storageKey),
    filename: file.filename,
    mimeType: file.mimeType,
    size: Number(file.fileSize),
  };
}

/**
 * The document hub's "process": runs the real ingestion again on the selected documents the user may view (those
 * with a stored file) and tags them AI-processed. Unknown or foreign ids are skipped, never reported.
 */
export async function processDocuments(
  deps: { db: Database; jobs: JobQueue },
  userId: string,
  documentIds: string[],
): Promise<{ documents: DocumentSummary[] }> {
  const visible = await findVisibleDocumentsByIdsForProcessing(deps.db, userId, documentIds);
  if (visible.length === 0) throw AppError.of('ASSETS_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await tagDocuments(
      tx,
      visible.map((document) => document.id),
      AI_PROCESSED_TAG,
    );
    for (const document of visible) {
      if (!document.fileId) continue;
      await updateDocumentStatus(tx, document.id, 'pending');
      await deps.jobs.enqueue(INGEST_DOCUMENT_JOB, { documentId: document.id }, { db: tx });
    }
  });
  deps.jobs.wake();
  const rows = await findDocumentsByIds(
    deps.db,
    visible.map((document) => document.id),
  );
  return { documents: rows.map(toDocumentSummary) };
}

/** Deletes the document, its passages, its file row and the stored object. */
export async function deleteDocument(
  deps: { db: Database; storage: Storage; log: Pick<FastifyBaseLogger, 'error'> },
  userId: string,
  documentId: string,
): Promise<void> {
  const deleted = await deps.db.transaction((tx) => deleteDeletableDocument(tx, userId, documentId));
  if (!deleted) throw notFound();
  if (deleted.storageKey) {
    await deps.storage.delete(deleted.storageKey).catch((error: unknown) => {
      deps.log.error({ err: error, key: deleted.storageKey }, 'could not remove a stored object');
    });
  }
}

// --- ingestion job ---

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
 * attempt.
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
    await scheduleIndexFollowUps(deps, documentId);
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
