import type { Attachment, ChatDataParts, ChatMessageMetadata, Citation } from '@lumen/contract';
import type { UIMessage } from 'ai';

/** A file upload shown as a user message: 'Uploading...' while it travels, then the files or the reason it failed. */
export type UploadNotice =
  | { status: 'uploading'; fileNames: string[] }
  | { status: 'uploaded'; fileNames: string[]; attachments: Attachment[] }
  | { status: 'failed'; fileNames: string[]; error: string };

/**
 * What a chat message carries besides its parts: the contract's metadata, the citations of a stored answer, and two
 * client-only markers: an upload notice, and an error notice. Neither marker is ever sent to the server.
 */
export type ChatMessageMeta = ChatMessageMetadata & {
  citations?: Citation[];
  upload?: UploadNotice;
  isErrorNotice?: boolean;
};

export type ChatMessage = UIMessage<ChatMessageMeta, ChatDataParts>;
export type ChatMessagePart = ChatMessage['parts'][number];

/** Uploads the chosen files; resolves with one attachment per stored file (rejects with the server's error). */
export type UploadFilesFn = (files: File[]) => Promise<Attachment[]>;
