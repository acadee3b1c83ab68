import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Why an upload failed: the server's own words (413 too large, 415 unsupported type...), else a clear fallback. */
export function getUploadErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('documents.errors.failed');
  if (error.serverMessage) return error.serverMessage;
  if (error.isNetworkError) return t('documents.errors.network');
  if (error.status === 413) return t('documents.errors.tooLarge');
  if (error.status === 415) return t('documents.errors.unsupportedType');
  return t('documents.errors.failed');
}
