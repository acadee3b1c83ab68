import { useTranslation } from 'react-i18next';
import { LogoAnchor } from '@/components/logo-mark';
import { PublicHeader } from '@/components/public-header';
import { SkipLink } from '@/components/skip-link';
import { paths } from '@/config/paths';
import { SKIP_TARGETS } from '@/config/ui';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHero } from '@/features/landing/components/landing-hero';

/**
 * The landing page. It renders inside the router (a link to `/` within the app) and on its own when the visit starts
 * here (`app/render-landing.tsx`): it uses no router, query client or tailwind-merge, so its links are plain ones.
 */
export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <PublicHeader logo={<LogoAnchor href={paths.home.getHref()} />} />
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <LandingFeatures />
      </main>
      <LandingFooter />
    </div>
  );
}
