import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { memberCard, members, openScreen, stubTeam } from '@/testing/team-management-fixture';
import { currentPath, renderRoutes } from '@/testing/test-utils';

describe('/team-management', () => {
  it('shows the title, the back button to /chat and the summary cards from the team stats', async () => {
    stubTeam('admin');
    const { user, router } = await openScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Team Management' })).toBeInTheDocument();
    const figures = {
      'Team Members': '5',
      'Active Projects': '2',
      'AI Queries Today': '17',
      Departments: '3',
    };
    for (const [label, value] of Object.entries(figures)) {
      expect(within(screen.getByRole('group', { name: label })).getByText(value)).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('group', { name: 'Active Projects' })).getByText('Ongoing workspaces'),
    ).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(currentPath(router)).toBe('/chat'));
  });

  it('selects the tab named in the URL and keeps the chosen tab there', async () => {
    stubTeam('admin');
    const { user, router } = await openScreen('/team-management?tab=departments');

    expect(screen.getByRole('tab', { name: 'Departments' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    await waitFor(() => expect(currentPath(router)).toBe('/team-management?tab=members'));
    expect(screen.getByRole('searchbox', { name: 'Search team members' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(currentPath(router)).toBe('/team-management'));
  });

  it("speaks the user's language", async () => {
    await changeLanguage('es');
    stubTeam('admin');
    renderRoutes({ path: '/team-management?tab=members' });

    expect(await screen.findByRole('tablist', { name: 'Secciones de gestión del equipo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión del equipo' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar miembros del equipo' })).toBeInTheDocument();
    expect(within(memberCard('Dan Dale')).getByText('General')).toBeInTheDocument();
  });

  it('falls back to Overview for an unknown tab', async () => {
    stubTeam('admin');
    await openScreen('/team-management?tab=nonsense');

    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers to create a workspace when the user has no team', async () => {
    stubTeam('employee', {
      'GET /api/teams/current': apiErrorResponse(404, 'NOT_FOUND', 'Team not found'),
      'GET /api/teams/current/stats': apiErrorResponse(404, 'NOT_FOUND', 'Team not found'),
      'GET /api/teams/current/members': apiErrorResponse(404, 'NOT_FOUND', 'Team not found'),
      'GET /api/teams/current/departments': apiErrorResponse(404, 'NOT_FOUND', 'Team not found'),
    });
    renderRoutes({ path: '/team-management' });

    expect(await screen.findByRole('link', { name: 'Create Workspace' })).toHaveAttribute('href', '/workspace-new');
  });

  it('shows an error with a retry when the team cannot be loaded', async () => {
    let membersReply = apiErrorResponse(500, 'INTERNAL', 'Database unavailable');
    const { findRequests } = stubTeam('admin', { 'GET /api/teams/current/members': () => membersReply });
    const { user } = renderRoutes({ path: '/team-management' });

    expect(await screen.findByText('Failed to load your team')).toBeInTheDocument();
    membersReply = jsonResponse({ members });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('tablist', { name: 'Team management sections' })).toBeInTheDocument();
    expect(findRequests('GET', '/api/teams/current/members')).toHaveLength(2);
  });
});
