import type { DocumentSource, ThinkingType } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db.ts';
import type { Embedder } from '../../platform/embeddings.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CloudFileStore } from '../integrations/index.ts';
import { PassageRegistry } from './citations.ts';

/** What the assistant's tools act for: one signed-in user, one request (vercel/ai-chatbot's tool-factory session). */
export interface AssistantSession {
  db: Database;
  storage: Storage;
  userId: string;
  log: FastifyBaseLogger;
  /** With embeddings configured, retrieval is hybrid. */
  embedder: Embedder | null;
  /** Numbers the passages tools return, and resolves the answer's [n] markers into citations. */
  registry: PassageRegistry;
  /** Documents attached to the conversation's messages, newest first ("summarize this"). */
  attachedDocumentIds: string[];
  /** The user's connected file stores (save_to_storage); null where none can be used. */
  cloudFiles: CloudFileStore | null;
  /**
   * Whether the client can show a confirmation (the chat can, /api/ask cannot): delete_file and save_to_storage are
   * offered only then.
   */
  canConfirm: boolean;
  /** Set in a space's chat: every tool reads only that space's documents. */
  spaceId: string | null;
  /** Set when the question is about one platform (the /notion page): the search tools read only its documents. */
  platform: DocumentSource | null;
  /** Tells the UI which thinking type is active (a no-op without a stream). */
  reportThinking: (type: ThinkingType) => void;
}

export function createSession(
  init: Omit<
    AssistantSession,
    'registry' | 'reportThinking' | 'attachedDocumentIds' | 'canConfirm' | 'spaceId' | 'platform' | 'cloudFiles'
  > &
    Partial<
      Pick<
        AssistantSession,
        'reportThinking' | 'attachedDocumentIds' | 'canConfirm' | 'spaceId' | 'platform' | 'cloudFiles'
      >
    >,
): AssistantSession {
  return {
    registry: new PassageRegistry(),
    attachedDocumentIds: [],
    canConfirm: false,
    spaceId: null,
    platform: null,
    cloudFiles: null,
    reportThinking: () => {},
    ...init,
  };
}
