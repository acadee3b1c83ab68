import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { AccountMenuContent, UserAvatar, useAccountMenuLabel, useDisplayName } from './account-menu';

/** The signed-in user's name, opening a menu with their email and Sign Out. */
export function UserMenu() {
  const label = useAccountMenuLabel();
  const { displayName } = useDisplayName();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={label}>
          <UserAvatar className="size-7" />
          <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
        </Button>
      </DropdownMenuTrigger>
      <AccountMenuContent align="end" />
    </DropdownMenu>
  );
}
