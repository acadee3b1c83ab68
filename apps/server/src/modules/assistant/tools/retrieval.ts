import type { DocumentSource } from '@lumen/contract';
import { AppError } from '../../../platform/errors.ts';
import { deleteDocument } from '../../documents/index.ts';
import { getDocumentChunks, searchPassages } from '../../search/index.ts';
import type { DocumentRef } from '../assistant.repository.ts';
import type { PassageSource } from '../citations.ts';
import type { AssistantSession } from '../session.ts';

/**
 * The assistant's only door to retrieval: the search module's services, which apply the "documents this user may
 * view" rule. Nothing here ranks or filters on its own.
 */

export interface PassageQuery {
  query: string;
  limit: number;
  mimeType?: string;
  documentIds?: string[];
  /** Only documents from this platform, when the person named one ("in Slack", "from Notion"). */
  platform?: DocumentSource;
}

/**
 * A question can be a pasted page (up to 32 KB of text); ranking reads its first words only, which keeps a search
 * as cheap as a short question's and is where a question's subject is.
 */
const QUERY_SEARCH_CHARS = 1000;

/** The first `length` characters, never ending in half a surrogate pair. */
function leadingText(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

export async function retrievePassages(session: AssistantSession, query: PassageQuery): Promise<PassageSource[]> {
  // The session's platform (a question asked on /notion) bounds whatever the tool asked for.
  const platform = session.platform ?? query.platform;
  return searchPassages(session.db, {
    userId: session.userId,
    query: leadingText(query.query, QUERY_SEARCH_CHARS),
    limit: query.limit,
    ...(query.mimeType ? { mimeType: query.mimeType } : {}),
    ...(query.documentIds ? { documentIds: query.documentIds } : {}),
    ...(platform ? { sources: [platform] } : {}),
    ...(session.area ? { area: session.area } : {}),
    embedder: session.embedder,
    snippets: false,
  });
}

/** A document's passages in reading order (NOT_FOUND unless the user may view it). */
export async function readDocumentChunks(session: AssistantSession, document: DocumentRef): Promise<PassageSource[]> {
  const chunks = await getDocumentChunks(session.db, session.userId, document.documentId);
  return chunks.map((chunk) => ({
    chunkId: chunk.id,
    documentId: document.documentId,
    title: document.title,
    source: document.source,
    mimeType: document.mimeType,
    page: chunk.page,
    text: chunk.text,
    score: 0,
  }));
}

/** Deletes the document and its stored file through the documents service; false when the user may not. */
export async function removeDocument(session: AssistantSession, documentId: string): Promise<boolean> {
  try {
    // Confirmed in the chat by the user (the tool's approval step); the request's address is not known here.
    await deleteDocument(session, { userId: session.userId, ipAddress: null, userAgent: null }, documentId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}
