import { useTranslation } from 'react-i18next';
import { PublicHeader } from '@/components/public-header';
import { SkipLink } from '@/components/skip-link';
import { SKIP_TARGETS } from '@/config/ui';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHero } from '@/features/landing/components/landing-hero';

export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink targetId={SKIP_TARGETS.main}>{t('common.skipToMain')}</SkipLink>
      <PublicHeader />
      <main id={SKIP_TARGETS.main} tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <LandingFeatures />
      </main>
      <LandingFooter />
    </div>
  );
}
