import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { testSession } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const signedOut = { 'GET /api/auth/get-session': jsonResponse(null) };

describe('/auth', () => {
  it('sends a signed-in visitor to /chat', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(testSession) });
    const { router } = renderRoutes({ path: '/auth' });

    expect(await screen.findByRole('heading', { name: 'AI Chat' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/chat');
  });

  it('switches between sign-in and sign-up with ?mode', async () => {
    stubFetch(signedOut);
    const { router, user } = renderRoutes({ path: '/auth?mode=signup' });

    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth?mode=signin');
  });

  it('shows the Google validation toast when the OAuth callback came back with ?error=', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(signedOut);
    const { router } = renderRoutes({ path: '/auth?error=invalid_code' });

    expect(
      await screen.findByText(
        'Google sign-in validation failed. Please verify the redirect URL and OAuth credentials.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });

  it('sends a password reset link and confirms it', async () => {
    const { findRequests } = stubFetch({
      ...signedOut,
      'POST /api/auth/request-password-reset': jsonResponse({ status: true }),
    });
    const { user } = renderRoutes({ path: '/auth' });

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/we sent a link to reset your password/)).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: '/auth?mode=reset',
    });
  });

  it('resets the password with the token from the link, then returns to sign-in', async () => {
    const { findRequests } = stubFetch({
      ...signedOut,
      'POST /api/auth/reset-password': jsonResponse({ status: true }),
    });
    const { router, user } = renderRoutes({ path: '/auth?mode=reset&token=XYZ' });

    const newPassword = await screen.findByLabelText('New password');
    expect(newPassword).toHaveAttribute('autocomplete', 'new-password');
    await user.type(newPassword, 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth?mode=signin');
    expect(findRequests('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'a-new-secret',
      token: 'XYZ',
    });
  });

  it('shows the server message when the reset token is rejected', async () => {
    stubFetch({
      ...signedOut,
      'POST /api/auth/reset-password': apiErrorResponse(400, 'INVALID_TOKEN', 'Invalid token'),
    });
    const { user } = renderRoutes({ path: '/auth?mode=reset&token=expired' });

    await user.type(await screen.findByLabelText('New password'), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Invalid token')).toBeInTheDocument();
  });

  it('explains an invalid reset link', async () => {
    stubFetch(signedOut);
    renderRoutes({ path: '/auth?mode=reset&error=INVALID_TOKEN' });

    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth?mode=forgot');
  });
});
