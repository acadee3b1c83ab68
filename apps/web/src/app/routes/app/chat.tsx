import type { Attachment } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ChatView } from '@/features/chat/components/chat-view';
import { WelcomeDialog } from '@/features/chat/components/welcome-dialog';
import type { UploadFilesFn } from '@/features/chat/types';
import { toChatMessages } from '@/features/chat/utils/message-parts';
import { useConversation } from '@/features/conversations/api/get-conversation';
import { toAttachments, useUploadFiles } from '@/features/documents/api/upload-files';
import { DocumentStatusBadge } from '@/features/documents/components/document-status';
import { getUploadErrorMessage } from '@/features/documents/utils/get-upload-error-message';
import { isApiError } from '@/lib/api-client';
import { CONVERSATIONS_QUERY_KEY, DAILY_UPDATES_QUERY_KEY } from '@/lib/query-keys';
import { ChatLayout } from '../../layouts/chat-layout';
import { useActiveConversation } from './use-active-conversation';

function renderAttachmentStatus(attachment: Attachment) {
  return attachment.documentId ? <DocumentStatusBadge documentId={attachment.documentId} /> : null;
}

/**
 * /chat: the conversation in the URL (or a new one) with the sidebar and header of the chat layout. Composes the
 * chat, conversations, documents and daily-updates features; they do not know each other.
 */
export function ChatRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { conversation, selectConversation, startNewConversation, markConversationStarted } = useActiveConversation();
  const detail = useConversation({
    conversationId: conversation.id,
    queryConfig: { enabled: conversation.shouldLoad },
  });
  const upload = useUploadFiles();

  const isNotFound = conversation.shouldLoad && isApiError(detail.error) && detail.error.status === 404;
  useEffect(() => {
    if (!isNotFound) return;
    toast.error(t('chat.conversationNotFound'));
    startNewConversation();
  }, [isNotFound, startNewConversation, t]);

  const uploadFiles: UploadFilesFn = async (files) => {
    try {
      return toAttachments(await upload.mutateAsync(files));
    } catch (error) {
      throw new Error(getUploadErrorMessage(t, error));
    }
  };

  const refreshAfterReply = () => {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: DAILY_UPDATES_QUERY_KEY });
  };

  const content = (() => {
    if (!conversation.shouldLoad) {
      return (
        <ChatView
          key={conversation.id}
          conversationId={conversation.id}
          initialMessages={[]}
          uploadFiles={uploadFiles}
          renderAttachmentStatus={renderAttachmentStatus}
          onMessageSent={markConversationStarted}
          onReplyFinished={refreshAfterReply}
        />
      );
    }
    if (detail.isPending || isNotFound) return <PageSpinner label={t('chat.loadingConversation')} />;
    if (detail.isError) {
      return (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-muted-foreground">{t('chat.loadConversationFailed')}</p>
          <Button variant="outline" onClick={() => void detail.refetch()}>
            {t('chat.retry')}
          </Button>
        </div>
      );
    }
    return (
      <ChatView
        key={conversation.id}
        conversationId={conversation.id}
        initialMessages={toChatMessages(detail.data.messages)}
        uploadFiles={uploadFiles}
        renderAttachmentStatus={renderAttachmentStatus}
        onMessageSent={markConversationStarted}
        onReplyFinished={refreshAfterReply}
      />
    );
  })();

  return (
    <ChatLayout
      activeConversationId={conversation.id}
      onNewChat={startNewConversation}
      onSelectConversation={selectConversation}
      onConversationDeleted={(conversationId) => {
        if (conversationId === conversation.id) startNewConversation();
      }}
    >
      <WelcomeDialog />
      {content}
    </ChatLayout>
  );
}
