import { type Conversation, EMPTY_CONVERSATION_TITLE } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDeleteConversation } from '../api/delete-conversation';
import { useConversations } from '../api/get-conversations';
import { type DateLabel, getConversationTitle } from '../utils/conversation-labels';

/**
 * What both conversation lists (the chat sidebar's and a space page's) need: the list of one space's conversations or
 * the main chat's, the deletion (with its toast), and the translated titles and day labels.
 */
export function useConversationList({
  spaceId,
  onDeleted,
}: {
  spaceId?: string | undefined;
  onDeleted?: ((conversationId: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const list = useConversations({ spaceId });
  const deletion = useDeleteConversation({
    spaceId,
    mutationConfig: {
      onSuccess: (_data, conversationId) => onDeleted?.(conversationId),
      onError: () => toast.error(t('conversations.deleteFailed')),
    },
  });
  const formatDate = (label: DateLabel) => {
    if (label.kind === 'today') return t('conversations.today');
    if (label.kind === 'yesterday') return t('conversations.yesterday');
    return label.text;
  };
  const formatTitle = (conversation: Conversation) => {
    const title = getConversationTitle(conversation);
    return title === EMPTY_CONVERSATION_TITLE ? t('conversations.untitled') : title;
  };
  return { t, language: i18n.resolvedLanguage ?? 'en', list, deletion, formatDate, formatTitle };
}
