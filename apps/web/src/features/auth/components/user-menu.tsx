import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';
import { getDisplayName } from '../utils/get-display-name';

/** The signed-in user's name, opening a menu with their email and Sign Out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const displayName = getDisplayName(user, t('userMenu.fallbackName'));
  const initial = displayName.charAt(0).toUpperCase();

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={t('userMenu.trigger')}>
          {user?.image ? (
            <img src={user.image} alt="" className="size-7 rounded-full object-cover" referrerPolicy="no-referrer" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-primary/15 font-medium text-primary text-xs"
            >
              {initial}
            </span>
          )}
          <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{displayName}</span>
          {user?.email ? (
            <span className="truncate font-normal text-muted-foreground text-xs">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut()}>
          <LogOutIcon />
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
