import {
  AI_PROCESSED_TAG,
  DOCUMENT_TYPE_MIME_TYPES,
  type DocumentListQuery,
  type DocumentSource,
  type DocumentStatus,
  isUuid,
} from '@lumen/contract';
import { and, desc, eq, ilike, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { chunks, documents, files } from '../../db/schema/index.ts';
import { columnNames, type Database, rowsOf } from '../../platform/db.ts';
import { deletableDocumentsCondition, visibleDocumentsCondition } from '../access/index.ts';
import { insertPostingsSql, type PassageInput, passageRowsSql, returningInsertedChunks } from '../search/index.ts';

export interface DocumentRow {
  id: string;
  title: string;
  source: DocumentSource;
  mimeType: string | null;
  status: DocumentStatus;
  error: string | null;
  pageCount: number | null;
  chunkCount: number;
  fileId: string | null;
  fileSize: number | null;
  spaceId: string | null;
  tags: string[];
  /** Where the item lives at its source (synced documents); null for uploads and space files. */
  url: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const documentColumns = {
  id: documents.id,
  title: documents.title,
  source: documents.source,
  mimeType: documents.mimeType,
  status: documents.status,
  error: documents.error,
  pageCount: documents.pageCount,
  chunkCount: documents.chunkCount,
  fileId: documents.fileId,
  fileSize: files.fileSize,
  spaceId: documents.spaceId,
  tags: documents.tags,
  url: documents.url,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** The document with this id that the condition admits, with its file's size. */
async function findDocumentWhere(db: Database, documentId: string, condition: SQL): Promise<DocumentRow | null> {
  if (!isUuid(documentId)) return null;
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(eq(documents.id, documentId), condition))
    .limit(1);
  return row ?? null;
}

/**
 * THE lookup of one document the user may view (`visibleDocumentsCondition`); with a space id, only that space's (the
 * space chat). Null for an unknown id, an id that is not a UUID, or a document the user may not view.
 */
export async function findVisibleDocument(
  db: Database,
  userId: string,
  documentId: string,
  spaceId: string | null = null,
): Promise<DocumentRow | null> {
  return findDocumentWhere(db, documentId, visibleDocumentsCondition(userId, spaceId));
}

/** One document the user may delete from the chat (`deletableDocumentsCondition`); null otherwise. */
export async function findDeletableDocument(
  db: Database,
  userId: string,
  documentId: string,
): Promise<DocumentRow | null> {
  return findDocumentWhere(db, documentId, deletableDocumentsCondition(userId));
}

export async function findDocumentsByIds(db: Database, documentIds: string[]): Promise<DocumentRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select(documentColumns)
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(inArray(documents.id, documentIds));
}

export interface DocumentPageCursor {
  /** created_at as PostgreSQL prints it: exact to the microsecond, unlike a JavaScript Date. */
  createdAt: string;
  id: string;
}

/** The user's visible documents, newest first, after the cursor; one more than `limit` tells whether more exist. */
export async function listVisibleDocuments(
  db: Database,
  userId: string,
  limit: number,
  cursor: DocumentPageCursor | null,
  filters: Pick<DocumentListQuery, 'q' | 'source' | 'type' | 'processed'> = {},
): Promise<Array<DocumentRow & { cursorCreatedAt: string }>> {
  const conditions: SQL[] = [visibleDocumentsCondition(userId)];
  if (filters.q) conditions.push(ilike(documents.title, `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
  if (filters.source) conditions.push(eq(documents.source, filters.source));
  if (filters.type) conditions.push(inArray(documents.mimeType, [...DOCUMENT_TYPE_MIME_TYPES[filters.type]]));
  if (filters.processed === 'processed') conditions.push(sql`${AI_PROCESSED_TAG} = any(${documents.tags})`);
  if (filters.processed === 'unprocessed') conditions.push(sql`not (${AI_PROCESSED_TAG} = any(${documents.tags}))`);
  if (cursor) {
    conditions.push(
      sql`(${documents.createdAt}, ${documents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return db
    .select({ ...documentColumns, cursorCreatedAt: sql<string>`${documents.createdAt}::text` })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(...conditions))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit + 1);
}

export interface StoredFileRow {
  id: string;
  ownerId: string;
  filename: string;
  fileSize: number;
  mimeType: string;
  sha256: string;
  storageKey: string;
}

const fileColumns = {
  id: files.id,
  ownerId: files.ownerId,
  filename: files.filename,
  fileSize: files.fileSize,
  mimeType: files.mimeType,
  sha256: files.sha256,
  storageKey: files.storageKey,
};

/**
 * An earlier upload of the same bytes, with its document: the owner's own (outside spaces), or anyone's in the same
 * space.
 */
export async function findUploadByContent(
  db: Database,
  ownerId: string,
  sha256: string,
  spaceId: string | null = null,
): Promise<{ file: StoredFileRow; documentId: string; status: DocumentStatus } | null> {
  const scope = spaceId
    ? and(eq(files.spaceId, spaceId), eq(documents.source, 'space'))
    : and(eq(files.ownerId, ownerId), isNull(files.spaceId), eq(documents.source, 'upload'));
  const [row] = await db
    .select({ file: fileColumns, documentId: documents.id, status: documents.status })
    .from(files)
    .innerJoin(documents, eq(documents.fileId, files.id))
    .where(and(scope, eq(files.sha256, sha256), ne(documents.status, 'failed')))
    .orderBy(files.createdAt)
    .limit(1);
  return row ?? null;
}

export interface NewUpload {
  ownerId: string;
  /** Set for a space file: the space and its team. */
  spaceId?: string | null;
  teamId?: string | null;
  filename: string;
  fileSize: number;
  mimeType: string;
  sha256: string;
  storageKey: string;
}

/** A stored upload and its pending document (external id = file id, so ingestion updates this document). */
export async function insertUpload(db: Database, upload: NewUpload): Promise<{ fileId: string; documentId: string }> {
  const [file] = await db.insert(files).values(upload).returning({ id: files.id });
  if (!file) throw new Error('file not inserted');
  const [document] = await db
    .insert(documents)
    .values({
      source: upload.spaceId ? 'space' : 'upload',
      externalId: file.id,
      ownerId: upload.ownerId,
      teamId: upload.teamId ?? null,
      spaceId: upload.spaceId ?? null,
      fileId: file.id,
      title: upload.filename,
      mimeType: upload.mimeType,
      contentHash: upload.sha256,
      status: 'pending',
    })
    .returning({ id: documents.id });
  if (!document) throw new Error('document not inserted');
  return { fileId: file.id, documentId: document.id };
}

export async function findFilesByIds(db: Database, fileIds: string[]): Promise<StoredFileRow[]> {
  if (fileIds.length === 0) return [];
  return db.select(fileColumns).from(files).where(inArray(files.id, fileIds));
}

/** What the ingestion job needs, whoever owns the document. */
export async function findDocumentForIngestion(
  db: Database,
  documentId: string,
): Promise<{
  id: string;
  ownerId: string;
  source: DocumentSource;
  teamId: string | null;
  spaceId: string | null;
  title: string;
  mimeType: string | null;
  file: StoredFileRow | null;
} | null> {
  const [row] = await db
    .select({
      id: documents.id,
      ownerId: documents.ownerId,
      source: documents.source,
      teamId: documents.teamId,
      spaceId: documents.spaceId,
      title: documents.title,
      mimeType: documents.mimeType,
      file: fileColumns,
    })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(eq(documents.id, documentId));
  if (!row) return null;
  return { ...row, file: row.file?.id ? row.file : null };
}

export async function updateDocumentStatus(
  db: Database,
  documentId: string,
  status: DocumentStatus,
  error: string | null = null,
): Promise<void> {
  await db.update(documents).set({ status, error, updatedAt: new Date() }).where(eq(documents.id, documentId));
}

/**
 * Deletes a document the user may delete, with its chunks (their postings go by trigger) and its file row. Returns the
 * storage key to remove once the transaction has committed, or null when there is no such document for this user.
 */
export async function deleteDeletableDocument(
  db: Database,
  userId: string,
  documentId: string,
): Promise<{ storageKey: string | null } | null> {
  const [row] = await db
    .select({ id: documents.id, fileId: documents.fileId, storageKey: files.storageKey })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(eq(documents.id, documentId), deletableDocumentsCondition(userId)))
    .for('update', { of: documents });
  if (!row) return null;
  await db.delete(documents).where(eq(documents.id, row.id));
  if (row.fileId) await db.delete(files).where(eq(files.id, row.fileId));
  return { storageKey: row.storageKey ?? null };
}

// --- ingestion ---

export interface IndexedDocumentValues {
  ownerId: string;
  source: DocumentSource;
  externalId: string | null;
  title: string;
  mimeType: string | null;
  contentHash: string;
  error: string | null;
  pageCount: number | null;
  chunkCount: number;
  fileId?: string | null;
  teamId?: string | null;
  spaceId?: string | null;
  url?: string | null;
  modifiedAt?: Date | null;
  sharedWith?: string[];
  sourceVersion?: string | null;
}

/**
 * The fast path for a new item: inserts the ready document, its chunks and their postings in one statement. Does
 * nothing (and returns false) when the owner already has a document with this source and external id.
 */
export async function insertIndexedDocument(
  db: Database,
  documentId: string,
  values: IndexedDocumentValues & { externalId: string },
  passages: PassageInput[],
  titleForIndex: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    WITH doc AS (
      INSERT INTO ${documents} (${columnNames(
        documents.id,
        documents.ownerId,
        documents.source,
        documents.externalId,
        documents.title,
        documents.mimeType,
        documents.contentHash,
        documents.status,
        documents.error,
        documents.pageCount,
        documents.chunkCount,
        documents.fileId,
        documents.teamId,
        documents.spaceId,
        documents.url,
        documents.modifiedAt,
        documents.sharedWith,
        documents.sourceVersion,
      )})
      VALUES (${documentId}::uuid, ${values.ownerId}, ${values.source}::document_source, ${values.externalId}, ${values.title},
              ${values.mimeType}, ${values.contentHash}, 'ready', ${values.error}, ${values.pageCount}::int,
              ${values.chunkCount}::int, ${values.fileId ?? null}::uuid, ${values.teamId ?? null}::uuid,
              ${values.spaceId ?? null}::uuid, ${values.url ?? null}, ${values.modifiedAt?.toISOString() ?? null}::timestamptz,
              ${textArray(values.sharedWith ?? [])}, ${values.sourceVersion ?? null})
      ON CONFLICT (${columnNames(documents.ownerId, documents.source, documents.externalId)}) DO NOTHING
      RETURNING ${documents.id} AS id, ${documents.searchScopeId} AS search_scope_id
    ),
    inserted AS (
      INSERT INTO ${chunks} (${columnNames(chunks.documentId, chunks.ordinal, chunks.page, chunks.text)})
      SELECT doc.id, c.ordinal, c.page, c.text FROM doc, ${passageRowsSql(passages)}
      ${returningInsertedChunks}
    ),
    indexed AS (${insertPostingsSql(titleForIndex, sql`(SELECT doc.search_scope_id FROM doc)`)})
    SELECT count(*)::int AS created FROM doc`);
  const [row] = rowsOf<{ created: number }>(result);
  return Number(row?.created ?? 0) > 0;
}

export interface ExistingIndexedDocument {
  id: string;
  contentHash: string | null;
  title: string;
  status: DocumentStatus;
  chunkCount: number;
}

/** The document an ingestion updates, locked for the rest of the transaction. */
export async function lockDocumentForIngestion(
  db: Database,
  identity: { ownerId: string; source: DocumentSource; externalId: string | null; contentHash: string },
): Promise<ExistingIndexedDocument | null> {
  const [row] = await db
    .select({
      id: documents.id,
      contentHash: documents.contentHash,
      title: documents.title,
      status: documents.status,
      chunkCount: documents.chunkCount,
    })
    .from(documents)
    .where(
      and(
        eq(documents.ownerId, identity.ownerId),
        eq(documents.source, identity.source),
        identity.externalId
          ? eq(documents.externalId, identity.externalId)
          : and(sql`${documents.externalId} IS NULL`, eq(documents.contentHash, identity.contentHash)),
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A PostgreSQL text[] literal from a list (sql`${array}` would spread it as separate parameters). */
function textArray(values: string[]): SQL {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`}::text[]`;
}

/** The fields a source may change without changing the text: sharing, version, link, date, team. */
export async function updateSourceFields(
  db: Database,
  documentId: string,
  values: IndexedDocumentValues,
): Promise<void> {
  const fields = {
    ...(values.sharedWith !== undefined ? { sharedWith: values.sharedWith } : {}),
    ...(values.sourceVersion !== undefined ? { sourceVersion: values.sourceVersion } : {}),
    ...(values.url !== undefined ? { url: values.url } : {}),
    ...(values.modifiedAt !== undefined ? { modifiedAt: values.modifiedAt } : {}),
    ...(values.teamId !== undefined ? { teamId: values.teamId } : {}),
  };
  if (Object.keys(fields).length === 0) return;
  await db.update(documents).set(fields).where(eq(documents.id, documentId));
}

// --- synced items (modules/integrations) ---

export interface SyncedItemIdentity {
  ownerId: string;
  source: DocumentSource;
}

/** The stored source version of each of these synced items the owner has; items without one are left out. */
export async function findSourceVersions(
  db: Database,
  identity: SyncedItemIdentity,
  externalIds: string[],
): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .select({ externalId: documents.externalId, sourceVersion: documents.sourceVersion })
    .from(documents)
    .where(
      and(
        eq(documents.ownerId, identity.ownerId),
        eq(documents.source, identity.source),
        inArray(documents.externalId, externalIds),
        eq(documents.status, 'ready'),
      ),
    );
  return new Map(
    rows.flatMap((row) => (row.externalId && row.sourceVersion ? [[row.externalId, row.sourceVersion] as const] : [])),
  );
}

/** Updates an unchanged synced item's sharing, link, date and team without touching its text. */
export async function updateSyncedItemFields(
  db: Database,
  identity: SyncedItemIdentity & { externalId: string },
  fields: { sharedWith: string[]; url: string | null; modifiedAt: Date | null; teamId: string | null },
): Promise<void> {
  await db
    .update(documents)
    .set(fields)
    .where(
      and(
        eq(documents.ownerId, identity.ownerId),
        eq(documents.source, identity.source),
        eq(documents.externalId, identity.externalId),
      ),
    );
}

/** A LIKE pattern matching `value` literally (PostgreSQL's default escape character is the backslash). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Deletes one synced item's document (its chunks by cascade, their postings by trigger); idempotent. With
 * `withDescendants`, also every item whose id continues the id with `/` (a folder deleted at a path-keyed source).
 */
export async function deleteSyncedItem(
  db: Database,
  identity: SyncedItemIdentity & { externalId: string; withDescendants?: boolean },
): Promise<void> {
  const matchesId = identity.withDescendants
    ? or(
        eq(documents.externalId, identity.externalId),
        like(documents.externalId, `${escapeLike(identity.externalId)}/%`),
      )
    : eq(documents.externalId, identity.externalId);
  await db
    .delete(documents)
    .where(and(eq(documents.ownerId, identity.ownerId), eq(documents.source, identity.source), matchesId));
}

/** Stamps these synced items as reported by the full listing that started at `listedAt` (the sweep's mark). */
export async function markSyncedItemsListed(
  db: Database,
  identity: SyncedItemIdentity,
  externalIds: string[],
  listedAt: Date,
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .update(documents)
    .set({ lastListedAt: listedAt })
    .where(
      and(
        eq(documents.ownerId, identity.ownerId),
        eq(documents.source, identity.source),
        inArray(documents.externalId, externalIds),
      ),
    );
}

/**
 * The sweep after a full listing: deletes the owner's documents from this source that the listing started at
 * `listedAt` did not report (their stamp is another listing's, or none). Compared for equality, not order, so no clock
 * matters. Returns how many went.
 */
export async function deleteSyncedItemsNotListed(
  db: Database,
  identity: SyncedItemIdentity,
  listedAt: Date,
): Promise<number> {
  const deleted = await db
    .delete(documents)
    .where(
      and(
        eq(documents.ownerId, identity.ownerId),
        eq(documents.source, identity.source),
        or(isNull(documents.lastListedAt), ne(documents.lastListedAt, listedAt)),
      ),
    )
    .returning({ id: documents.id });
  return deleted.length;
}

/** Deletes every document the owner's connection to this source brought in (disconnect). Synced items have no file. */
export async function deleteSourceDocuments(db: Database, identity: SyncedItemIdentity): Promise<number> {
  const deleted = await db
    .delete(documents)
    .where(and(eq(documents.ownerId, identity.ownerId), eq(documents.source, identity.source)))
    .returning({ id: documents.id });
  return deleted.length;
}

export async function insertDocument(db: Database, documentId: string, values: IndexedDocumentValues): Promise<void> {
  await db.insert(documents).values({ id: documentId, ...values, status: 'ready' });
}

/** Replaces an existing document's fields and passages (the old chunks' postings go by trigger). */
export async function replaceDocumentContent(
  db: Database,
  documentId: string,
  values: IndexedDocumentValues,
): Promise<void> {
  await db.delete(chunks).where(eq(chunks.documentId, documentId));
  const { ownerId: _ownerId, source: _source, externalId: _externalId, ...fields } = values;
  await db
    .update(documents)
    .set({ ...fields, status: 'ready', updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/** The documents among these ids that the user may view; with a space id, only that space's. */
export async function findVisibleDocumentsByIds(
  db: Database,
  userId: string,
  documentIds: string[],
  spaceId: string | null = null,
): Promise<DocumentRow[]> {
  const valid = documentIds.filter((id) => isUuid(id));
  if (valid.length === 0) return [];
  return db
    .select(documentColumns)
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(inArray(documents.id, valid), visibleDocumentsCondition(userId, spaceId)));
}

/** Adds the tag to each document that lacks it. */
export async function tagDocuments(db: Database, documentIds: string[], tag: string): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(documents)
    .set({ tags: sql`array_append(${documents.tags}, ${tag})`, updatedAt: new Date() })
    .where(and(inArray(documents.id, documentIds), sql`not (${tag} = any(${documents.tags}))`));
}
