import { LogOutIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';
import { getDisplayName } from '../utils/get-display-name';

/** The signed-in user's display name (docs/product-rules.md#sign-in-and-accounts), with the translated fallback. */
export function useDisplayName() {
  const { t } = useTranslation();
  const { user } = useSession();
  return { user, displayName: getDisplayName(user, t('userMenu.fallbackName')) };
}

function getInitials(displayName: string): string {
  const initials = displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return initials || 'U';
}

/**
 * The account menu button's accessible name: its visible text first (the initials, unless a picture shows, then the
 * name), then 'Account menu', so speech input users can say what they see (WCAG 2.5.3 Label in Name).
 */
export function useAccountMenuLabel(): string {
  const { t } = useTranslation();
  const { user, displayName } = useDisplayName();
  const visible = user?.image ? displayName : `${getInitials(displayName)} ${displayName}`;
  return `${visible} – ${t('userMenu.trigger')}`;
}

/** The user's picture, or their initials on a tinted circle. */
export function UserAvatar({ className }: { className?: string }) {
  const { user, displayName } = useDisplayName();
  if (user?.image) {
    return (
      <img
        src={user.image}
        alt=""
        className={cn('shrink-0 rounded-full object-cover', className)}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary/15 font-medium text-primary-text text-xs',
        className,
      )}
    >
      {getInitials(displayName)}
    </span>
  );
}

/** The account menu's content: name and email, any extra items, then Sign Out. */
export function AccountMenuContent({
  children,
  ...contentProps
}: { children?: ReactNode } & ComponentProps<typeof DropdownMenuContent>) {
  const { t } = useTranslation();
  const { user, displayName } = useDisplayName();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <DropdownMenuContent className="w-60" {...contentProps}>
      <DropdownMenuLabel className="grid gap-0.5">
        <span className="truncate">{displayName}</span>
        {user?.email ? <span className="truncate font-normal text-muted-foreground text-xs">{user.email}</span> : null}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      {children}
      <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut()}>
        <LogOutIcon />
        {t('userMenu.signOut')}
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
