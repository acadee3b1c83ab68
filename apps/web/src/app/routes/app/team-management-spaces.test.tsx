import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { space } from '@/testing/space-fixtures';
import { openScreen, stubTeam } from '@/testing/team-management-fixture';

describe('/team-management: Spaces tab', () => {
  it('shows the spaces empty state, with Create Space for managers only', async () => {
    stubTeam('team_lead');
    const { unmount } = await openScreen('/team-management?tab=spaces');
    expect(await screen.findByText('No spaces created yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Space' })).toHaveAttribute('href', '/spaces/new');
    unmount();

    stubTeam('employee');
    await openScreen('/team-management?tab=spaces');
    expect(await screen.findByText('No spaces created yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Space' })).not.toBeInTheDocument();
  });

  it("lists the team's spaces; choosing one shows Add Member, Share File and Open Chat", async () => {
    const marketingSpace = space({ name: 'Marketing', description: 'Campaigns and launches', memberCount: 4 });
    const salesSpace = space({ name: 'Sales Team', description: null, memberCount: 1 });
    stubTeam('employee', { 'GET /api/spaces': jsonResponse({ spaces: [marketingSpace, salesSpace] }) });
    const { user } = await openScreen('/team-management?tab=spaces');

    const list = await screen.findByRole('list', { name: 'Team spaces' });
    const marketingButton = within(list).getByRole('button', { name: 'Show actions for Marketing' });
    expect(marketingButton).toHaveTextContent('Campaigns and launches');
    expect(marketingButton).toHaveTextContent('Members: 4');
    expect(within(list).getByRole('button', { name: 'Show actions for Sales Team' })).toHaveTextContent(
      'No description provided',
    );
    expect(screen.queryByRole('link', { name: 'Open Chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Space' })).not.toBeInTheDocument();

    await user.click(marketingButton);
    expect(marketingButton).toHaveAttribute('aria-pressed', 'true');
    const actions = screen.getByRole('navigation', { name: 'Actions for Marketing' });
    expect(within(actions).getByRole('link', { name: 'Add Member' })).toHaveAttribute(
      'href',
      `/spaces-management?space=${marketingSpace.id}`,
    );
    expect(within(actions).getByRole('link', { name: 'Share File' })).toHaveAttribute('href', '/admin-dashboard');
    expect(within(actions).getByRole('link', { name: 'Open Chat' })).toHaveAttribute('href', '/spaces/marketing');

    await user.click(within(list).getByRole('button', { name: 'Show actions for Sales Team' }));
    expect(screen.queryByRole('navigation', { name: 'Actions for Marketing' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Actions for Sales Team' })).getByRole('link', {
        name: 'Open Chat',
      }),
    ).toHaveAttribute('href', '/spaces/sales-team');
  });
});
