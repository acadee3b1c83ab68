import { AUTH_MESSAGES } from '@lumen/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { testSession } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';

async function submitCredentials(user: ReturnType<typeof renderWithProviders>['user'], password = 'correct-horse') {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInForm', () => {
  it('validates email and password with the shared schema before calling the API', async () => {
    const { fetchMock } = stubFetch({});
    const { user } = renderWithProviders(<SignInForm />);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-in fails", async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': apiErrorResponse(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
    });
    const { user } = renderWithProviders(<SignInForm />);

    await submitCredentials(user, 'wrong-password');

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows 'Sign in failed' when the server gives no message", async () => {
    stubFetch({ 'POST /api/auth/sign-in/email': new Response('', { status: 500 }) });
    const { user } = renderWithProviders(<SignInForm />);

    await submitCredentials(user);

    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
  });

  it('says the server cannot be reached when the request never gets an answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { user } = renderWithProviders(<SignInForm />);

    await submitCredentials(user);

    expect(
      await screen.findByText('Network error: unable to reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it("shows 'Successfully signed in!' and reloads the session on success", async () => {
    let isSignedIn = false;
    const { findRequests } = stubFetch({
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse({ user: testSession.user });
      },
      'GET /api/auth/get-session': () => jsonResponse(isSignedIn ? testSession : null),
    });
    const onSuccess = vi.fn();
    const { user, queryClient } = renderWithProviders(<SignInForm onSuccess={onSuccess} />);

    await submitCredentials(user);

    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual(testSession);
  });

  it('offers to resend the verification email when the email is not verified', async () => {
    const { findRequests } = stubFetch({
      'POST /api/auth/sign-in/email': apiErrorResponse(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      'POST /api/auth/send-verification-email': jsonResponse({ status: true }),
    });
    const { user } = renderWithProviders(<SignInForm />);

    await submitCredentials(user);
    expect(await screen.findByText('Email not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent. Check your inbox.')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/employee-dashboard',
    });
  });

  describe('employee variant', () => {
    it('rejects an invite code that is not a UUID without calling the API', async () => {
      const { fetchMock } = stubFetch({});
      const { user } = renderWithProviders(<SignInForm variant="employee" />);

      await user.type(screen.getByLabelText('Invite code (optional)'), 'abc-123');
      await submitCredentials(user);

      expect(screen.getByText(AUTH_MESSAGES.inviteCodeInvalid)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('keeps a valid invite code for after sign-in', async () => {
      stubFetch({
        'POST /api/auth/sign-in/email': jsonResponse({ user: testSession.user }),
        'GET /api/auth/get-session': jsonResponse(testSession),
      });
      const { user } = renderWithProviders(<SignInForm variant="employee" />);

      await user.type(screen.getByLabelText('Invite code (optional)'), INVITE_CODE);
      await submitCredentials(user);

      expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
      expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBe(INVITE_CODE);
    });

    it('starts with the invite code and email of an invitation link, and stays busy while the caller finishes', async () => {
      stubFetch({
        'POST /api/auth/sign-in/email': jsonResponse({ user: testSession.user }),
        'GET /api/auth/get-session': jsonResponse(testSession),
      });
      let finish = () => {};
      const onSuccess = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const { user } = renderWithProviders(
        <SignInForm
          variant="employee"
          initialValues={{ email: 'ada@example.com', inviteCode: INVITE_CODE }}
          onSuccess={onSuccess}
        />,
      );
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(screen.getByLabelText('Invite code (optional)')).toHaveValue(INVITE_CODE);

      await user.type(screen.getByLabelText('Password'), 'correct-horse');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
      expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBe(INVITE_CODE);
      finish();
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    });

    it('shows and hides the password', async () => {
      stubFetch({});
      const { user } = renderWithProviders(<SignInForm variant="employee" />);
      const password = screen.getByLabelText('Password');
      expect(password).toHaveAttribute('type', 'password');

      await user.click(screen.getByRole('button', { name: 'Show password' }));
      expect(password).toHaveAttribute('type', 'text');

      await user.click(screen.getByRole('button', { name: 'Hide password' }));
      await waitFor(() => expect(password).toHaveAttribute('type', 'password'));
    });
  });
});
