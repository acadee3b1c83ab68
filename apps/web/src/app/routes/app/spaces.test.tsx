import type { Role } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { noTeamResponse, stubSignedIn } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const marketing = space({ name: 'Marketing', memberCount: 4, fileCount: 47 });
const finance = space({ name: 'Finance', description: null, isPrivate: true, memberCount: 2, fileCount: 0 });

function stubSpaces(role: Role, spaces = [marketing, finance]) {
  return stubSignedIn(role, {
    'GET /api/spaces': jsonResponse({ spaces }),
  });
}

describe('/spaces', () => {
  it("lists the user's spaces as cards with description, counts and the private badge", async () => {
    stubSpaces('employee');
    const { user, router } = renderRoutes({ path: '/spaces' });

    const list = await screen.findByRole('list', { name: 'Your spaces' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/spaces/marketing', '/spaces/finance']);

    const marketingCard = within(list).getByRole('link', { name: 'Marketing' });
    expect(marketingCard).toHaveTextContent('Campaigns and launches');
    expect(marketingCard).toHaveTextContent('Members: 4');
    expect(marketingCard).toHaveTextContent('Files: 47');
    expect(marketingCard).not.toHaveTextContent('Private');

    const financeCard = within(list).getByRole('link', { name: 'Finance' });
    expect(financeCard).toHaveTextContent('No description provided');
    expect(financeCard).toHaveTextContent('Private');
    expect(financeCard).toHaveTextContent('Files: 0');

    await user.click(screen.getByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('offers Create Space to managers only', async () => {
    stubSpaces('team_lead');
    renderRoutes({ path: '/spaces' });
    expect(await screen.findByRole('link', { name: 'Create Space' })).toHaveAttribute('href', '/spaces/new');
  });

  it('hides Create Space from employees', async () => {
    stubSpaces('employee');
    renderRoutes({ path: '/spaces' });
    await screen.findByRole('list', { name: 'Your spaces' });
    expect(screen.queryByRole('link', { name: 'Create Space' })).not.toBeInTheDocument();
  });

  it('shows the empty state, with Create Space for a manager', async () => {
    stubSpaces('admin', []);
    renderRoutes({ path: '/spaces' });
    expect(await screen.findByText('No spaces yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first space to get started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Space' })).toHaveAttribute('href', '/spaces/new');
  });

  it('shows the empty state without Create Space for a viewer', async () => {
    stubSpaces('viewer', []);
    renderRoutes({ path: '/spaces' });
    expect(await screen.findByText('You have not been added to any space yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Space' })).not.toBeInTheDocument();
  });

  it('guides a user without a team to create or join a workspace instead of failing', async () => {
    stubSignedIn(null, { 'GET /api/spaces': noTeamResponse() });
    const { user, router } = renderRoutes({ path: '/spaces' });

    expect(await screen.findByRole('heading', { name: 'You are not part of a team yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Create a workspace for your team, or ask your administrator to invite you.'),
    ).toBeVisible();
    expect(screen.queryByText('Failed to load spaces')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Create Workspace' }));
    await waitFor(() => expect(currentPath(router)).toBe('/workspace-new'));
  });

  it('still reports a failed load, with a retry, when the user has a team', async () => {
    stubSignedIn('employee', { 'GET /api/spaces': apiErrorResponse(500, 'INTERNAL', 'Database unavailable') });
    renderRoutes({ path: '/spaces' });

    expect(await screen.findByText('Failed to load spaces')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Workspace' })).not.toBeInTheDocument();
  });
});

describe('spaces screens without a team', () => {
  it.each(['/spaces-management', '/spaces/marketing', '/role-management/space-marketing', '/spaces/new'])(
    '%s leads to creating or joining a workspace',
    async (path) => {
      stubSignedIn(null, {
        'GET /api/spaces': noTeamResponse(),
        'GET /api/spaces/by-slug/marketing': noTeamResponse(),
        'GET /api/spaces/space-marketing': noTeamResponse(),
      });
      renderRoutes({ path });

      expect(await screen.findByRole('heading', { name: 'You are not part of a team yet' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create Workspace' })).toHaveAttribute('href', '/workspace-new');
      expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
      expect(screen.queryByText('Space not found')).not.toBeInTheDocument();
    },
  );
});
