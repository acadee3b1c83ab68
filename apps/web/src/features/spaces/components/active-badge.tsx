import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** A space's status in Spaces Management: every space the user sees is active. */
export function ActiveBadge() {
  const { t } = useTranslation('spaces');
  return (
    <Badge className="border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">{t('active')}</Badge>
  );
}
