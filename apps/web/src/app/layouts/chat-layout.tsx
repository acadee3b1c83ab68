import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipLink } from '@/components/skip-link';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { SKIP_TARGETS } from '@/config/ui';
import { ChatHeader } from './chat/chat-header';
import { ChatSidebar } from './chat/chat-sidebar';
import { useSavedPreferences } from './chat/use-saved-preferences';
import { useDocumentTitle } from './use-document-title';

type ChatLayoutProps = {
  activeConversationId: string;
  onNewChat: () => void;
  onSelectConversation: (conversationId: string) => void;
  onConversationDeleted: (conversationId: string) => void;
  children: ReactNode;
};

/**
 * The chat's own shell: the collapsible sidebar (a named `<nav>`), the header, and the conversation filling the rest
 * (`<main>`). Its first Tab stop skips to the message composer.
 */
export function ChatLayout({ children, ...sidebarProps }: ChatLayoutProps) {
  const { t } = useTranslation();
  const title = useDocumentTitle();
  const applyTheme = useSavedPreferences();
  return (
    <SidebarProvider>
      <SkipLink targetId={SKIP_TARGETS.composer}>{t('common.skipToComposer')}</SkipLink>
      <ChatSidebar {...sidebarProps} />
      <SidebarInset className="h-svh max-h-svh overflow-hidden">
        <ChatHeader title={title} onThemeChange={applyTheme} />
        <main id={SKIP_TARGETS.main} className="flex min-h-0 flex-1 flex-col">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
