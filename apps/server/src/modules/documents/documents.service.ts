import type { Readable } from 'node:stream';
import {
  AI_PROCESSED_TAG,
  type AuditSeverity,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentSource,
  type DocumentSummary,
  isUuid,
} from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Actor } from '../../platform/request-user.ts';
import type { Storage } from '../../platform/storage.ts';
import { findMembership } from '../access/index.ts';
import {
  type DocumentPageCursor,
  type DocumentRow,
  deleteDeletableDocument,
  findDocumentsByIds,
  findEditableDocumentIds,
  findFilesByIds,
  findVisibleDocument,
  findVisibleDocumentsByIds,
  listVisibleDocuments,
  tagDocuments,
  updateDocumentsStatus,
} from './documents.repository.ts';
import { INGEST_DOCUMENT_JOB } from './ingestion.service.ts';

/** What the document services need besides the database; each takes the part it uses. */
export interface DocumentsDeps {
  db: Database;
  storage: Storage;
  jobs: JobQueue;
  log: Pick<FastifyBaseLogger, 'error'>;
}

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

function encodeCursor(cursor: DocumentPageCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

/** Whether the text's year-month-day and time are a real moment (no 31 February, no hour 25). */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

function decodeCursor(value: string): DocumentPageCursor {
  const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const isValid =
    createdAt && id && isUuid(id) && /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt);
  // The shape alone let a forged '2026-13-45' through to the database, which refused it with a 500.
  if (!isValid || !isCalendarDate(createdAt)) throw AppError.of('DOCUMENT_CURSOR_INVALID');
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

/** Where a synced document opens: its page at the source (it has no stored file). */
export interface DocumentSourceLink {
  sourceUrl: string;
}

/**
 * The stored file behind a document the user may view, or for a synced document (no file) its address at the source,
 * so citations and the asset list open it there. NOT_FOUND for a document with neither.
 */
export async function openDocumentContent(
  deps: Pick<DocumentsDeps, 'db' | 'storage'>,
  actor: Actor,
  documentId: string,
): Promise<DocumentContent | DocumentSourceLink> {
  const document = await findVisibleDocument(deps.db, actor.userId, documentId);
  if (document) {
    await auditDocumentEvent(deps.db, actor, 'file_access', document, 'info');
  }
  if (document && !document.fileId && document.url && /^https?:\/\//i.test(document.url)) {
    return { sourceUrl: document.url };
  }
  const [file] = document?.fileId ? await findFilesByIds(deps.db, [document.fileId]) : [];
  if (!file) throw notFound();
  return {
    stream: await deps.storage.open(file.storageKey),
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
  deps: Pick<DocumentsDeps, 'db' | 'jobs'>,
  actor: Actor,
  documentIds: string[],
): Promise<{ documents: DocumentSummary[] }> {
  const visible = await findVisibleDocumentsByIds(deps.db, actor.userId, documentIds);
  if (visible.length === 0) throw AppError.of('ASSETS_NOT_FOUND');
  // Processing changes a document (a tag, its index): the edit rule, as renaming; a selection with one document the
  // caller may only view changes nothing.
  const editable = await findEditableDocumentIds(
    deps.db,
    actor.userId,
    visible.map((document) => document.id),
  );
  if (visible.some((document) => !editable.has(document.id))) throw AppError.of('NO_EDIT_PERMISSION');
  await deps.db.transaction(async (tx) => {
    await tagDocuments(
      tx,
      visible.map((document) => document.id),
      AI_PROCESSED_TAG,
    );
    // Each document is changed (tagged, indexed again): audited with the change.
    for (const document of visible) await auditDocumentEvent(tx, actor, 'file_edit', document, 'info');
    // Files are extracted and indexed again by one job for the whole request (ADR 0093); synced items have no file.
    const stored = visible.flatMap((document) => (document.fileId ? [document.id] : []));
    if (stored.length === 0) return;
    await updateDocumentsStatus(tx, stored, 'pending');
    await deps.jobs.enqueue(INGEST_DOCUMENT_JOB, { documentIds: stored }, { db: tx });
  });
  deps.jobs.wake();
  const rows = await findDocumentsByIds(
    deps.db,
    visible.map((document) => document.id),
  );
  return { documents: rows.map(toDocumentSummary) };
}

/**
 * An audit entry about one of the caller's documents (opened, deleted), in the caller's team's log (issue #14); inside
 * the change's transaction when there is one.
 */
async function auditDocumentEvent(
  db: Database,
  actor: Actor,
  action: 'file_access' | 'file_edit' | 'file_delete',
  document: { id: string; title: string; source: DocumentSource },
  severity: AuditSeverity,
): Promise<void> {
  const membership = await findMembership(db, actor.userId);
  // Inside the change's transaction this is a savepoint of it; alone, a transaction of its own (the chain's lock).
  await db.transaction((tx) =>
    writeAuditEntry(tx, actor, {
      teamId: membership?.teamId ?? null,
      action,
      resourceType: 'document',
      resourceId: document.id,
      ...(action === 'file_delete'
        ? { oldValues: { title: document.title, source: document.source } }
        : { newValues: { title: document.title, source: document.source } }),
      severity,
    }),
  );
}

/** Deletes the document, its passages, its file row and the stored object. */
export async function deleteDocument(
  deps: Pick<DocumentsDeps, 'db' | 'storage' | 'log'>,
  actor: Actor,
  documentId: string,
): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await deleteDeletableDocument(tx, actor.userId, documentId);
    if (row) await auditDocumentEvent(tx, actor, 'file_delete', { id: documentId, ...row }, 'low');
    return row;
  });
  if (!deleted) throw notFound();
  if (deleted.storageKey) {
    await deps.storage.delete(deleted.storageKey).catch((error: unknown) => {
      deps.log.error({ err: error, key: deleted.storageKey }, 'could not remove a stored object');
    });
  }
}
