import { useTranslation } from 'react-i18next';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t">
      <p className="mx-auto max-w-6xl px-4 py-8 text-center text-muted-foreground text-sm">{t('landing.footer')}</p>
    </footer>
  );
}
