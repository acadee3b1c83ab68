import type { ReactNode } from 'react';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
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

/** The chat's own shell: the collapsible sidebar, the header, and the conversation filling the rest. */
export function ChatLayout({ children, ...sidebarProps }: ChatLayoutProps) {
  const title = useDocumentTitle();
  const applyTheme = useSavedPreferences();
  return (
    <SidebarProvider>
      <ChatSidebar {...sidebarProps} />
      <SidebarInset className="h-svh max-h-svh overflow-hidden">
        <ChatHeader title={title} onThemeChange={applyTheme} />
        <main className="flex min-h-0 flex-1 flex-col">{children}</main>
      </SidebarInset>
    </SidebarProvider>
  );
}
