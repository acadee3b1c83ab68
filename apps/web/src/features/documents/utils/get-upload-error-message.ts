import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { reasonText } from '@/lib/server-error-text';

/**
 * Why an upload failed: the server's reason in the reader's words, else its own message (413 too large, 415 unsupported
 * type...), else a clear fallback.
 */
export function getUploadErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('documents.errors.failed');
  const serverText = reasonText(t, error.reason, error.params) ?? error.serverMessage;
  if (serverText) return serverText;
  if (error.isNetworkError) return t('documents.errors.network');
  if (error.status === 413) return t('documents.errors.tooLarge');
  if (error.status === 415) return t('documents.errors.unsupportedType');
  return t('documents.errors.failed');
}
