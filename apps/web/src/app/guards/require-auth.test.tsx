import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { testSession } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

describe('RequireAuth (signed-in guard)', () => {
  it('shows a loading spinner while the session loads', async () => {
    stubFetch({ 'GET /api/auth/get-session': () => new Promise<Response>(() => {}) });
    renderRoutes({ path: '/chat' });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth and remembers the attempted path', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(null) });
    const { router } = renderRoutes({ path: '/analytics?range=7d' });

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBe('/analytics?range=7d');
  });

  it('returns to the remembered page after signing in, and forgets it', async () => {
    let isSignedIn = false;
    stubFetch({
      'GET /api/auth/get-session': () => jsonResponse(isSignedIn ? testSession : null),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return jsonResponse({ user: testSession.user });
      },
    });
    const { router, user } = renderRoutes({ path: '/team-chat' });

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Team Chat' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/team-chat');
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
  });

  it('follows a saved redirect once when a signed-in user lands elsewhere (Google or email link)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.postAuthRedirect, '/assets');
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(testSession) });
    const { router } = renderRoutes({ path: '/chat' });

    expect(await screen.findByRole('heading', { name: 'Assets' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/assets');
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();

    await router.navigate('/chat');
    expect(await screen.findByRole('heading', { name: 'AI Chat' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('renders the screen inside the signed-in layout with the display name and title', async () => {
    stubFetch({
      'GET /api/auth/get-session': jsonResponse(testSession),
      'GET /api/spaces/by-slug/marketing': jsonResponse(space({ name: 'Marketing' })),
    });
    renderRoutes({ path: '/spaces/marketing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
    expect(screen.getByText('Space: marketing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account menu$/ })).toHaveTextContent('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });
});
