import type { DocumentSource, ThinkingType } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db.ts';
import type { Embedder } from '../../platform/embeddings.ts';
import type { Storage } from '../../platform/storage.ts';
import type { DocumentArea } from '../access/index.ts';
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
  /**
   * Where the tools read: everywhere the user may look (null), one space's documents (that space's chat), or the team
   * room's (only what every member of the team may view, since every member reads the answer).
   */
  area: DocumentArea;
  /** Set when the question is about one platform (the /notion page): the search tools read only its documents. */
  platform: DocumentSource | null;
  /** Tells the UI which thinking type is active (a no-op without a stream). */
  reportThinking: (type: ThinkingType) => void;
}

export function createSession(
  init: Omit<
    AssistantSession,
    'registry' | 'reportThinking' | 'attachedDocumentIds' | 'canConfirm' | 'area' | 'platform' | 'cloudFiles'
  > &
    Partial<
      Pick<
        AssistantSession,
        'reportThinking' | 'attachedDocumentIds' | 'canConfirm' | 'area' | 'platform' | 'cloudFiles'
      >
    >,
): AssistantSession {
  return {
    registry: new PassageRegistry(),
    attachedDocumentIds: [],
    canConfirm: false,
    area: null,
    platform: null,
    cloudFiles: null,
    reportThinking: () => {},
    ...init,
  };
}

/** What a session is made from besides the user: the services its tools use. */
export type SessionServices = Pick<AssistantSession, 'db' | 'storage' | 'embedder' | 'log'>;

/** A session of the services' for one user, without confirmations (/api/ask, the team room). */
export function createUnconfirmedSession(
  services: SessionServices,
  userId: string,
  init: Partial<Pick<AssistantSession, 'area'>> = {},
): AssistantSession {
  const { db, storage, embedder, log } = services;
  return createSession({ db, storage, embedder, log, userId, canConfirm: false, ...init });
}
