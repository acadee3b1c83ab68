import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ChatView, type ChatViewProps } from '@/features/chat/components/chat-view';
import { toChatMessages } from '@/features/chat/utils/message-parts';
import { useConversation } from '@/features/conversations/api/get-conversation';
import { isApiError } from '@/lib/api-client';
import type { ActiveConversation } from './use-active-conversation';

type ConversationPaneProps = Omit<ChatViewProps, 'conversationId' | 'initialMessages'> & {
  conversation: ActiveConversation;
  /** The conversation asked for is not there (or belongs to another chat): the page starts a new one. */
  onNotFound: () => void;
};

/**
 * The open conversation of a chat page (/chat, a space): a new one at once, or a stored one once its messages are
 * loaded, with the loading, failed and not-found states. Composes the chat and conversations features.
 */
export function ConversationPane({ conversation, onNotFound, ...chatProps }: ConversationPaneProps) {
  const { t } = useTranslation();
  const detail = useConversation({
    conversationId: conversation.id,
    queryConfig: { enabled: conversation.shouldLoad },
  });

  // A conversation of another space (or of the main chat) cannot continue here: the server would refuse it.
  const isElsewhere = detail.data !== undefined && detail.data.conversation.spaceId !== (chatProps.spaceId ?? null);
  const isNotFound =
    conversation.shouldLoad && ((isApiError(detail.error) && detail.error.status === 404) || isElsewhere);
  useEffect(() => {
    if (!isNotFound) return;
    toast.error(t('chat.conversationNotFound'));
    onNotFound();
  }, [isNotFound, onNotFound, t]);

  if (!conversation.shouldLoad) {
    return <ChatView key={conversation.id} conversationId={conversation.id} initialMessages={[]} {...chatProps} />;
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
      {...chatProps}
    />
  );
}
