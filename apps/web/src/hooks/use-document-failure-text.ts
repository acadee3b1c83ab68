import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFailureText } from '@/lib/document-failure-text';

/** `failureText(error)`: why a document was not indexed, in the reader's language (see `documentFailureText`). */
export function useDocumentFailureText() {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  return useCallback((error: string): string => documentFailureText(t, error, language), [t, language]);
}
