import type { ReactNode } from 'react';
import { LanguageSelect } from '@/components/language-select';
import { LazyThemeToggle } from '@/components/lazy-theme-toggle';

/**
 * The slim header of the public pages: the logo linking home, theme and language. The page gives the logo: a router
 * link on the sign-in pages, a plain one on the landing page, which renders without the router (ADR 0118).
 */
export function PublicHeader({ logo }: { logo: ReactNode }) {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        {logo}
        <div className="flex items-center gap-2">
          <LazyThemeToggle />
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
