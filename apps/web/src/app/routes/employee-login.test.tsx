import { STORAGE_KEYS } from '@lumen/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { roleState, testSession } from '@/testing/fixtures';
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

async function signIn(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/employee-login', () => {
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
});
