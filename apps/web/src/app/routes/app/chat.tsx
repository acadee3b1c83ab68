import type { Attachment, UploadRefusal } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WelcomeDialog } from '@/features/chat/components/welcome-dialog';
import type { UploadFilesFn } from '@/features/chat/types';
import { toAttachments, useUploadFiles } from '@/features/documents/api/upload-files';
import { DocumentStatusBadge } from '@/features/documents/components/document-status';
import { getUploadErrorMessage } from '@/features/documents/utils/get-upload-error-message';
import { CONVERSATIONS_QUERY_KEY, DAILY_UPDATES_QUERY_KEY } from '@/lib/query-keys';
import { uploadRefusalsOf, uploadRefusalText } from '@/lib/server-error-text';
import { ChatLayout } from '../../layouts/chat-layout';
import { ConversationPane } from './conversation-pane';
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
  const upload = useUploadFiles();

  const uploadFiles: UploadFilesFn = async (files) => {
    const describe = (refused: UploadRefusal[]) =>
      refused.map((refusal) => ({ name: refusal.name, reason: uploadRefusalText(t, refusal) }));
    try {
      const response = await upload.mutateAsync(files);
      return { attachments: toAttachments(response), refused: describe(response.refused) };
    } catch (error) {
      // Every file refused: the answer lists each, so the chat can say why file by file.
      const refused = uploadRefusalsOf(error);
      if (refused.length > 0) return { attachments: [], refused: describe(refused) };
      throw new Error(getUploadErrorMessage(t, error));
    }
  };

  const refreshAfterReply = () => {
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY, exact: true });
    void queryClient.invalidateQueries({ queryKey: DAILY_UPDATES_QUERY_KEY });
  };

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
      <ConversationPane
        conversation={conversation}
        onNotFound={startNewConversation}
        uploadFiles={uploadFiles}
        renderAttachmentStatus={renderAttachmentStatus}
        onMessageSent={markConversationStarted}
        onReplyFinished={refreshAfterReply}
      />
    </ChatLayout>
  );
}
