import {
  BarChart3Icon,
  BriefcaseIcon,
  ChevronRightIcon,
  FolderIcon,
  LayersIcon,
  type LucideIcon,
  PlusIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarSeparator,
  useSidebar,
} from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import { ConversationList } from '@/features/conversations/components/conversation-list';
import { DailyUpdatesList } from '@/features/daily-updates/components/daily-updates-list';
import { useRole } from '@/features/me/api/get-role';
import { SidebarSpaces } from '@/features/spaces/components/sidebar-spaces';
import { UserCard } from './user-card';

type NavLink = { label: string; to: string };

/** A collapsible sidebar group. Collapsed to icons, its icon opens the sidebar instead. */
function CollapsibleGroup({
  title,
  icon: Icon,
  isOpenByDefault = false,
  children,
}: {
  title: string;
  icon: LucideIcon;
  isOpenByDefault?: boolean;
  children: ReactNode;
}) {
  const { state, setOpen } = useSidebar();
  return (
    <Collapsible asChild defaultOpen={isOpenByDefault} className="group/collapsible">
      <SidebarMenuItem>
        <CollapsibleTrigger asChild>
          <SidebarMenuButton
            onClick={(event) => {
              if (state !== 'collapsed') return;
              event.preventDefault();
              setOpen(true);
            }}
          >
            <Icon aria-hidden="true" />
            <span>{title}</span>
            <ChevronRightIcon
              aria-hidden="true"
              className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
            />
          </SidebarMenuButton>
        </CollapsibleTrigger>
        <CollapsibleContent className="group-data-[collapsible=icon]:hidden">{children}</CollapsibleContent>
      </SidebarMenuItem>
    </Collapsible>
  );
}

function NavLinks({ links }: { links: NavLink[] }) {
  return (
    <SidebarMenuSub>
      {links.map((link) => (
        <SidebarMenuSubItem key={link.to}>
          <SidebarMenuSubButton asChild>
            <Link to={link.to}>
              <span>{link.label}</span>
            </Link>
          </SidebarMenuSubButton>
        </SidebarMenuSubItem>
      ))}
    </SidebarMenuSub>
  );
}

type ChatSidebarProps = {
  activeConversationId: string;
  onNewChat: () => void;
  onSelectConversation: (conversationId: string) => void;
  onConversationDeleted: (conversationId: string) => void;
};

/**
 * New Chat, the conversations, and the groups Daily Updates, Spaces, Team Management and Assets, the Workspace entry
 * and the user card. The Spaces group lists the user's spaces (composed from the spaces feature).
 */
export function ChatSidebar({
  activeConversationId,
  onNewChat,
  onSelectConversation,
  onConversationDeleted,
}: ChatSidebarProps) {
  const { t } = useTranslation();
  const { isMobile, setOpenMobile } = useSidebar();
  const role = useRole();
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar mobileTitle={t('chat.sidebar.title')}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              className="bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground focus-visible:ring-offset-2 focus-visible:ring-offset-sidebar"
              onClick={() => {
                onNewChat();
                closeOnMobile();
              }}
            >
              <PlusIcon aria-hidden="true" />
              <span>{t('chat.sidebar.newChat')}</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup className="group-data-[collapsible=icon]:hidden">
          <SidebarGroupLabel>{t('conversations.title')}</SidebarGroupLabel>
          <SidebarGroupContent>
            <ConversationList
              activeConversationId={activeConversationId}
              onSelect={(conversationId) => {
                onSelectConversation(conversationId);
                closeOnMobile();
              }}
              onDeleted={onConversationDeleted}
            />
          </SidebarGroupContent>
        </SidebarGroup>
        <SidebarSeparator />
        <SidebarGroup>
          <SidebarMenu>
            <CollapsibleGroup title={t('dailyUpdates.title')} icon={BarChart3Icon} isOpenByDefault>
              <div className="pt-1">
                <DailyUpdatesList />
              </div>
            </CollapsibleGroup>
            <CollapsibleGroup title={t('chat.sidebar.spaces.title')} icon={LayersIcon}>
              <SidebarSpaces canCreateSpaces={role.data?.canManageTeam ?? false} onNavigate={closeOnMobile} />
            </CollapsibleGroup>
            <CollapsibleGroup title={t('chat.sidebar.team.title')} icon={UsersIcon}>
              <NavLinks
                links={[
                  { label: t('chat.sidebar.team.overview'), to: paths.teamManagement.getHref() },
                  { label: t('chat.sidebar.team.members'), to: paths.teamManagement.getHref({ tab: 'members' }) },
                  {
                    label: t('chat.sidebar.team.departments'),
                    to: paths.teamManagement.getHref({ tab: 'departments' }),
                  },
                  { label: t('chat.sidebar.team.invite'), to: paths.teamManagement.getHref({ action: 'invite' }) },
                ]}
              />
            </CollapsibleGroup>
            <CollapsibleGroup title={t('chat.sidebar.assets.title')} icon={FolderIcon}>
              <NavLinks
                links={[
                  { label: t('chat.sidebar.assets.all'), to: paths.assets.getHref() },
                  { label: t('chat.sidebar.assets.processed'), to: paths.assets.getHref({ filter: 'processed' }) },
                  { label: t('chat.sidebar.assets.unprocessed'), to: paths.assets.getHref({ filter: 'unprocessed' }) },
                  { label: t('chat.sidebar.assets.upload'), to: paths.assets.getHref({ action: 'upload' }) },
                ]}
              />
            </CollapsibleGroup>
            <SidebarMenuItem>
              <SidebarMenuButton asChild>
                <Link to={paths.workspace.getHref()}>
                  <BriefcaseIcon aria-hidden="true" />
                  <span>{t('chat.sidebar.workspace')}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <UserCard />
      </SidebarFooter>
    </Sidebar>
  );
}
