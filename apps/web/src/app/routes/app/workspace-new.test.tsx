import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { roleState, stubSignedIn } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const CODE = '3f2b8c1e-5d4a-4b6f-9e2d-1a7c0b9e8f61';

describe('/workspace-new', () => {
  it('offers to create a workspace or to join one', async () => {
    stubSignedIn(roleState(null));
    renderRoutes({ path: '/workspace-new' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Create Workspace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a new workspace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join with an invitation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Workspace' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('joins with the full invitation link', async () => {
    stubSignedIn(roleState(null));
    const { router, user } = renderRoutes({ path: '/workspace-new' });

    await user.type(
      await screen.findByLabelText('Invitation link or code'),
      `https://lumen.example.com/accept-invitation?id=${CODE}`,
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(currentPath(router)).toBe(`/accept-invitation?id=${CODE}`));
  });

  it('joins with the invitation code', async () => {
    stubSignedIn(roleState(null));
    const { router, user } = renderRoutes({ path: '/workspace-new' });

    await user.type(await screen.findByLabelText('Invitation link or code'), ` ${CODE.toUpperCase()} `);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(currentPath(router)).toBe(`/accept-invitation?id=${CODE}`));
  });

  it('says clearly when the text is neither a link nor a code, and stays', async () => {
    stubSignedIn(roleState(null));
    const { router, user } = renderRoutes({ path: '/workspace-new' });

    const field = await screen.findByLabelText('Invitation link or code');
    await user.type(field, 'https://lumen.example.com/chat?id=1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText(
        'This is neither an invitation link nor an invitation code. Paste the whole link from your invitation email (…/accept-invitation?id=…) or the code in it.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath(router)).toBe('/workspace-new');
  });

  it('creates a workspace and goes to the admin dashboard', async () => {
    let hasTeam = false;
    const { findRequests } = stubSignedIn(() => jsonResponse(roleState(hasTeam ? 'admin' : null)), {
      'POST /api/teams': () => {
        hasTeam = true;
        return jsonResponse(
          {
            team: { id: 'team-1', name: 'Marketing', description: null, createdAt: '2026-11-21T10:00:00.000Z' },
            roleState: roleState('admin'),
            message: 'Team created successfully!',
          },
          201,
        );
      },
    });
    const { router, user } = renderRoutes({ path: '/workspace-new' });

    await user.type(await screen.findByLabelText('Workspace name'), 'Marketing');
    await user.click(screen.getByRole('button', { name: 'Create Workspace' }));

    expect(await screen.findByText('Team created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/admin-dashboard'));
    expect(findRequests('POST', '/api/teams')[0]?.body).toMatchObject({ name: 'Marketing' });
  });

  it.each([
    ['admin', '/admin-dashboard'],
    ['team_lead', '/admin-dashboard'],
    ['employee', '/employee-dashboard'],
    ['viewer', '/employee-dashboard'],
  ] as const)('sends a %s who already has a team to %s', async (role, dashboard) => {
    stubSignedIn(roleState(role));
    const { router } = renderRoutes({ path: '/workspace-new' });

    await waitFor(() => expect(currentPath(router)).toBe(dashboard));
  });
});
