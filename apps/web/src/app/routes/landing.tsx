import { LanguageSelect } from '@/components/language-select';
import { LazyThemeToggle } from '@/components/lazy-theme-toggle';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHero } from '@/features/landing/components/landing-hero';

export function LandingRoute() {
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
      <main className="flex-1">
        <LandingHero />
        <LandingFeatures />
      </main>
      <LandingFooter />
    </div>
  );
}
