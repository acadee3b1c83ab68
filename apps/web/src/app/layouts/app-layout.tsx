import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { Logo } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { paths } from '@/config/paths';
import { SKIP_TARGETS } from '@/config/ui';
import { UserMenu } from '@/features/auth/components/user-menu';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { RealtimeStatusBadge } from '../realtime/realtime-status-badge';
import { useDocumentTitle } from './use-document-title';

/** The signed-in shell: logo, page title, theme, language and the account menu. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const title = useDocumentTitle();

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="flex h-14 items-center gap-4 px-4">
          <Logo to={paths.chat.getHref()} />
          {title ? (
            <>
              <span aria-hidden="true" className="h-5 w-px bg-border" />
              <p className="truncate font-medium text-muted-foreground text-sm">{title}</p>
            </>
          ) : null}
          <div className="ml-auto flex items-center gap-2">
            <RealtimeStatusBadge className="hidden sm:flex" />
            <ThemeToggle />
            <LanguageSelect isHiddenOnSmallScreens />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="flex flex-1 flex-col gap-6 p-6 outline-none">
        {children}
      </main>
    </div>
  );
}
