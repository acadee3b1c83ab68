import { LanguageSelect } from '@/components/language-select';
import { LazyThemeToggle } from '@/components/lazy-theme-toggle';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

/** The slim header of the public pages: logo home, theme and language. */
export function PublicHeader() {
  return (
    <header className="border-b">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo to={paths.home.getHref()} />
        <div className="flex items-center gap-2">
          <LazyThemeToggle />
          <LanguageSelect />
        </div>
      </div>
    </header>
  );
}
