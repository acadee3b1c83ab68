import type { DocumentSource, DocumentStatus } from '@lumen/contract';
import { and, count, desc, ilike } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { type DocumentArea, deletableDocumentsCondition, visibleDocumentsCondition } from '../access/index.ts';
import type { DocumentRow } from '../documents/index.ts';

/**
 * The assistant's own reads about the user's documents (names and counts for workspace_overview, summarize_document
 * and delete_file), always through the documents module's visibility rule. Passages are never read here: retrieval
 * is the search module's.
 */

export interface DocumentRef {
  documentId: string;
  title: string;
  source: DocumentSource;
  status: DocumentStatus;
  mimeType: string | null;
  createdAt: Date;
}

const refColumns = {
  documentId: documents.id,
  title: documents.title,
  source: documents.source,
  status: documents.status,
  mimeType: documents.mimeType,
  createdAt: documents.createdAt,
};

type Access = 'view' | 'delete';
/** `area` narrows everything to one space's documents (the space chat) or the team room's. */
const accessCondition = (userId: string, access: Access, area: DocumentArea = null) =>
  access === 'delete' ? deletableDocumentsCondition(userId) : visibleDocumentsCondition(userId, area);

/** A document the documents module found (`findVisibleDocument`, `findDeletableDocument`), as the tools name it. */
export function toDocumentRef(row: DocumentRow): DocumentRef {
  return {
    documentId: row.id,
    title: row.title,
    source: row.source,
    status: row.status,
    mimeType: row.mimeType,
    createdAt: row.createdAt,
  };
}

/** A document named by its title: the one whose title is exactly it, else the only one containing it. */
export type TitleMatch =
  | { status: 'found'; document: DocumentRef }
  | { status: 'not-found' }
  | { status: 'ambiguous'; candidates: DocumentRef[] };

export async function findDocumentByTitle(
  db: Database,
  userId: string,
  name: string,
  access: Access = 'view',
  area: DocumentArea = null,
): Promise<TitleMatch> {
  const wanted = name.trim();
  if (!wanted) return { status: 'not-found' };
  const matches = await findVisibleDocumentsByTitle(db, userId, wanted, access, area);
  const exact = matches.filter((doc) => doc.title.toLowerCase() === wanted.toLowerCase());
  const pick = exact.length === 1 ? exact : matches;
  if (pick.length === 1 && pick[0]) return { status: 'found', document: pick[0] };
  if (pick.length === 0) return { status: 'not-found' };
  return { status: 'ambiguous', candidates: pick };
}

/** The user's documents whose title contains the text (case-insensitive), newest first. */
export async function findVisibleDocumentsByTitle(
  db: Database,
  userId: string,
  text: string,
  access: Access = 'view',
  area: DocumentArea = null,
): Promise<DocumentRef[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return db
    .select(refColumns)
    .from(documents)
    .where(and(accessCondition(userId, access, area), ilike(documents.title, pattern)))
    .orderBy(desc(documents.createdAt))
    .limit(20);
}

export async function listRecentVisibleDocuments(
  db: Database,
  userId: string,
  limit: number,
  area: DocumentArea = null,
): Promise<DocumentRef[]> {
  return db
    .select(refColumns)
    .from(documents)
    .where(visibleDocumentsCondition(userId, area))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

export interface DocumentCounts {
  byStatus: Array<{ status: DocumentStatus; count: number }>;
  byType: Array<{ mimeType: string | null; count: number }>;
}

export async function countVisibleDocuments(
  db: Database,
  userId: string,
  area: DocumentArea = null,
): Promise<DocumentCounts> {
  const [byStatus, byType] = await Promise.all([
    db
      .select({ status: documents.status, count: count() })
      .from(documents)
      .where(visibleDocumentsCondition(userId, area))
      .groupBy(documents.status),
    db
      .select({ mimeType: documents.mimeType, count: count() })
      .from(documents)
      .where(visibleDocumentsCondition(userId, area))
      .groupBy(documents.mimeType),
  ]);
  return { byStatus, byType };
}
