import { BriefcaseIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import {
  AccountMenuContent,
  UserAvatar,
  useAccountMenuLabel,
  useDisplayName,
} from '@/features/auth/components/account-menu';

/**
 * The signed-in user at the bottom of the sidebar (avatar or initials, name, plan); it opens the account menu with the
 * email, the workspace and Sign Out.
 */
export function UserCard() {
  const { t } = useTranslation();
  const { displayName } = useDisplayName();
  const label = useAccountMenuLabel();
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg" aria-label={label} data-testid="user-card">
              <UserAvatar className="size-8" />
              <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
                <span className="truncate font-medium">{displayName}</span>
                <span className="truncate text-sidebar-foreground/60 text-xs">{t('chat.plan')}</span>
              </span>
              <ChevronsUpDownIcon aria-hidden="true" className="ml-auto" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <AccountMenuContent side="top" align="start">
            <DropdownMenuItem asChild>
              <Link to={paths.workspace.getHref()}>
                <BriefcaseIcon />
                {t('chat.sidebar.workspace')}
              </Link>
            </DropdownMenuItem>
          </AccountMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
