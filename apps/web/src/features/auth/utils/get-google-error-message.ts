import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

export const PROVIDER_NOT_ENABLED_CODE = 'PROVIDER_NOT_ENABLED';

type GoogleErrorKind = 'not-enabled' | 'validation-failed' | 'other';

/** Classifies a Google sign-in failure by its code or message (docs/product-rules.md#sign-in-and-accounts). */
export function classifyGoogleError({ code, message }: { code?: string | undefined; message?: string | undefined }) {
  const text = (message ?? '').toLowerCase();
  let kind: GoogleErrorKind = 'other';
  if (code === PROVIDER_NOT_ENABLED_CODE || text.includes('unsupported provider') || text.includes('not enabled')) {
    kind = 'not-enabled';
  } else if (text.includes('validation_failed')) {
    kind = 'validation-failed';
  }
  return kind;
}

/** The toast text for a failed Google sign-in start. */
export function getGoogleErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('auth.toasts.unexpectedError');
  if (error.isNetworkError) return t('auth.toasts.networkError');
  const kind = classifyGoogleError({ code: error.code, message: error.serverMessage });
  if (kind === 'not-enabled') return t('auth.toasts.googleNotEnabled');
  if (kind === 'validation-failed') return t('auth.toasts.googleValidationFailed');
  return error.serverMessage ?? t('auth.toasts.googleFailed');
}

/** The toast text when the OAuth callback came back with `?error=…`: always the validation message. */
export function getGoogleCallbackErrorMessage(t: TFunction): string {
  return t('auth.toasts.googleValidationFailed');
}
