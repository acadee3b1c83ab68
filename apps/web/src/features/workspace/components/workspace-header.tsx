import { ArrowLeftIcon, Building2Icon, LogOutIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

type WorkspaceHeaderProps = {
  teamName: string;
  /** The user's role badge ('member' when unknown). */
  roleBadge: ReactNode;
  /** The workspace search box. */
  search: ReactNode;
  email: string | null;
  /** The connected-services dialog's button (composed by the route: features do not import each other). */
  connectedServices?: ReactNode;
  onSignOut: () => void;
  isSigningOut: boolean;
};

/**
 * Back to Chat, the workspace's name and the user's role, the search, connected services, and who is signed in with
 * Sign Out.
 */
export function WorkspaceHeader({
  teamName,
  roleBadge,
  search,
  email,
  connectedServices,
  onSignOut,
  isSigningOut,
}: WorkspaceHeaderProps) {
  const { t } = useTranslation('workspace');
  const initial = email?.trim().charAt(0).toUpperCase() || '?';
  return (
    <header className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.chat.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('header.backToChat')}
          </Link>
        </Button>
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
            <Building2Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="truncate font-semibold text-xl tracking-tight">{t('title')}</h1>
            <p className="truncate text-muted-foreground text-sm">{teamName}</p>
          </div>
          <span className="flex items-center">
            <span className="sr-only">{t('header.yourRole')}</span>
            {roleBadge}
          </span>
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          {connectedServices}
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-medium text-primary-foreground text-sm"
          >
            {initial}
          </span>
          {email ? <span className="hidden max-w-56 truncate text-sm sm:inline">{email}</span> : null}
          <Button variant="outline" size="sm" disabled={isSigningOut} onClick={onSignOut}>
            <LogOutIcon aria-hidden="true" />
            {t('header.signOut')}
          </Button>
        </div>
      </div>
      {search}
    </header>
  );
}
