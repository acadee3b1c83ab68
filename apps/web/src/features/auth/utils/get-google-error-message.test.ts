import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { classifyGoogleError, getGoogleErrorMessage } from './get-google-error-message';

const NOT_ENABLED =
  'Google sign-in is not enabled. Please enable the Google provider in the auth provider settings with a client ID and secret.';
const VALIDATION_FAILED = 'Google sign-in validation failed. Please verify the redirect URL and OAuth credentials.';

function tEnglish(): TFunction {
  return i18n.getFixedT('en');
}

describe('classifyGoogleError', () => {
  it.each([
    [{ code: 'PROVIDER_NOT_ENABLED', message: 'Provider not found' }, 'not-enabled'],
    [{ code: 'BAD_REQUEST', message: 'Unsupported provider: google' }, 'not-enabled'],
    [{ message: 'The provider is not enabled' }, 'not-enabled'],
    [{ message: 'OAuth validation_failed' }, 'validation-failed'],
    [{ code: 'INTERNAL', message: 'Something else' }, 'other'],
  ] as const)('classifies %o as %s', (input, expected) => {
    expect(classifyGoogleError(input)).toBe(expected);
  });
});

describe('getGoogleErrorMessage', () => {
  it('says the provider is not enabled for PROVIDER_NOT_ENABLED', () => {
    const error = new ApiError({ status: 400, code: 'PROVIDER_NOT_ENABLED', serverMessage: 'Provider not found' });
    expect(getGoogleErrorMessage(tEnglish(), error)).toBe(NOT_ENABLED);
  });

  it('says validation failed when the message mentions validation_failed', () => {
    const error = new ApiError({ status: 400, code: 'BAD_REQUEST', serverMessage: 'validation_failed' });
    expect(getGoogleErrorMessage(tEnglish(), error)).toBe(VALIDATION_FAILED);
  });

  it('shows any other server message as is', () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL', serverMessage: 'Discovery document unavailable' });
    expect(getGoogleErrorMessage(tEnglish(), error)).toBe('Discovery document unavailable');
  });

  it('reports network failures clearly', () => {
    const error = new ApiError({ status: 0, code: NETWORK_ERROR_CODE });
    expect(getGoogleErrorMessage(tEnglish(), error)).toMatch(/^Network error/);
  });
});
