import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import { findVisibleDocument, findVisibleDocumentsByIds } from '../../documents/index.ts';
import {
  type DocumentRef,
  findVisibleDocumentsByTitle,
  listRecentVisibleDocuments,
  toDocumentRef,
} from '../assistant.repository.ts';
import type { AssistantSession } from '../session.ts';
import type { DocumentOutput } from '../tool-outputs.ts';
import { readDocumentChunks } from './retrieval.ts';

/** At most this many passages of a long document go to the model. */
const MAX_SUMMARY_PASSAGES = 40;

/** Built once (see answer-from-documents.ts). */
const inputSchema = zodSchema(
  z.object({
    documentId: z.string().optional().describe('The document id'),
    title: z.string().max(300).optional().describe('The document title or file name, or part of it'),
  }),
);

async function resolveDocument(
  session: AssistantSession,
  input: { documentId?: string; title?: string },
): Promise<{ document: DocumentRef | null; candidates: DocumentRef[] }> {
  const { db, userId, area } = session;
  if (input.documentId) {
    const found = await findVisibleDocument(db, userId, input.documentId, area);
    return { document: found && toDocumentRef(found), candidates: [] };
  }
  if (input.title) {
    const matches = await findVisibleDocumentsByTitle(db, userId, input.title.trim(), 'view', area);
    const exact = matches.filter((doc) => doc.title.toLowerCase() === input.title?.trim().toLowerCase());
    if (exact.length >= 1) return { document: exact[0] ?? null, candidates: [] };
    if (matches.length === 1) return { document: matches[0] ?? null, candidates: [] };
    return {
      document: null,
      candidates: matches.length ? matches : await listRecentVisibleDocuments(db, userId, 10, area),
    };
  }
  // "Summarize this": the newest file attached in the conversation, else the newest document.
  const attached = (await findVisibleDocumentsByIds(db, userId, session.attachedDocumentIds, area)).map(toDocumentRef);
  const newestAttached = session.attachedDocumentIds
    .map((id) => attached.find((doc) => doc.documentId === id))
    .find((doc) => doc !== undefined);
  if (newestAttached) return { document: newestAttached, candidates: [] };
  const [newest] = await listRecentVisibleDocuments(db, userId, 1, area);
  return { document: newest ?? null, candidates: [] };
}

/** summarize_document: one document's passages in order, for a summary. Thinking type 'summary'. */
export const summarizeDocument = (session: AssistantSession) =>
  tool({
    description:
      "Read one of the user's documents in order, to summarize it. Give its id, or its title (or part of it); with neither, the most recently attached document is used. Cite passages as [n].",
    inputSchema,
    execute: async (input): Promise<DocumentOutput> => {
      const { document, candidates } = await resolveDocument(session, input);
      if (!document)
        return { kind: 'document', document: null, passages: [], candidates: candidates.map((d) => d.title) };
      const chunks = await readDocumentChunks(session, document);
      const passages = session.registry.register(chunks.slice(0, MAX_SUMMARY_PASSAGES));
      return {
        kind: 'document',
        document: { documentId: document.documentId, title: document.title, source: document.source },
        passages,
        candidates: [],
      };
    },
  });
