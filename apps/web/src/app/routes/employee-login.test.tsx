import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { roleState, testSession } from '@/testing/fixtures';
import { acceptedInvitation } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

function stubSignIn(role: ReturnType<typeof roleState>) {
  let isSignedIn = false;
  return stubFetch({
    'GET /api/auth/get-session': () => jsonResponse(isSignedIn ? testSession : null),
    'POST /api/auth/sign-in/email': () => {
      isSignedIn = true;
      return jsonResponse({ user: testSession.user });
    },
    'GET /api/me/role': jsonResponse(role),
  });
}

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';
const ACCEPT_PATH = `/api/invitations/${INVITE_CODE}/accept`;

async function signIn(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/employee-login', () => {
  it("starts with a 'Skip to main content' link, and underlines the sign-up link inside its sentence", async () => {
    stubSignIn(roleState('employee'));
    const { user } = renderRoutes({ path: '/employee-login' });
    const signUp = await screen.findByRole('link', { name: 'Sign up' });
    expect(signUp).toHaveClass('underline');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('sends an admin to /admin-dashboard after sign-in', async () => {
    stubSignIn(roleState('admin'));
    const { router, user } = renderRoutes({ path: '/employee-login' });

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin-dashboard');
  });

  it('sends an employee to /employee-dashboard after sign-in', async () => {
    stubSignIn(roleState('employee'));
    const { router, user } = renderRoutes({ path: '/employee-login' });

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/employee-dashboard');
  });

  it('prefers a saved post-auth redirect', async () => {
    window.localStorage.setItem(STORAGE_KEYS.postAuthRedirect, '/spaces');
    stubSignIn(roleState('admin'));
    const { router, user } = renderRoutes({ path: '/employee-login' });

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Spaces' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/spaces');
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
  });

  it('links to employee sign-up', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(null) });
    renderRoutes({ path: '/employee-login' });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/employee-signup');
  });

  it('prefills the invite code and the email from an invitation link, and carries them to sign-up', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(null) });
    renderRoutes({ path: `/employee-login?invite=${INVITE_CODE}&email=grace%40example.com` });

    expect(await screen.findByLabelText('Invite code (optional)')).toHaveValue(INVITE_CODE);
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/employee-signup?invite=${INVITE_CODE}&email=grace%40example.com`,
    );
  });

  it('joins the invited team before routing by role, so the new member lands on their dashboard', async () => {
    let isSignedIn = false;
    let hasJoined = false;
    const { requests, findRequests } = stubFetch({
      'GET /api/auth/get-session': () => jsonResponse(isSignedIn ? testSession : null),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse({ user: testSession.user });
      },
      [`POST ${ACCEPT_PATH}`]: () => {
        hasJoined = true;
        return jsonResponse(acceptedInvitation('team_lead'));
      },
      'GET /api/me/role': () => jsonResponse(roleState(hasJoined ? 'team_lead' : null)),
    });
    const { router, user } = renderRoutes({ path: `/employee-login?invite=${INVITE_CODE}` });

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin-dashboard');
    expect(await screen.findByText('Invitation accepted! Welcome to the team.')).toBeInTheDocument();
    expect(findRequests('POST', ACCEPT_PATH)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();
    const acceptIndex = requests.findIndex((request) => request.path === ACCEPT_PATH);
    const firstRoleIndex = requests.findIndex((request) => request.path === '/api/me/role');
    expect(firstRoleIndex).toBeGreaterThan(acceptIndex);
  });
});
