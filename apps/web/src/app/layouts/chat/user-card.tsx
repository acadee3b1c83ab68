import { BriefcaseIcon, ChevronsUpDownIcon, LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { getDisplayName } from '@/features/auth/utils/get-display-name';

/**
 * The signed-in user at the bottom of the sidebar (avatar or initials, name, plan); it opens the account menu with the
 * email, the workspace and Sign Out.
 */
export function UserCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const displayName = getDisplayName(user, t('userMenu.fallbackName'));
  const initials =
    displayName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('') || 'U';

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg" aria-label={t('userMenu.trigger')} data-testid="user-card">
              {user?.image ? (
                <img
                  src={user.image}
                  alt=""
                  className="size-8 shrink-0 rounded-full object-cover"
                  referrerPolicy="no-referrer"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 font-medium text-primary text-xs"
                >
                  {initials}
                </span>
              )}
              <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
                <span className="truncate font-medium">{displayName}</span>
                <span className="truncate text-sidebar-foreground/60 text-xs">{t('chat.plan')}</span>
              </span>
              <ChevronsUpDownIcon aria-hidden="true" className="ml-auto" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent side="top" align="start" className="w-60">
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="truncate">{displayName}</span>
              {user?.email ? (
                <span className="truncate font-normal text-muted-foreground text-xs">{user.email}</span>
              ) : null}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={paths.workspace.getHref()}>
                <BriefcaseIcon />
                {t('chat.sidebar.workspace')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut()}>
              <LogOutIcon />
              {t('userMenu.signOut')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
