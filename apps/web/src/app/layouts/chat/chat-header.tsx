import type { Theme } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { ConnectedServicesDialog } from '@/features/integrations/components/connected-services-dialog';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { RealtimeStatusBadge } from '../../realtime/realtime-status-badge';
import { SettingsPopover } from './settings-popover';

/** Sidebar trigger, logo and title, the live-link badge, connected services, theme toggle and settings. */
export function ChatHeader({ title, onThemeChange }: { title: string | null; onThemeChange: (theme: Theme) => void }) {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SidebarTrigger aria-label={t('chat.sidebar.toggle')} />
      <span aria-hidden="true" className="h-5 w-px bg-border" />
      <Logo to={paths.chat.getHref()} className="text-base" />
      {title ? <h1 className="hidden truncate font-medium text-muted-foreground text-sm sm:block">{title}</h1> : null}
      <div className="ml-auto flex items-center gap-1">
        <RealtimeStatusBadge className="mr-1 hidden sm:flex" />
        <ConnectedServicesDialog isSignedIn={isAuthenticated} />
        <ThemeToggle />
        <SettingsPopover onThemeChange={onThemeChange} />
      </div>
    </header>
  );
}
