import { AUTH_MESSAGES, EMAIL_CONFIRMATION_RETURN_PATH } from '@lumen/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { SignUpForm } from './sign-up-form';

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';

const ADA = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'correct-horse' };

/** Types the given values (Ada's by default; a field left out stays as it is) and presses Sign Up. */
async function submitSignUp(user: ReturnType<typeof renderWithProviders>['user'], values: Partial<typeof ADA> = ADA) {
  if (values.firstName) await user.type(screen.getByLabelText('First name'), values.firstName);
  if (values.lastName) await user.type(screen.getByLabelText('Last name'), values.lastName);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignUpForm', () => {
  it('shows the shared validation messages for blank fields and does not call the API', async () => {
    const { fetchMock } = stubFetch({});
    const { user } = renderWithProviders(<SignUpForm signInHref="/auth" />);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByText(AUTH_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email without calling the API', async () => {
    const { fetchMock } = stubFetch({});
    const { user } = renderWithProviders(<SignUpForm signInHref="/auth" />);

    await submitSignUp(user, { ...ADA, email: 'not-an-email' });

    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.firstNameRequired)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the new-password and email autocomplete hints', () => {
    stubFetch({});
    renderWithProviders(<SignUpForm signInHref="/auth" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
  });

  it("shows the server's message when sign-up fails", async () => {
    stubFetch({
      'POST /api/auth/sign-up/email': apiErrorResponse(
        422,
        'USER_ALREADY_EXISTS',
        'User already exists. Use another email.',
      ),
    });
    const { user } = renderWithProviders(<SignUpForm signInHref="/auth" />);

    await submitSignUp(user);

    expect(await screen.findByText('User already exists. Use another email.')).toBeInTheDocument();
  });

  it("falls back to 'Sign up failed' when the server gives no message", async () => {
    stubFetch({ 'POST /api/auth/sign-up/email': new Response('Bad gateway', { status: 502 }) });
    const { user } = renderWithProviders(<SignUpForm signInHref="/auth" />);

    await submitSignUp(user);

    expect(await screen.findByText('Sign up failed')).toBeInTheDocument();
  });

  it('sends the sign-up with the email-confirmation return path and shows the check-your-email state', async () => {
    const { findRequests } = stubFetch({ 'POST /api/auth/sign-up/email': jsonResponse({ user: { id: 'user-1' } }) });
    const { user } = renderWithProviders(<SignUpForm signInHref="/auth" />);

    await submitSignUp(user);

    expect(await screen.findByText('Check your email to confirm your account!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      ...ADA,
      callbackURL: EMAIL_CONFIRMATION_RETURN_PATH,
    });
  });

  it('validates the optional invite code as a UUID on the employee variant and keeps a valid one', async () => {
    const { fetchMock } = stubFetch({ 'POST /api/auth/sign-up/email': jsonResponse({ user: { id: 'user-1' } }) });
    const { user } = renderWithProviders(<SignUpForm variant="employee" signInHref="/employee-login" />);

    await user.type(screen.getByLabelText('Invite code (optional)'), 'not-a-uuid');
    await submitSignUp(user);
    expect(screen.getByText(AUTH_MESSAGES.inviteCodeInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Invite code (optional)'));
    await user.type(screen.getByLabelText('Invite code (optional)'), INVITE_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Check your email to confirm your account!')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBe(INVITE_CODE);
  });

  it('sends a valid invite code with the employee sign-up, so the team is joined once the email is confirmed', async () => {
    const { findRequests } = stubFetch({ 'POST /api/auth/sign-up/email': jsonResponse({ user: { id: 'user-1' } }) });
    const { user } = renderWithProviders(
      <SignUpForm
        variant="employee"
        signInHref="/employee-login"
        initialValues={{ email: 'ada@example.com', inviteCode: INVITE_CODE }}
      />,
    );
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Invite code (optional)')).toHaveValue(INVITE_CODE);

    await submitSignUp(user, { firstName: 'Ada', lastName: 'Lovelace', password: 'correct-horse' });

    expect(await screen.findByText('Check your email to confirm your account!')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      ...ADA,
      inviteCode: INVITE_CODE,
      callbackURL: EMAIL_CONFIRMATION_RETURN_PATH,
    });
  });

  it('sends no invite code when the employee leaves it blank', async () => {
    const { findRequests } = stubFetch({ 'POST /api/auth/sign-up/email': jsonResponse({ user: { id: 'user-1' } }) });
    const { user } = renderWithProviders(<SignUpForm variant="employee" signInHref="/employee-login" />);

    await submitSignUp(user);

    expect(await screen.findByText('Check your email to confirm your account!')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/sign-up/email')[0]?.body).not.toHaveProperty('inviteCode');
  });
});
