import { useChat } from '@ai-sdk/react';
import type { Attachment, DocumentSource } from '@lumen/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { createUuid } from '@/lib/uuid';
import { createChatTransport } from '../api/chat-transport';
import type { ChatMessage, UploadFilesFn, UploadNotice } from '../types';
import { ChatEmptyReplyError, describeChatError } from '../utils/chat-errors';
import { collectPendingAttachments, getMessageText, getThinkingType, isEmptyReply } from '../utils/message-parts';
import { toSpokenText } from '../utils/spoken-text';
import { AnswerAnnouncer } from './answer-announcer';
import { Composer } from './composer';
import { EmptyState } from './empty-state';
import { ErrorBar } from './error-bar';
import { MessageList } from './message-list';

export type ChatViewProps = {
  /** The conversation (a UUID the client chose; the server creates it with the first message). */
  conversationId: string;
  /** Its stored messages (empty for a new conversation). */
  initialMessages: ChatMessage[];
  /** A space's chat: the conversation belongs to that space, and the assistant reads only its files. */
  spaceId?: string | undefined;
  /** Questions about one platform only (the /notion page): the assistant reads only that platform's documents. */
  platform?: DocumentSource | undefined;
  /** Without it, the composer offers no file picker. */
  uploadFiles?: UploadFilesFn | undefined;
  renderAttachmentStatus?: ((attachment: Attachment) => ReactNode) | undefined;
  /** Shown before the first message instead of the chat's own welcome. */
  emptyState?: ReactNode;
  /** The composer's placeholder, instead of 'Type your message...'. */
  placeholder?: string | undefined;
  /** How a failure (or an empty reply) reads, instead of the chat's texts: a space's chat keeps its own wording. */
  describeError?: ((error: unknown) => string) | undefined;
  /** The user sent a message (the conversation now exists on the server). */
  onMessageSent?: ((conversationId: string) => void) | undefined;
  /** A reply finished, failed or stopped: lists and counters may have changed. */
  onReplyFinished?: (() => void) | undefined;
};

function describeUploadError(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function createErrorNotice(text: string): ChatMessage {
  return {
    id: `error-${createUuid()}`,
    role: 'assistant',
    parts: [{ type: 'text', text }],
    metadata: { createdAt: new Date().toISOString(), isErrorNotice: true },
  };
}

/** One conversation: its messages, the thinking indicator, the composer and the error bar. */
export function ChatView({
  conversationId,
  initialMessages,
  spaceId,
  platform,
  uploadFiles,
  renderAttachmentStatus,
  emptyState,
  placeholder,
  describeError,
  onMessageSent,
  onReplyFinished,
}: ChatViewProps) {
  const { t } = useTranslation();
  const [errorText, setErrorText] = useState<string | null>(null);
  // The completed answer for screen readers (the polite live region); empty while a reply streams.
  const [announcement, setAnnouncement] = useState('');
  const transport = useMemo(() => createChatTransport({ spaceId, platform }), [spaceId, platform]);

  const { messages, setMessages, sendMessage, status, error, addToolApprovalResponse, clearError } =
    useChat<ChatMessage>({
      id: conversationId,
      messages: initialMessages,
      transport,
      generateId: createUuid,
      onFinish: ({ message, isAbort, isError }) => {
        if (!isAbort && !isError && isEmptyReply(message)) showError(new ChatEmptyReplyError());
        if (!isAbort && !isError && message.role === 'assistant')
          setAnnouncement(toSpokenText(getMessageText(message)));
        onReplyFinished?.();
      },
    });

  // Errors show twice: as an assistant message in the chat, and in the bar under the composer.
  const showError = useCallback(
    (error: unknown) => {
      const text = describeError ? describeError(error) : describeChatError(t, error);
      setErrorText(text);
      setMessages((current) => [...current, createErrorNotice(text)]);
    },
    [t, setMessages, describeError],
  );

  // Every failed request ends in the chat's error state (also failures that are not `Error` instances); each is
  // shown once.
  const shownError = useRef<unknown>(undefined);
  useEffect(() => {
    if (!error || error === shownError.current) return;
    shownError.current = error;
    showError(error);
  }, [error, showError]);

  const isLoading = status === 'submitted' || status === 'streaming';

  const sentUploadIds = useRef(new Set<string>());
  const send = (text: string) => {
    const { uploadIds, attachments } = collectPendingAttachments(messages, sentUploadIds.current);
    for (const id of uploadIds) sentUploadIds.current.add(id);
    setErrorText(null);
    setAnnouncement('');
    sendMessage({
      text,
      metadata: { createdAt: new Date().toISOString(), ...(attachments.length > 0 ? { attachments } : {}) },
    }).catch(showError);
    onMessageSent?.(conversationId);
  };

  const updateUpload = (id: string, notice: UploadNotice) =>
    setMessages((current) =>
      current.map((message) =>
        message.id === id ? { ...message, metadata: { ...message.metadata, upload: notice } } : message,
      ),
    );

  const attachFiles = async (upload: UploadFilesFn, files: File[]) => {
    const id = `upload-${createUuid()}`;
    const fileNames = files.map((file) => file.name);
    setMessages((current) => [
      ...current,
      {
        id,
        role: 'user',
        parts: [],
        metadata: { createdAt: new Date().toISOString(), upload: { status: 'uploading', fileNames } },
      },
    ]);
    try {
      const { attachments, refused } = await upload(files);
      if (attachments.length > 0) {
        updateUpload(id, { status: 'uploaded', fileNames: attachments.map((file) => file.name), attachments, refused });
        return;
      }
      // Every file refused: the notice lists each with its reason; the error bar gives the first.
      updateUpload(id, { status: 'failed', fileNames, error: t('chat.upload.noneUploaded'), refused });
      setErrorText(refused[0]?.reason ?? t('chat.upload.noneUploaded'));
    } catch (error) {
      const reason = describeUploadError(error);
      updateUpload(id, { status: 'failed', fileNames, error: reason, refused: [] });
      setErrorText(reason);
    }
  };

  const respondToApproval = async (approvalId: string, isApproved: boolean) => {
    await addToolApprovalResponse({ id: approvalId, approved: isApproved });
    setAnnouncement('');
    await sendMessage().catch(showError);
  };

  const dismissError = () => {
    setErrorText(null);
    clearError();
  };

  const isEmpty = messages.length === 0 && !isLoading;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <AnswerAnnouncer text={announcement} />
      {isEmpty ? (
        (emptyState ?? <EmptyState />)
      ) : (
        <MessageList
          messages={messages}
          isThinking={isLoading}
          thinkingType={status === 'streaming' ? getThinkingType(messages) : 'general'}
          renderAttachmentStatus={renderAttachmentStatus}
          onRespondToApproval={
            isLoading ? undefined : (approvalId, isApproved) => void respondToApproval(approvalId, isApproved)
          }
        />
      )}
      <div className="mx-auto w-full max-w-4xl space-y-2 px-4 pb-4">
        <Composer
          onSend={send}
          onAttachFiles={uploadFiles ? (files) => void attachFiles(uploadFiles, files) : undefined}
          isLoading={isLoading}
          placeholder={placeholder}
        />
        {errorText ? <ErrorBar message={errorText} onDismiss={dismissError} /> : null}
      </div>
    </div>
  );
}
