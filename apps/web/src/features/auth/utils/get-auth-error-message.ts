import { findAuthMessageKey } from '@lumen/contract';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Translates a shared validation message (AUTH_MESSAGES) by its key; other text is returned as is. */
export function translateAuthMessage(t: TFunction, message: string): string {
  const key = findAuthMessageKey(message);
  return key ? t(`validation.${key}`) : message;
}

/**
 * The text to show for a failed auth call: the server's message, else `fallback` (e.g. 'Sign in failed'); a network
 * failure gets its own message, and anything that is not an API error is 'An unexpected error occurred'.
 */
export function getAuthErrorMessage(t: TFunction, error: unknown, fallback: string): string {
  if (!isApiError(error)) return t('auth.toasts.unexpectedError');
  if (error.isNetworkError) return t('auth.toasts.networkError');
  return error.serverMessage ? translateAuthMessage(t, error.serverMessage) : fallback;
}
