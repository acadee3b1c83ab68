import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { AccountMenuContent, UserAvatar, useDisplayName } from './account-menu';

/** The signed-in user's name, opening a menu with their email and Sign Out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { displayName } = useDisplayName();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={t('userMenu.trigger')}>
          <UserAvatar className="size-7" />
          <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
        </Button>
      </DropdownMenuTrigger>
      <AccountMenuContent align="end" />
    </DropdownMenu>
  );
}
