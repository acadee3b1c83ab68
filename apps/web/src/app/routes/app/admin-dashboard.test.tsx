import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { activityEntry, stubDashboard, teamMember, teamStats } from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

const members = [
  teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', role: 'admin', department: 'Engineering' }),
  teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper', role: 'team_lead' }),
  teamMember({ userId: 'user-3', firstName: 'Alan', lastName: 'Turing', customDepartment: 'Research' }),
  teamMember({ userId: 'user-4', firstName: 'Edsger', lastName: 'Dijkstra', role: 'viewer', status: 'inactive' }),
  teamMember({ userId: 'user-5', firstName: 'Barbara', lastName: 'Liskov' }),
  teamMember({ userId: 'user-6', firstName: 'Donald', lastName: 'Knuth' }),
];

describe('/admin-dashboard', () => {
  it('greets the admin and shows the team figures with the pending invitations', async () => {
    stubDashboard({ role: 'admin', stats: jsonResponse(teamStats({ pendingInvitationCount: 4 })) });
    renderRoutes({ path: '/admin-dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Team Members' })).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Projects' })).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'AI Queries Today' })).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Departments' })).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Pending Invitations' })).getByText('4')).toBeInTheDocument();
  });

  it('offers an admin every Quick Action, Audit Logs included', async () => {
    stubDashboard({ role: 'admin' });
    renderRoutes({ path: '/admin-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    const hrefs = within(quickActions)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/team-management?action=invite',
      '/team-management',
      '/spaces-management',
      '/audit',
      '/analytics',
    ]);
    expect(within(quickActions).getByRole('link', { name: 'Invite Team Member' })).toBeInTheDocument();
    expect(within(quickActions).getByRole('link', { name: 'Audit Logs' })).toHaveAttribute('href', '/audit');
    expect(within(quickActions).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
  });

  it('does not offer a team lead the Audit Logs', async () => {
    stubDashboard({ role: 'team_lead' });
    renderRoutes({ path: '/admin-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(quickActions).getByRole('link', { name: 'Team Management' })).toBeInTheDocument();
    expect(within(quickActions).queryByRole('link', { name: 'Audit Logs' })).not.toBeInTheDocument();
  });

  it('previews the first members with their role and department, and links to all of them', async () => {
    stubDashboard({ role: 'admin', members });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(within(rows[0] as HTMLElement).getByText(/Ada Lovelace/)).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Engineering')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Admin')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('General')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Team Lead')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Research')).toBeInTheDocument();
    expect(within(panel).queryByText('Donald Knuth')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      '/team-management?tab=members',
    );
  });

  it('shows the Recent Activity from the audit log, five entries at most', async () => {
    const { findRequests } = stubDashboard({
      role: 'admin',
      activity: [activityEntry({ id: 'a1', actor: { userId: 'user-2', name: 'Grace Hopper' } })],
    });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(panel).findByText('Grace Hopper joined the team as Employee')).toBeInTheDocument();
    expect(findRequests('GET', '/api/teams/current/activity')).toHaveLength(1);
  });

  it('says when the team has no members to show', async () => {
    stubDashboard({ role: 'admin', members: [] });
    renderRoutes({ path: '/admin-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    expect(await within(panel).findByText('No team members yet.')).toBeInTheDocument();
  });
});
