import { DEFAULT_USER_PREFERENCES } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { roleState, testSession } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

/** The chat page around the settings popover; `revoke-sessions` answers as the routes say. */
function stubChatPage(routes: StubRoutes) {
  let session: typeof testSession | null = testSession;
  return stubFetch({
    'GET /api/auth/get-session': () => jsonResponse(session),
    'GET /api/conversations': jsonResponse({ conversations: [] }),
    'GET /api/me/daily-updates': jsonResponse({ stats: [], generatedAt: new Date().toISOString() }),
    'GET /api/assistant/model': jsonResponse({ provider: 'builtin', model: 'lumen-builtin', label: 'Built-in' }),
    'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
    'GET /api/me/role': jsonResponse(roleState('employee')),
    'GET /api/spaces': jsonResponse({ spaces: [] }),
    'POST /api/auth/revoke-sessions': () => {
      session = null;
      return jsonResponse({ status: true });
    },
    ...routes,
  });
}

async function openSecuritySettings(user: ReturnType<typeof renderRoutes>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const popover = await screen.findByRole('dialog', { name: 'Settings' });
  return within(within(popover).getByRole('region', { name: 'Security' }));
}

describe("Security settings' Sign out everywhere", () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');
  });

  it('asks first; Cancel ends nothing', async () => {
    const { findRequests } = stubChatPage({});
    const { router, user } = renderRoutes({ path: '/chat' });
    const security = await openSecuritySettings(user);

    await user.click(security.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent(
      'This ends your sessions on every device and browser, this one included. You will need to sign in again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(findRequests('POST', '/api/auth/revoke-sessions')).toHaveLength(0);
    expect(currentPath(router)).toBe('/chat');
  });

  it('once confirmed, ends every session and returns to the sign-in page', async () => {
    const { findRequests } = stubChatPage({});
    const { router, user } = renderRoutes({ path: '/chat' });
    const security = await openSecuritySettings(user);

    await user.click(security.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Signed out on every device.')).toBeInTheDocument();
    expect(findRequests('POST', '/api/auth/revoke-sessions')).toHaveLength(1);
    expect(findRequests('POST', '/api/auth/sign-out')).toHaveLength(0);
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
  });

  it('says so when the server refuses, and stays', async () => {
    stubChatPage({ 'POST /api/auth/revoke-sessions': new Response('', { status: 500 }) });
    const { router, user } = renderRoutes({ path: '/chat' });
    const security = await openSecuritySettings(user);

    await user.click(security.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Could not sign out everywhere')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/chat');
  });

  it('is translated', async () => {
    await changeLanguage('fr');
    stubChatPage({ 'GET /api/me/preferences': jsonResponse({ ...DEFAULT_USER_PREFERENCES, language: 'fr' }) });
    const { user } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Paramètres' }));
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter partout' }));
    expect(await screen.findByRole('alertdialog', { name: 'Se déconnecter partout ?' })).toBeInTheDocument();
  });
});
