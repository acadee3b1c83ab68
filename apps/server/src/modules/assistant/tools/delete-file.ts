import { deleteFileInputSchema } from '@lumen/contract';
import { tool, zodSchema } from 'ai';
import { findDeletableDocument } from '../../documents/index.ts';
import { findDocumentByTitle, type TitleMatch, toDocumentRef } from '../assistant.repository.ts';
import type { AssistantSession } from '../session.ts';
import type { DeleteOutput } from '../tool-outputs.ts';
import { removeDocument } from './retrieval.ts';

/** Built once (see answer-from-documents.ts). */
const inputSchema = zodSchema(deleteFileInputSchema);

/** Only who may delete it (the owner): another user's id resolves to not-found, exactly like a missing id. */
async function resolveTarget(
  session: AssistantSession,
  input: { documentId?: string; fileName?: string },
): Promise<TitleMatch> {
  const { db, userId } = session;
  if (input.documentId) {
    const document = await findDeletableDocument(db, userId, input.documentId);
    return document ? { status: 'found', document: toDocumentRef(document) } : { status: 'not-found' };
  }
  return findDocumentByTitle(db, userId, input.fileName ?? '', 'delete');
}

/**
 * delete_file: deletes one of the user's files, after the user confirmed it (AI SDK tool approval: the call stops at
 * an approval request, and runs only when the next request carries the user's approval). Thinking type 'delete'.
 * A file the user cannot delete (or that does not exist) needs no confirmation: the tool answers not-found.
 */
export const deleteFile = (session: AssistantSession) =>
  tool({
    description:
      "Delete one of the user's files, by document id or file name. The user is asked to confirm before anything is deleted.",
    inputSchema,
    needsApproval: async (input) => (await resolveTarget(session, input)).status === 'found',
    execute: async (input): Promise<DeleteOutput> => {
      const target = await resolveTarget(session, input);
      if (target.status === 'ambiguous') {
        return { kind: 'delete', status: 'ambiguous', title: null, candidates: target.candidates.map((d) => d.title) };
      }
      if (target.status === 'not-found') return { kind: 'delete', status: 'not-found', title: null, candidates: [] };
      const deleted = await removeDocument(session, target.document.documentId);
      return deleted
        ? { kind: 'delete', status: 'deleted', title: target.document.title, candidates: [] }
        : { kind: 'delete', status: 'not-found', title: null, candidates: [] };
    },
  });
