import type { AssistantSession } from '../session.ts';
import { answerFromDocuments } from './answer-from-documents.ts';
import { deleteFile } from './delete-file.ts';
import { searchFiles } from './search-files.ts';
import { summarizeDocument } from './summarize-document.ts';
import { workspaceOverview } from './workspace-overview.ts';

/**
 * The assistant's tools for one session. delete_file only where the user can confirm it, and never in a space's chat:
 * it deletes the user's own files outside spaces, which that chat does not read (space files are deleted from the
 * space, by role).
 */
export function createAssistantTools(session: AssistantSession) {
  const tools = {
    search_files: searchFiles(session),
    summarize_document: summarizeDocument(session),
    answer_from_documents: answerFromDocuments(session),
    workspace_overview: workspaceOverview(session),
    delete_file: deleteFile(session),
  };
  if (session.canConfirm && !session.spaceId) return tools;
  const { delete_file: _omitted, ...withoutDelete } = tools;
  return withoutDelete;
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
