import { randomUUID } from 'node:crypto';
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
import { type Database, lockKeysForTransaction, placeholderFor, preparedPerHandle, rowsOf } from '../../platform/db.ts';
import {
  type DocumentArea,
  deletableDocumentsCondition,
  editableDocumentsCondition,
  visibleDocumentsCondition,
} from '../access/index.ts';

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
  area: DocumentArea = null,
): Promise<DocumentRow | null> {
  return findDocumentWhere(db, documentId, visibleDocumentsCondition(userId, area));
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

/** The user's visible documents that meet the conditions, newest first. */
function selectVisibleDocuments(db: Database, userId: string, conditions: SQL[], limit: number) {
  return db
    .select({ ...documentColumns, cursorCreatedAt: sql<string>`${documents.createdAt}::text` })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(visibleDocumentsCondition(userId), ...conditions))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

const afterCursor = (createdAt: string, id: string) =>
  sql`(${documents.createdAt}, ${documents.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;

/** The unfiltered list, first page and the pages after: what the document hub asks most, prepared (ADR 0116). */
const firstPageStatement = preparedPerHandle((db) =>
  selectVisibleDocuments(db, placeholderFor('userId'), [], placeholderFor('limit')).prepare('list_visible_documents'),
);
const nextPageStatement = preparedPerHandle((db) =>
  selectVisibleDocuments(
    db,
    placeholderFor('userId'),
    [afterCursor(placeholderFor('createdAt'), placeholderFor('id'))],
    placeholderFor('limit'),
  ).prepare('list_visible_documents_after'),
);

/** The user's visible documents, newest first, after the cursor; one more than `limit` tells whether more exist. */
export async function listVisibleDocuments(
  db: Database,
  userId: string,
  limit: number,
  cursor: DocumentPageCursor | null,
  filters: Pick<DocumentListQuery, 'q' | 'source' | 'type' | 'processed'> = {},
): Promise<Array<DocumentRow & { cursorCreatedAt: string }>> {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(ilike(documents.title, `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
  if (filters.source) conditions.push(eq(documents.source, filters.source));
  if (filters.type) conditions.push(inArray(documents.mimeType, [...DOCUMENT_TYPE_MIME_TYPES[filters.type]]));
  if (filters.processed === 'processed') conditions.push(sql`${AI_PROCESSED_TAG} = any(${documents.tags})`);
  if (filters.processed === 'unprocessed') conditions.push(sql`not (${AI_PROCESSED_TAG} = any(${documents.tags}))`);
  if (conditions.length === 0) {
    return cursor
      ? nextPageStatement(db).execute({ userId, limit: limit + 1, createdAt: cursor.createdAt, id: cursor.id })
      : firstPageStatement(db).execute({ userId, limit: limit + 1 });
  }
  if (cursor) conditions.push(afterCursor(cursor.createdAt, cursor.id));
  return selectVisibleDocuments(db, userId, conditions, limit + 1);
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
 * Earlier uploads of the same bytes, with their documents, by content hash (the first upload of each): the owner's own
 * (outside spaces), or anyone's in the same space. One statement for a request's files.
 */
export async function findUploadsByContent(
  db: Database,
  ownerId: string,
  sha256s: string[],
  spaceId: string | null = null,
): Promise<Map<string, { file: StoredFileRow; documentId: string }>> {
  if (sha256s.length === 0) return new Map();
  const scope = spaceId
    ? and(eq(files.spaceId, spaceId), eq(documents.source, 'space'))
    : and(eq(files.ownerId, ownerId), isNull(files.spaceId), eq(documents.source, 'upload'));
  const rows = await db
    .select({ file: fileColumns, documentId: documents.id })
    .from(files)
    .innerJoin(documents, eq(documents.fileId, files.id))
    .where(and(scope, inArray(files.sha256, [...new Set(sha256s)]), ne(documents.status, 'failed')))
    .orderBy(files.createdAt, files.id);
  const earliest = new Map<string, { file: StoredFileRow; documentId: string }>();
  for (const row of rows) if (!earliest.has(row.file.sha256)) earliest.set(row.file.sha256, row);
  return earliest;
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

/**
 * Stored uploads and their pending documents (external id = file id, so ingestion updates that document), in two
 * statements whatever their number; ids in the order of `uploads`.
 */
export async function insertUploads(
  db: Database,
  uploads: NewUpload[],
): Promise<Array<{ fileId: string; documentId: string }>> {
  if (uploads.length === 0) return [];
  // Ids made here, so each document is paired with its file without relying on the order rows come back in.
  const ids = uploads.map(() => ({ fileId: randomUUID(), documentId: randomUUID() }));
  await db.insert(files).values(uploads.map((upload, index) => ({ ...upload, id: ids[index]?.fileId })));
  await db.insert(documents).values(
    uploads.map((upload, index) => ({
      id: ids[index]?.documentId,
      source: upload.spaceId ? ('space' as const) : ('upload' as const),
      externalId: ids[index]?.fileId ?? null,
      ownerId: upload.ownerId,
      teamId: upload.teamId ?? null,
      spaceId: upload.spaceId ?? null,
      fileId: ids[index]?.fileId ?? null,
      title: upload.filename,
      mimeType: upload.mimeType,
      contentHash: upload.sha256,
      status: 'pending' as const,
    })),
  );
  return ids;
}

export async function findFilesByIds(db: Database, fileIds: string[]): Promise<StoredFileRow[]> {
  if (fileIds.length === 0) return [];
  return db.select(fileColumns).from(files).where(inArray(files.id, fileIds));
}

/** Documents with their stored files (uploads and space files), by document id, in one statement. */
export async function findDocumentsWithFiles(
  db: Database,
  documentIds: string[],
): Promise<Array<{ document: DocumentRow; file: StoredFileRow }>> {
  if (documentIds.length === 0) return [];
  return db
    .select({ document: documentColumns, file: fileColumns })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(inArray(documents.id, documentIds));
}

export interface DocumentForIngestion {
  id: string;
  ownerId: string;
  source: DocumentSource;
  status: DocumentStatus;
  teamId: string | null;
  spaceId: string | null;
  title: string;
  mimeType: string | null;
  file: StoredFileRow | null;
}

/** What the ingestion job needs, whoever owns the documents, in one statement (in no particular order). */
export async function findDocumentsForIngestion(db: Database, documentIds: string[]): Promise<DocumentForIngestion[]> {
  if (documentIds.length === 0) return [];
  const rows = await db
    .select({
      id: documents.id,
      ownerId: documents.ownerId,
      source: documents.source,
      status: documents.status,
      teamId: documents.teamId,
      spaceId: documents.spaceId,
      title: documents.title,
      mimeType: documents.mimeType,
      file: fileColumns,
    })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(inArray(documents.id, documentIds));
  return rows.map((row) => ({ ...row, file: row.file?.id ? row.file : null }));
}

/** Sets the status of several documents at once (the batch ingestion's 'processing'). */
export async function updateDocumentsStatus(
  db: Database,
  documentIds: string[],
  status: DocumentStatus,
): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(documents)
    .set({ status, error: null, updatedAt: new Date() })
    .where(inArray(documents.id, documentIds));
}

export async function updateDocumentStatus(
  db: Database,
  documentId: string,
  status: DocumentStatus,
  error: string | null = null,
): Promise<void> {
  await db.update(documents).set({ status, error, updatedAt: new Date() }).where(eq(documents.id, documentId));
}

/** Marks a document failed unless it was indexed meanwhile (`ready`) or already failed with its own reason. */
export async function failUnfinishedDocument(db: Database, documentId: string, error: string): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'failed', error, updatedAt: new Date() })
    .where(and(eq(documents.id, documentId), inArray(documents.status, ['pending', 'processing'])));
}

/**
 * Deletes a document the user may delete, with its chunks (their postings go by trigger) and its file row. Returns the
 * storage key to remove once the transaction has committed, or null when there is no such document for this user.
 */
export async function deleteDeletableDocument(
  db: Database,
  userId: string,
  documentId: string,
): Promise<{ storageKey: string | null; title: string; source: DocumentSource } | null> {
  const [row] = await db
    .select({
      id: documents.id,
      fileId: documents.fileId,
      storageKey: files.storageKey,
      title: documents.title,
      source: documents.source,
    })
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(eq(documents.id, documentId), deletableDocumentsCondition(userId)))
    .for('update', { of: documents });
  if (!row) return null;
  await db.delete(documents).where(eq(documents.id, row.id));
  if (row.fileId) await db.delete(files).where(eq(files.id, row.fileId));
  return { storageKey: row.storageKey ?? null, title: row.title, source: row.source };
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

/** What identifies the document an ingestion updates: the external id, else (none) the content hash. */
export interface IngestionIdentity {
  ownerId: string;
  source: DocumentSource;
  externalId: string | null;
  contentHash: string;
}

export interface ExistingIndexedDocument extends IngestionIdentity {
  id: string;
  title: string;
  status: DocumentStatus;
  chunkCount: number;
}

const lockedColumns = sql`d.id, d.owner_id AS "ownerId", d.source, d.external_id AS "externalId",
  d.content_hash AS "contentHash", d.title, d.status, d.chunk_count AS "chunkCount"`;

/**
 * Serialises ingestions of the same documents on a server: a transaction-scoped lock per identity (`keys`, owner,
 * source and external id or content hash), taken before the documents are looked up. Without it two transactions that
 * both found no document for an identity both inserted one, and the second failed on the unique index; with it the
 * second waits, then finds the first's document and updates it.
 */
export async function lockIngestionIdentities(db: Database, keys: string[]): Promise<void> {
  await lockKeysForTransaction(
    db,
    keys.map((key) => `ingest:${key}`),
  );
}

/**
 * The documents a batch of ingestions updates, locked for the rest of the transaction, in id order (two batches that
 * share documents lock them in the same order). One statement for the identities with an external id, one for those
 * without (matched by content hash), each only when there are any.
 */
export async function lockDocumentsForIngestion(
  db: Database,
  identities: IngestionIdentity[],
): Promise<ExistingIndexedDocument[]> {
  return [
    ...(await lockMatchingDocuments(
      db,
      identities.filter((identity) => identity.externalId !== null),
      'externalId',
    )),
    ...(await lockMatchingDocuments(
      db,
      identities.filter((identity) => identity.externalId === null),
      'contentHash',
    )),
  ];
}

async function lockMatchingDocuments(
  db: Database,
  identities: IngestionIdentity[],
  key: 'externalId' | 'contentHash',
): Promise<ExistingIndexedDocument[]> {
  if (identities.length === 0) return [];
  const keyColumn = sql.identifier(documents[key].name);
  const result = await db.execute(sql`
    SELECT ${lockedColumns}
    FROM ${documents} d
    JOIN unnest(
      ${sql.param(identities.map((identity) => identity.ownerId))}::text[],
      ${sql.param(identities.map((identity) => identity.source))}::text[],
      ${sql.param(identities.map((identity) => identity[key]))}::text[]
    ) AS k (owner_id, source, key)
      ON d.owner_id = k.owner_id AND d.source = k.source::document_source AND d.${keyColumn} = k.key
    ${key === 'contentHash' ? sql`WHERE d.external_id IS NULL` : sql``}
    ORDER BY d.id
    FOR UPDATE OF d`);
  return rowsOf<ExistingIndexedDocument>(result);
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

/** Inserts new ready documents, in one statement. */
export async function insertDocuments(
  db: Database,
  rows: Array<{ id: string; values: IndexedDocumentValues }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(documents).values(rows.map(({ id, values }) => ({ id, ...values, status: 'ready' as const })));
}

/** Removes the passages of documents about to be indexed again (their postings go by trigger), in one statement. */
export async function deleteDocumentChunks(db: Database, documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db.delete(chunks).where(inArray(chunks.documentId, documentIds));
}

/** The columns an ingestion writes on a document it indexes again, with their SQL types (for a batch's records). */
const INDEXED_COLUMNS = {
  title: { column: 'title', type: 'text' },
  mimeType: { column: 'mime_type', type: 'text' },
  contentHash: { column: 'content_hash', type: 'text' },
  error: { column: 'error', type: 'text' },
  pageCount: { column: 'page_count', type: 'integer' },
  chunkCount: { column: 'chunk_count', type: 'integer' },
  fileId: { column: 'file_id', type: 'uuid' },
  teamId: { column: 'team_id', type: 'uuid' },
  spaceId: { column: 'space_id', type: 'uuid' },
  url: { column: 'url', type: 'text' },
  modifiedAt: { column: 'modified_at', type: 'timestamptz' },
  sharedWith: { column: 'shared_with', type: 'text[]' },
  sourceVersion: { column: 'source_version', type: 'text' },
} as const satisfies Record<
  Exclude<keyof IndexedDocumentValues, 'ownerId' | 'source' | 'externalId'>,
  { column: string; type: string }
>;

type IndexedField = keyof typeof INDEXED_COLUMNS;

/**
 * `updateIndexedDocument` for many documents: one statement per set of fields given (a batch of uploads or of one
 * source's items gives the same fields for all), the values as a JSON record set, instead of one statement each.
 */
export async function updateIndexedDocuments(
  db: Database,
  rows: Array<{ id: string; values: IndexedDocumentValues }>,
): Promise<void> {
  const groups = new Map<string, Array<{ id: string; values: IndexedDocumentValues }>>();
  for (const row of rows) {
    const fields = (Object.keys(INDEXED_COLUMNS) as IndexedField[]).filter((field) => row.values[field] !== undefined);
    const key = fields.join(',');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [key, group] of groups) {
    const fields = key ? (key.split(',') as IndexedField[]) : [];
    const records = group.map(({ id, values }) => {
      const record: Record<string, unknown> = { id };
      for (const field of fields) {
        const value = values[field];
        record[INDEXED_COLUMNS[field].column] = value instanceof Date ? value.toISOString() : value;
      }
      return record;
    });
    const assignments = fields.map((field) => {
      const column = sql.identifier(INDEXED_COLUMNS[field].column);
      return sql`${column} = v.${column}`;
    });
    const columnTypes = fields.map((field) =>
      sql.raw(`"${INDEXED_COLUMNS[field].column}" ${INDEXED_COLUMNS[field].type}`),
    );
    await db.execute(sql`
      UPDATE ${documents} AS d
      SET ${sql.join([...assignments, sql`status = 'ready'`, sql`updated_at = now()`], sql`, `)}
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v (${sql.join([sql.raw('id uuid'), ...columnTypes], sql`, `)})
      WHERE d.id = v.id`);
  }
}

/** The documents among these ids that the user may view; with a space id, only that space's. */
export async function findVisibleDocumentsByIds(
  db: Database,
  userId: string,
  documentIds: string[],
  area: DocumentArea = null,
): Promise<DocumentRow[]> {
  const valid = documentIds.filter((id) => isUuid(id));
  if (valid.length === 0) return [];
  return db
    .select(documentColumns)
    .from(documents)
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(and(inArray(documents.id, valid), visibleDocumentsCondition(userId, area)));
}

/** Of these document ids, the ones the user may change (`editableDocumentsCondition`). */
export async function findEditableDocumentIds(
  db: Database,
  userId: string,
  documentIds: string[],
): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.id, documentIds), editableDocumentsCondition(userId)));
  return new Set(rows.map((row) => row.id));
}

/** Adds the tag to each document that lacks it. */
export async function tagDocuments(db: Database, documentIds: string[], tag: string): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(documents)
    .set({ tags: sql`array_append(${documents.tags}, ${tag})`, updatedAt: new Date() })
    .where(and(inArray(documents.id, documentIds), sql`not (${tag} = any(${documents.tags}))`));
}
