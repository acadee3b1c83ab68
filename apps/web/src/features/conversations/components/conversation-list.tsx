import { MessageSquareIcon, Trash2Icon } from 'lucide-react';
import { SidebarMenu, SidebarMenuAction, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { useConversationList } from '../hooks/use-conversation-list';
import { getDateLabel } from '../utils/conversation-labels';

type ConversationListProps = {
  activeConversationId: string;
  onSelect: (conversationId: string) => void;
  /** A conversation was deleted (the chat starts a new one when it was the open one). */
  onDeleted?: (conversationId: string) => void;
  /** For tests: the moment 'Today' is measured from. */
  now?: Date;
};

/** The user's conversations from the server, each with its title and a Today / Yesterday / date label. */
export function ConversationList({ activeConversationId, onSelect, onDeleted, now }: ConversationListProps) {
  const { t, language, list, deletion, formatDate, formatTitle } = useConversationList({
    onDeleted,
  });

  if (list.isPending) return <Spinner label={t('conversations.loading')} className="mx-2 my-1" />;
  if (list.isError) return <p className="px-2 text-muted-foreground text-xs">{t('conversations.loadFailed')}</p>;
  const conversations = list.data;
  if (conversations.length === 0)
    return <p className="px-2 text-muted-foreground text-xs">{t('conversations.empty')}</p>;

  const today = now ?? new Date();
  return (
    <SidebarMenu aria-label={t('conversations.title')}>
      {conversations.map((conversation) => {
        const title = formatTitle(conversation);
        const date = formatDate(getDateLabel(conversation.updatedAt, today, language));
        return (
          <SidebarMenuItem key={conversation.id}>
            <SidebarMenuButton
              size="lg"
              isActive={conversation.id === activeConversationId}
              aria-current={conversation.id === activeConversationId ? 'page' : undefined}
              onClick={() => onSelect(conversation.id)}
              className="pr-7"
            >
              <MessageSquareIcon aria-hidden="true" />
              <span className="flex min-w-0 flex-col">
                <span className="truncate">{title}</span>
                <span className="truncate text-sidebar-foreground/60 text-xs">{date}</span>
              </span>
            </SidebarMenuButton>
            <SidebarMenuAction
              aria-label={t('conversations.delete', { title })}
              disabled={deletion.isPending}
              onClick={() => {
                if (window.confirm(t('conversations.confirmDelete', { title }))) deletion.mutate(conversation.id);
              }}
            >
              <Trash2Icon aria-hidden="true" />
            </SidebarMenuAction>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}
