import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '@/components/screen-title';
import type { PageTitleKey } from '../../route-handle';

/** A screen whose content belongs to a later issue: its title only, no sample data. */
export function PlaceholderScreen({ titleKey, name = '' }: { titleKey: PageTitleKey; name?: string }) {
  const { t } = useTranslation();
  return <ScreenTitle>{t(`pages.${titleKey}`, { name })}</ScreenTitle>;
}
