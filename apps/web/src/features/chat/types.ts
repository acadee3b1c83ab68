import type { Attachment, ChatDataParts, ChatMessageMetadata, Citation } from '@lumen/contract';
import type { UIMessage } from 'ai';

/** A file the server refused, with why in the reader's words (the text names the file). */
export type RefusedUpload = { name: string; reason: string };

/**
 * A file upload shown as a user message: 'Uploading...' while it travels, then the files stored and those refused,
 * each on its own, or the reason it failed as a whole.
 */
export type UploadNotice =
  | { status: 'uploading'; fileNames: string[] }
  | { status: 'uploaded'; fileNames: string[]; attachments: Attachment[]; refused: RefusedUpload[] }
  | { status: 'failed'; fileNames: string[]; error: string; refused: RefusedUpload[] };

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

/** What an upload did: one attachment per stored file, and the files refused one by one. */
export type UploadOutcome = { attachments: Attachment[]; refused: RefusedUpload[] };

/**
 * Uploads the chosen files; resolves with the files stored and those refused (all of them refused is an outcome too),
 * rejects with the reason when the upload failed as a whole.
 */
export type UploadFilesFn = (files: File[]) => Promise<UploadOutcome>;
