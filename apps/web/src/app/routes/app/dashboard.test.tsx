import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse } from '@/testing/fetch-stub';
import { stubDashboard } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

async function findSection(name: string) {
  return screen.findByRole('region', { name });
}

function expectLink(container: HTMLElement, name: string, href: string) {
  expect(within(container).getByRole('link', { name })).toHaveAttribute('href', href);
}

describe('/dashboard', () => {
  it('greets the user and shows the team figures on the Overview tab', async () => {
    stubDashboard({ role: 'employee' });
    renderRoutes({ path: '/dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    const members = await screen.findByRole('group', { name: 'Team Members' });
    expect(within(members).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'AI Queries Today' })).getByText('7')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'AI Queries Today' })).getByText('41 in the last 7 days'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Documents' })).getByText('25')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Documents' })).getByText('21 ready to search'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Departments' })).getByText('8')).toBeInTheDocument();
    const projects = screen.getByRole('group', { name: 'Active Projects' });
    expect(within(projects).getByText('3')).toBeInTheDocument();
    expect(within(projects).getByText('Ongoing workspaces')).toBeInTheDocument();
  });

  it('offers the Quick Actions to everyone, with Notion', async () => {
    stubDashboard({ role: 'viewer' });
    renderRoutes({ path: '/dashboard' });

    const quickActions = await findSection('Quick Actions');
    expectLink(quickActions, 'AI Chat', '/chat');
    expectLink(quickActions, 'Team Chat', '/team-chat');
    expectLink(quickActions, 'Spaces', '/spaces');
    expectLink(quickActions, 'Assets', '/assets');
    expectLink(quickActions, 'Notion', '/notion');
  });

  it('shows an admin Team Management and the admin-only settings cards', async () => {
    stubDashboard({ role: 'admin' });
    renderRoutes({ path: '/dashboard' });

    const teamManagement = await findSection('Team Management');
    expectLink(teamManagement, 'Team Management', '/team-management');
    expectLink(teamManagement, 'Invite Team Member', '/team-management?action=invite');
    expectLink(teamManagement, 'Spaces Management', '/spaces-management');
    expectLink(teamManagement, 'Audit Logs', '/audit');

    const administration = screen.getByRole('region', { name: 'Administration' });
    expectLink(administration, 'Workspace Settings', '/workspace?tab=settings');
    expectLink(administration, 'Advanced Settings', '/audit');

    expect(screen.queryByRole('region', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Enterprise Workspace' })).not.toBeInTheDocument();
  });

  it('shows a team lead Team Management without the admin-only cards', async () => {
    stubDashboard({ role: 'team_lead' });
    renderRoutes({ path: '/dashboard' });

    const teamManagement = await findSection('Team Management');
    expectLink(teamManagement, 'Invite Team Member', '/team-management?action=invite');
    expect(within(teamManagement).queryByRole('link', { name: 'Audit Logs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Workspace Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Advanced Settings' })).not.toBeInTheDocument();
  });

  it('shows members who do not manage the team the AI Chat and Enterprise Workspace cards instead', async () => {
    stubDashboard({ role: 'employee' });
    renderRoutes({ path: '/dashboard' });

    const getStarted = await findSection('Get Started');
    expectLink(getStarted, 'AI Chat', '/chat');
    expectLink(getStarted, 'Enterprise Workspace', '/workspace');
    expect(screen.queryByRole('region', { name: 'Team Management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('shows the team, the role badge and a link to the workspace under Your Workspace', async () => {
    stubDashboard({ role: 'team_lead' });
    renderRoutes({ path: '/dashboard' });

    const workspace = await findSection('Your Workspace');
    expect(within(workspace).getByText('Marketing')).toBeInTheDocument();
    expect(within(workspace).getByText('Team Lead')).toBeInTheDocument();
    expectLink(workspace, 'Open Workspace', '/workspace');
  });

  it('sends a user without a team to /workspace-new', async () => {
    stubDashboard({ role: null });
    const { router } = renderRoutes({ path: '/dashboard' });

    await waitFor(() => expect(currentPath(router)).toBe('/workspace-new'));
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    const { findRequests } = stubDashboard({
      role: 'admin',
      stats: apiErrorResponse(500, 'INTERNAL', 'Database unavailable'),
    });
    const { user } = renderRoutes({ path: '/dashboard' });

    expect(await screen.findByText('Failed to load team statistics')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(findRequests('GET', '/api/teams/current/stats')).toHaveLength(2));
  });
});
