import type { SpaceFile } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ChatEmptyReplyError, describeChatErrorReason } from '@/features/chat/utils/chat-errors';
import { getConversationsQueryKey } from '@/features/conversations/api/get-conversations';
import { CompactConversationList } from '@/features/conversations/components/compact-conversation-list';
import { SpaceChatWelcome } from '@/features/spaces/components/space-chat-welcome';
import { DAILY_UPDATES_QUERY_KEY } from '@/lib/query-keys';
import { ConversationPane } from './conversation-pane';
import { useActiveConversation } from './use-active-conversation';

type SpaceChatProps = {
  spaceId: string;
  spaceName: string;
  /** The space's files, listed in the welcome. */
  files: SpaceFile[];
};

/**
 * A space's chat (docs/product-rules.md#space-chat): the chat of /chat scoped to the space (streamed, cited, saved), beside the user's
 * conversations of this space. The open one is in the URL (`?c=`), as on /chat. Composes the chat, conversations and
 * spaces features; the space chat keeps its own texts (placeholder, welcome, empty reply, 'Connection Error').
 */
export function SpaceChat({ spaceId, spaceName, files }: SpaceChatProps) {
  const { t } = useTranslation('spaces');
  const { t: tChat } = useTranslation();
  const queryClient = useQueryClient();
  const { conversation, selectConversation, startNewConversation, markConversationStarted } = useActiveConversation();

  const describeError = useCallback(
    (error: unknown) =>
      error instanceof ChatEmptyReplyError
        ? t('chat.emptyReply')
        : t('chat.connectionError', { message: describeChatErrorReason(tChat, error) }),
    [t, tChat],
  );

  const refreshAfterReply = () => {
    void queryClient.invalidateQueries({ queryKey: getConversationsQueryKey(spaceId), exact: true });
    void queryClient.invalidateQueries({ queryKey: DAILY_UPDATES_QUERY_KEY });
  };

  return (
    <Card
      role="region"
      aria-label={t('chat.label')}
      className="grid h-[70vh] min-h-[28rem] grid-rows-[auto_minmax(0,1fr)] gap-0 overflow-hidden py-0 md:grid-cols-[15rem_minmax(0,1fr)] md:grid-rows-1"
    >
      <aside
        aria-label={tChat('conversations.title')}
        className="flex max-h-40 min-h-0 flex-col border-b p-3 md:max-h-none md:border-r md:border-b-0"
      >
        <CompactConversationList
          spaceId={spaceId}
          activeConversationId={conversation.id}
          onSelect={selectConversation}
          onNewChat={startNewConversation}
          onDeleted={(conversationId) => {
            if (conversationId === conversation.id) startNewConversation();
          }}
        />
      </aside>
      <div className="flex min-h-0 flex-col pt-2">
        <ConversationPane
          conversation={conversation}
          onNotFound={startNewConversation}
          spaceId={spaceId}
          emptyState={<SpaceChatWelcome spaceName={spaceName} files={files} />}
          placeholder={t('chat.placeholder', { name: spaceName })}
          describeError={describeError}
          onMessageSent={markConversationStarted}
          onReplyFinished={refreshAfterReply}
        />
      </div>
    </Card>
  );
}
