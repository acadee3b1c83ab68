import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activityEntry, stubDashboard, teamMember } from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

async function findYourWorkspace() {
  return screen.findByRole('region', { name: 'Your Workspace' });
}

describe('/employee-dashboard', () => {
  it('greets the employee and shows the team, their role and their department', async () => {
    stubDashboard({
      role: 'employee',
      members: [
        teamMember({ userId: 'user-2', department: 'Sales' }),
        teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', department: 'Engineering' }),
      ],
    });
    renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
    const workspace = await findYourWorkspace();
    expect(within(workspace).getByText('Marketing')).toBeInTheDocument();
    expect(within(workspace).getByText('Employee')).toBeInTheDocument();
    expect(await within(workspace).findByText('Engineering')).toBeInTheDocument();
  });

  it("shows 'General' when the user has no department", async () => {
    stubDashboard({
      role: 'viewer',
      members: [teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace', role: 'viewer' })],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const workspace = await findYourWorkspace();
    expect(within(workspace).getByText('Viewer')).toBeInTheDocument();
    expect(await within(workspace).findByText('General')).toBeInTheDocument();
  });

  it('offers AI Chat, Team Chat, Workspace and Assets', async () => {
    stubDashboard({ role: 'employee' });
    renderRoutes({ path: '/employee-dashboard' });

    const quickActions = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(
      within(quickActions)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/chat', '/team-chat', '/workspace', '/assets']);
    expect(within(quickActions).getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/workspace');
    expect(screen.queryByRole('link', { name: 'Invite Team Member' })).not.toBeInTheDocument();
  });

  it("lists the team's members with their role, and the Recent Activity", async () => {
    stubDashboard({
      role: 'employee',
      members: [
        teamMember({ userId: 'user-1', firstName: 'Ada', lastName: 'Lovelace' }),
        teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper', role: 'admin' }),
      ],
      activity: [activityEntry({ id: 'a1', actor: { userId: 'user-2', name: 'Grace Hopper' }, details: {} })],
    });
    renderRoutes({ path: '/employee-dashboard' });

    const panel = await screen.findByRole('region', { name: 'Team Members' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Admin')).toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByText(/Grace Hopper joined the team/)).toBeInTheDocument();
  });
});
