import { randomUUID } from 'node:crypto';
import { type DocumentSource, NO_TEXT_FOUND } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { insertIndexedChunks } from '../search/index.ts';
import { type ChunkOptions, chunkPages, type ExtractedPage } from './chunk.ts';
import {
  type IndexedDocumentValues,
  insertDocument,
  insertIndexedDocument,
  lockDocumentForIngestion,
  replaceDocumentContent,
  updateSourceFields,
} from './documents.repository.ts';

export interface IngestTextInput {
  ownerId: string;
  source: DocumentSource;
  /** The item's id at its source (a Drive file id; our file id for uploads): re-ingesting it updates one document. */
  externalId?: string | null;
  title: string;
  mimeType: string | null;
  pages: ExtractedPage[];
  /** Hash of the source content: the same hash and title mean there is nothing to re-index. */
  contentHash: string;
  fileId?: string | null;
  teamId?: string | null;
  spaceId?: string | null;
  url?: string | null;
  modifiedAt?: Date | null;
  /** A synced item: lower-cased emails the source shares it with (modules/access), and its version at the source. */
  sharedWith?: string[];
  sourceVersion?: string | null;
  chunking?: ChunkOptions;
}

export interface IngestTextResult {
  documentId: string;
  /** False when the document was already indexed with the same content and title (nothing was done). */
  isIndexed: boolean;
  chunkCount: number;
}

const INSERT_BATCH = 500;

/**
 * The title as it is indexed: a file name's words one by one ("Q3_budget-final.xlsx" as "Q3 budget final xlsx"), which
 * PostgreSQL's parser would otherwise read as a single file-name token.
 */
export function indexedTitle(title: string): string {
  const match = /^(.+)\.([a-z0-9]{1,5})$/i.exec(title.trim());
  if (!match?.[1]) return title;
  return `${match[1].replace(/[_.-]+/g, ' ').trim()} ${match[2]}`;
}

/**
 * Indexes text as a ready document: chunks (paragraphs within pages), their postings, and the document's fields. The
 * one entry point for every source: uploads (after extraction), connectors, the benchmark.
 *
 * Idempotent: the same owner, source and external id (or, without an external id, the same content hash) always
 * update one document, and an unchanged content hash and title skip the work. A document without any text is indexed
 * by its title and marked NO_TEXT_FOUND. Search sees the old passages or the new ones, never a mix.
 */
export async function ingestText(db: Database, input: IngestTextInput): Promise<IngestTextResult> {
  const extracted = chunkPages(input.pages, input.chunking);
  const hasText = extracted.length > 0;
  const passages = hasText ? extracted : [{ ordinal: 0, page: null, text: input.title }];
  const pageNumbers = input.pages.map((page) => page.page).filter((page): page is number => page !== null);
  const values: IndexedDocumentValues = {
    ownerId: input.ownerId,
    source: input.source,
    externalId: input.externalId ?? null,
    title: input.title,
    mimeType: input.mimeType,
    contentHash: input.contentHash,
    error: hasText ? null : NO_TEXT_FOUND,
    pageCount: pageNumbers.length > 0 ? Math.max(...pageNumbers) : null,
    chunkCount: passages.length,
    ...(input.fileId !== undefined ? { fileId: input.fileId } : {}),
    ...(input.teamId !== undefined ? { teamId: input.teamId } : {}),
    ...(input.spaceId !== undefined ? { spaceId: input.spaceId } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.modifiedAt !== undefined ? { modifiedAt: input.modifiedAt } : {}),
    ...(input.sharedWith !== undefined ? { sharedWith: input.sharedWith } : {}),
    ...(input.sourceVersion !== undefined ? { sourceVersion: input.sourceVersion } : {}),
  };
  const documentId = randomUUID();
  const titleForIndex = indexedTitle(input.title);

  // A new item with an external id: one statement, no transaction to open.
  if (values.externalId && passages.length <= INSERT_BATCH) {
    const isCreated = await insertIndexedDocument(
      db,
      documentId,
      { ...values, externalId: values.externalId },
      passages,
      titleForIndex,
    );
    if (isCreated) return { documentId, isIndexed: true, chunkCount: passages.length };
  }

  return db.transaction(async (tx) => {
    const existing = await lockDocumentForIngestion(tx, values);
    if (existing?.status === 'ready' && existing.contentHash === input.contentHash && existing.title === input.title) {
      // Same text: only what the source says about the item (sharing, version, link) may have moved.
      await updateSourceFields(tx, existing.id, values);
      return { documentId: existing.id, isIndexed: false, chunkCount: existing.chunkCount };
    }
    const targetId = existing?.id ?? documentId;
    if (existing) await replaceDocumentContent(tx, targetId, values);
    else await insertDocument(tx, targetId, values);
    for (let start = 0; start < passages.length; start += INSERT_BATCH) {
      await insertIndexedChunks(tx, targetId, titleForIndex, passages.slice(start, start + INSERT_BATCH));
    }
    return { documentId: targetId, isIndexed: true, chunkCount: passages.length };
  });
}
