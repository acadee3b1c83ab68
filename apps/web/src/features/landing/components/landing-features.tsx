import { BarChart3Icon, type LucideIcon, PaletteIcon, SearchIcon, TargetIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES: readonly {
  id: 'campaignIntelligence' | 'contentDiscovery' | 'brandConsistency' | 'omnichannelInsights';
  icon: LucideIcon;
}[] = [
  { id: 'campaignIntelligence', icon: TargetIcon },
  { id: 'contentDiscovery', icon: SearchIcon },
  { id: 'brandConsistency', icon: PaletteIcon },
  { id: 'omnichannelInsights', icon: BarChart3Icon },
];

export function LandingFeatures() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-features-title" className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20">
        <div className="mx-auto grid max-w-2xl gap-4 text-center">
          <h2 id="landing-features-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
            {t('landing.sectionTitle')}
          </h2>
          <p className="text-lg text-muted-foreground">{t('landing.sectionText')}</p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li key={id} className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold text-lg">{t(`landing.features.${id}.title`)}</h3>
              <p className="text-muted-foreground text-sm">{t(`landing.features.${id}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
