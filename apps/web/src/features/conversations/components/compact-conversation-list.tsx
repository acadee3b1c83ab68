import { MessageSquareIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useConversationList } from '../hooks/use-conversation-list';
import { getDateLabel } from '../utils/conversation-labels';

type CompactConversationListProps = {
  /** Whose conversations: one space's; without it, those of the main chat. */
  spaceId?: string | undefined;
  activeConversationId: string;
  onSelect: (conversationId: string) => void;
  onNewChat: () => void;
  /** A conversation was deleted (the page starts a new one when it was the open one). */
  onDeleted?: ((conversationId: string) => void) | undefined;
  /** For tests: the moment 'Today' is measured from. */
  now?: Date;
};

/**
 * The user's conversations for a page without the chat sidebar (a space's chat): 'New chat', then each conversation
 * with its title and day, to pick one and continue it.
 */
export function CompactConversationList({
  spaceId,
  activeConversationId,
  onSelect,
  onNewChat,
  onDeleted,
  now,
}: CompactConversationListProps) {
  const { t, language, list, deletion, formatDate, formatTitle } = useConversationList({
    spaceId,
    onDeleted,
  });

  const content = (() => {
    if (list.isPending) return <Spinner label={t('conversations.loading')} className="mx-2 my-1" />;
    if (list.isError) return <p className="px-2 text-muted-foreground text-xs">{t('conversations.loadFailed')}</p>;
    const conversations = list.data;
    if (conversations.length === 0) {
      return <p className="px-2 text-muted-foreground text-xs">{t('conversations.empty')}</p>;
    }
    const today = now ?? new Date();
    return (
      <ul aria-label={t('conversations.title')} className="grid gap-1">
        {conversations.map((conversation) => {
          const title = formatTitle(conversation);
          const isActive = conversation.id === activeConversationId;
          return (
            <li key={conversation.id} className="group relative">
              <button
                type="button"
                aria-current={isActive ? 'page' : undefined}
                onClick={() => onSelect(conversation.id)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-left text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && 'bg-accent font-medium',
                )}
              >
                <MessageSquareIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{title}</span>
                  <span className="truncate text-muted-foreground text-xs">
                    {formatDate(getDateLabel(conversation.updatedAt, today, language))}
                  </span>
                </span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('conversations.delete', { title })}
                disabled={deletion.isPending}
                className="absolute top-1/2 right-1 size-7 -translate-y-1/2 opacity-60 hover:opacity-100"
                onClick={() => {
                  if (window.confirm(t('conversations.confirmDelete', { title }))) deletion.mutate(conversation.id);
                }}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
    );
  })();

  return (
    <div className="flex min-h-0 flex-col gap-2">
      <Button variant="outline" size="sm" className="justify-start" onClick={onNewChat}>
        <PlusIcon aria-hidden="true" />
        {t('conversations.newChat')}
      </Button>
      <div className="min-h-0 flex-1 overflow-y-auto">{content}</div>
    </div>
  );
}
