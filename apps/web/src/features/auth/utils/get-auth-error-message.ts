import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { serverErrorText } from '@/lib/server-error-text';

/**
 * The text to show for a failed auth call: the translation of the server's reason, else its message, else `fallback`
 * (e.g. 'Sign in failed'); a network failure gets its own message, and anything that is not an API error is 'An
 * unexpected error occurred'.
 */
export function getAuthErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return t('auth.toasts.unexpectedError');
  if (error.isNetworkError) return t('auth.toasts.networkError');
  return serverErrorText(t, error, fallback);
}
