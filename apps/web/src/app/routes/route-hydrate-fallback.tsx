import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/ui/spinner';

/** Shown while the first screen's code loads. */
export function RouteHydrateFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen">
      <PageSpinner label={t('common.loading')} />
    </div>
  );
}
