import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { roleState, stubSignedIn } from '@/testing/fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

describe('RequireRole', () => {
  it('sends a user without a team to /workspace-new', async () => {
    stubSignedIn(jsonResponse(roleState(null)));
    const { router } = renderRoutes({ path: '/admin-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Create Workspace' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace-new');
  });

  it('sends an employee away from /admin-dashboard to /employee-dashboard', async () => {
    stubSignedIn(jsonResponse(roleState('employee')));
    const { router } = renderRoutes({ path: '/admin-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/employee-dashboard');
  });

  it('sends a team lead away from /employee-dashboard to /admin-dashboard', async () => {
    stubSignedIn(jsonResponse(roleState('team_lead')));
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/admin-dashboard');
  });

  it('lets an allowed role in', async () => {
    stubSignedIn(jsonResponse(roleState('viewer')));
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/employee-dashboard');
  });

  it('only logs a role fetch error and treats the user as having no team', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSignedIn(apiErrorResponse(500, 'INTERNAL', 'Database unavailable'));
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Create Workspace' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/workspace-new');
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch user role:', expect.anything());
  });
});
