import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title';

/** Keeps the browser tab's title at '<page> · Lumen'; returns the page title. */
export function useDocumentTitle(): string | null {
  const { t } = useTranslation();
  const title = usePageTitle();
  const productName = t('common.productName');
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
  return title;
}
