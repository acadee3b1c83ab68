import type { AssistantSession } from '../session.ts';
import { answerFromDocuments } from './answer-from-documents.ts';
import { deleteFile } from './delete-file.ts';
import { saveToStorage } from './save-to-storage.ts';
import { searchFiles } from './search-files.ts';
import { summarizeDocument } from './summarize-document.ts';
import { workspaceOverview } from './workspace-overview.ts';

/**
 * The assistant's tools for one session. delete_file and save_to_storage only where the user can confirm them, and
 * never in a space's chat or the team room: delete_file deletes the user's own files outside spaces, which that chat does not read
 * (space files are deleted from the space, by role), and the connected stores are one person's, not the space's.
 * save_to_storage also needs the integrations' stores.
 */
export function createAssistantTools(session: AssistantSession) {
  const tools = {
    search_files: searchFiles(session),
    summarize_document: summarizeDocument(session),
    answer_from_documents: answerFromDocuments(session),
    workspace_overview: workspaceOverview(session),
    delete_file: deleteFile(session),
    save_to_storage: saveToStorage(session),
  };
  const { delete_file: _delete, save_to_storage: _save, ...readOnly } = tools;
  if (!session.canConfirm || session.area) return readOnly;
  return session.cloudFiles ? tools : { ...readOnly, delete_file: tools.delete_file };
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
