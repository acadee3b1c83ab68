import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { createSignOutRoutes, testSession } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

describe('signed-in layout', () => {
  it("has a 'Skip to main content' link as the first Tab stop that moves focus to the main landmark", async () => {
    stubFetch(createSignOutRoutes());
    const { user } = renderRoutes({ path: '/workspace' });
    await screen.findByRole('button', { name: /Account menu$/ });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('signs out from the account menu, then goes to /auth', async () => {
    const { findRequests } = stubFetch(createSignOutRoutes());
    const { router, user } = renderRoutes({ path: '/workspace' });

    // The name starts with what the button shows (the initials and the name), then says what it is.
    await user.click(await screen.findByRole('button', { name: 'AL Ada Lovelace – Account menu' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Successfully signed out!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
    expect(findRequests('POST', '/api/auth/sign-out')[0]?.body).toEqual({});
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
  });

  it("shows 'Failed to sign out' when sign-out fails without a message", async () => {
    stubFetch({
      'GET /api/auth/get-session': jsonResponse(testSession),
      'POST /api/auth/sign-out': new Response('', { status: 500 }),
    });
    const { router, user } = renderRoutes({ path: '/workspace' });

    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace');
  });

  it('changes the theme from the theme menu', async () => {
    stubFetch({
      'GET /api/auth/get-session': jsonResponse(testSession),
      'GET /api/me/role': apiErrorResponse(401, 'UNAUTHENTICATED', 'x'),
    });
    const { user } = renderRoutes({ path: '/chat' });

    await user.click(await screen.findByRole('button', { name: 'Toggle theme' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(document.documentElement).toHaveClass('light');
  });
});
