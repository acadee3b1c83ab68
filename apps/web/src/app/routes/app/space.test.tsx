import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SPACE_MARK_STORAGE_KEYS } from '@/features/spaces/hooks/use-space-marks';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { roleState, testSession } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const marketing = space({ name: 'Marketing', memberCount: 12, fileCount: 47 });

type Routes = Parameters<typeof stubFetch>[0];

function stubSpace(routes: Routes = {}) {
  return stubFetch({
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/me/role': jsonResponse(roleState('employee')),
    'GET /api/spaces/by-slug/marketing': jsonResponse(marketing),
    ...routes,
  });
}

describe('/spaces/:spaceName', () => {
  it('loads the space by its URL name and shows its header, real counts and the help list', async () => {
    const { findRequests } = stubSpace();
    const { user, router } = renderRoutes({ path: '/spaces/Marketing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
    expect(findRequests('GET', '/api/spaces/by-slug/marketing')).toHaveLength(1);
    expect(screen.getByText('Campaigns and launches')).toBeInTheDocument();

    const info = screen.getByRole('region', { name: 'Space details' });
    expect(info).toHaveTextContent('Members: 12');
    expect(info).toHaveTextContent('Files: 47');

    expect(screen.getByRole('heading', { name: 'Welcome to Marketing' })).toBeInTheDocument();
    const help = screen.getByRole('list', { name: 'What the assistant can do' });
    expect(
      within(help)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Search documents',
      'Answer questions about content',
      'Summarise key information',
      'Find relevant sections',
    ]);

    expect(screen.getByRole('link', { name: 'Space settings' })).toHaveAttribute(
      'href',
      `/role-management/${marketing.id}`,
    );
    await user.click(screen.getByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('shows the not-found screen when the server answers 404', async () => {
    stubSpace({ 'GET /api/spaces/by-slug/nowhere': apiErrorResponse(404, 'NOT_FOUND', 'Space not found') });
    renderRoutes({ path: '/spaces/nowhere' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Space not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/chat');
  });

  it("says 'Failed to load space details' on other errors and retries", async () => {
    let calls = 0;
    stubSpace({
      'GET /api/spaces/by-slug/marketing': () => {
        calls += 1;
        return calls === 1 ? new Response(null, { status: 500 }) : jsonResponse(marketing);
      },
    });
    const { user } = renderRoutes({ path: '/spaces/marketing' });

    expect(await screen.findByText('Failed to load space details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
  });

  it("clears the space's unread mark when it is opened", async () => {
    window.localStorage.setItem(SPACE_MARK_STORAGE_KEYS.unread, JSON.stringify([marketing.id, 'space-other']));
    stubSpace();
    renderRoutes({ path: '/spaces/marketing' });

    await screen.findByRole('heading', { level: 1, name: 'Marketing' });
    await waitFor(() =>
      expect(window.localStorage.getItem(SPACE_MARK_STORAGE_KEYS.unread)).toBe(JSON.stringify(['space-other'])),
    );
  });
});
