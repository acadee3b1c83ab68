import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { LazyThemeToggle } from '@/components/lazy-theme-toggle';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

/** Sign-in, sign-up and invitation pages: a slim header and a centred column. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo to={paths.home.getHref()} />
          <div className="flex items-center gap-2">
            <LazyThemeToggle />
            <LanguageSelect />
          </div>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Outlet />
      </main>
    </div>
  );
}
