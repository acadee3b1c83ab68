import { GOOGLE_SIGN_IN_RETURN_PATH } from '@lumen/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { GoogleSignInButton } from './google-sign-in-button';

describe('GoogleSignInButton', () => {
  it('explains that Google is not enabled when the server answers PROVIDER_NOT_ENABLED', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { findRequests } = stubFetch({
      'POST /api/auth/sign-in/social': apiErrorResponse(400, 'PROVIDER_NOT_ENABLED', 'Provider not found'),
    });
    const { user } = renderWithProviders(<GoogleSignInButton />);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(
      await screen.findByText(
        'Google sign-in is not enabled. Please enable the Google provider in the auth provider settings with a client ID and secret.',
      ),
    ).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/sign-in/social')[0]?.body).toEqual({
      provider: 'google',
      callbackURL: GOOGLE_SIGN_IN_RETURN_PATH,
      errorCallbackURL: '/auth',
    });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });
});
