import {
  type SaveToStorageInput,
  type SaveToStorageOutput,
  type SaveToStorageStatus,
  type StorageProvider,
  saveToStorageInputSchema,
  toStorageFileName,
} from '@lumen/contract';
import { tool, zodSchema } from 'ai';
import { findVisibleDocument } from '../../documents/index.ts';
import { RECONNECT_MESSAGE } from '../../integrations/index.ts';
import { type DocumentRef, findDocumentByTitle, toDocumentRef } from '../assistant.repository.ts';
import type { AssistantSession } from '../session.ts';
import { readDocumentChunks } from './retrieval.ts';

/** Built once (see answer-from-documents.ts). */
const inputSchema = zodSchema(saveToStorageInputSchema);

type Content = { kind: 'document'; document: DocumentRef } | { kind: 'text'; text: string };

/** What saving would do, or why it cannot: decided before asking, and again when the confirmed call runs. */
type Plan =
  | { status: 'ready'; provider: StorageProvider; content: Content; fileName: string; folder: string | null }
  | { status: 'blocked'; output: SaveToStorageOutput };

function saveOutput(
  status: SaveToStorageStatus,
  fields: Partial<Omit<SaveToStorageOutput, 'kind' | 'status'>> = {},
): SaveToStorageOutput {
  return {
    kind: 'save',
    status,
    provider: null,
    fileName: null,
    folder: null,
    url: null,
    connected: [],
    candidates: [],
    message: null,
    ...fields,
  };
}

const blocked = (output: SaveToStorageOutput): Plan => ({ status: 'blocked', output });

/** A document only when the user may view it: another user's id is not-found, exactly like a missing one. */
async function resolveContent(session: AssistantSession, input: SaveToStorageInput): Promise<Content | Plan> {
  const { db, userId, area } = session;
  if (input.documentId) {
    const document = await findVisibleDocument(db, userId, input.documentId, area);
    return document ? { kind: 'document', document: toDocumentRef(document) } : blocked(saveOutput('not-found'));
  }
  if (input.documentTitle?.trim()) {
    const match = await findDocumentByTitle(db, userId, input.documentTitle, 'view', area);
    if (match.status === 'found') return { kind: 'document', document: match.document };
    return blocked(
      saveOutput(match.status, {
        candidates: match.status === 'ambiguous' ? match.candidates.map((d) => d.title) : [],
      }),
    );
  }
  const text = input.text?.trim();
  return text ? { kind: 'text', text } : blocked(saveOutput('nothing-to-save'));
}

/**
 * The named store when it is connected, else the only connected one; one needing a new grant cannot take a file, and
 * one that names folders by id cannot take a path (answered now, not as the provider's 404 after the confirmation).
 */
async function resolveProvider(session: AssistantSession, input: SaveToStorageInput): Promise<StorageProvider | Plan> {
  const connections = session.cloudFiles ? await session.cloudFiles.listStorageConnections(session.userId) : [];
  const connected = connections.map((connection) => connection.provider);
  const requested = input.provider ?? null;
  if (!requested && connections.length > 1) return blocked(saveOutput('choose-provider', { connected }));
  const connection = requested ? connections.find((c) => c.provider === requested) : connections[0];
  if (!connection) return blocked(saveOutput('not-connected', { provider: requested, connected }));
  if (connection.status === 'needs_reconnect') {
    return blocked(
      saveOutput('needs-reconnect', { provider: connection.provider, connected, message: RECONNECT_MESSAGE }),
    );
  }
  const folder = input.folder?.trim();
  if (folder?.startsWith('/') && !connection.acceptsFolderPaths) {
    return blocked(saveOutput('folder-by-id', { provider: connection.provider, folder, connected }));
  }
  return connection.provider;
}

/** The store first: without one, what to save does not matter yet. */
async function planSave(session: AssistantSession, input: SaveToStorageInput): Promise<Plan> {
  const provider = await resolveProvider(session, input);
  if (typeof provider !== 'string') return provider;
  const content = await resolveContent(session, input);
  if ('status' in content) return content;
  return {
    status: 'ready',
    provider,
    content,
    fileName: toStorageFileName(input.fileName),
    folder: input.folder?.trim() || null,
  };
}

async function readText(session: AssistantSession, content: Content): Promise<string> {
  if (content.kind === 'text') return content.text;
  const chunks = await readDocumentChunks(session, content.document);
  return chunks
    .map((chunk) => chunk.text.trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * save_to_storage: saves a document the user may view, or given text (such as the previous answer), as a .md or .txt
 * file to one of the user's connected stores (Google Drive, OneDrive, Dropbox), after the user confirmed it (the same
 * AI SDK tool approval as delete_file). Thinking type 'upload'. What cannot be saved (no such document, store not
 * connected or needing a new grant) is answered without asking. The upload queues a sync of the connection, so the
 * file comes back into search like any other synced file.
 */
export const saveToStorage = (session: AssistantSession) =>
  tool({
    description:
      "Save a document (by id or title) or a text such as your previous answer as a .md or .txt file to the user's connected Google Drive, OneDrive or Dropbox, optionally in a folder. The user is asked to confirm before anything is saved.",
    inputSchema,
    needsApproval: async (input) => (await planSave(session, input)).status === 'ready',
    execute: async (input): Promise<SaveToStorageOutput> => {
      const plan = await planSave(session, input);
      if (plan.status === 'blocked') return plan.output;
      const { provider, fileName, folder } = plan;
      const text = await readText(session, plan.content);
      if (!text) return saveOutput('nothing-to-save', { provider, fileName, folder });
      const cloudFiles = session.cloudFiles;
      if (!cloudFiles) return saveOutput('not-connected', { provider });
      const result = await cloudFiles.saveFile(session.userId, provider, { name: fileName, text, folder });
      switch (result.status) {
        case 'saved':
          return saveOutput('saved', { provider, fileName: result.name, folder, url: result.url });
        case 'not-connected':
          return saveOutput('not-connected', { provider, fileName, folder });
        case 'needs-reconnect':
        case 'refused':
          return saveOutput(result.status, { provider, fileName, folder, message: result.message });
      }
    },
  });
