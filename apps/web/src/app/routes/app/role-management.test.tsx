import type { Role } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn, testUser } from '@/testing/fixtures';
import { space, spaceFile, spaceMember } from '@/testing/space-fixtures';
import { teamMember } from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

const SPACE_ID = 'space-marketing';

const ada = teamMember({ userId: testUser.id, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' });
const grace = teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper', role: 'employee' });
const bob = teamMember({ userId: 'user-bob', firstName: 'Bob', lastName: 'Builder', role: 'viewer' });

const adaInSpace = spaceMember({ userId: testUser.id, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' });
const graceInSpace = spaceMember({ userId: 'user-2', role: 'employee' });

function stubRoles(myRole: Role | null, routes: StubRoutes = {}) {
  return stubSignedIn('employee', {
    [`GET /api/spaces/${SPACE_ID}`]: jsonResponse(space({ name: 'Marketing', myRole })),
    [`GET /api/spaces/${SPACE_ID}/members`]: jsonResponse({ members: [adaInSpace, graceInSpace] }),
    'GET /api/teams/current/members': jsonResponse({ members: [ada, grace, bob] }),
    [`GET /api/spaces/${SPACE_ID}/files`]: jsonResponse({ files: [spaceFile()] }),
    ...routes,
  });
}

function openScreen() {
  return renderRoutes({ path: `/role-management/${SPACE_ID}` });
}

function permission(name: string) {
  return within(screen.getByRole('list', { name: 'Your File Permissions' })).getByRole('listitem', {
    name: new RegExp(`^${name}:`),
  });
}

describe('/role-management/:spaceId', () => {
  it("shows 'Loading…', then the space name and 'Role-Based Management'", async () => {
    stubRoles('admin');
    openScreen();
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
    expect(screen.getByText('Role-Based Management')).toBeInTheDocument();
  });

  it("shows 'Space not found' when the server answers 404", async () => {
    stubRoles('admin', { [`GET /api/spaces/${SPACE_ID}`]: apiErrorResponse(404, 'NOT_FOUND', 'Space not found') });
    openScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Space not found' })).toBeInTheDocument();
  });

  it("gives space admins a role selector per team member, 'No role' for those without one", async () => {
    stubRoles('admin');
    openScreen();

    const list = await screen.findByRole('list', { name: 'User Roles' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Ada Lovelace', 'Grace Hopper', 'Bob Builder']);
    expect(screen.getByRole('combobox', { name: 'Space role of Grace Hopper' })).toHaveValue('employee');
    const bobSelect = screen.getByRole('combobox', { name: 'Space role of Bob Builder' });
    expect(bobSelect).toHaveValue('');
    expect(within(bobSelect).getByRole('option', { name: 'No role' })).toBeInTheDocument();
    expect(screen.queryByText('View Only')).not.toBeInTheDocument();
  });

  it('creates the assignment of a member without a role via PUT and says so', async () => {
    const { findRequests } = stubRoles('admin', {
      [`PUT /api/spaces/${SPACE_ID}/members/user-bob/role`]: jsonResponse({
        members: [adaInSpace, graceInSpace],
        message: 'User role updated successfully',
      }),
    });
    const { user } = openScreen();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Space role of Bob Builder' }), 'team_lead');

    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(findRequests('PUT', `/api/spaces/${SPACE_ID}/members/user-bob/role`)[0]?.body).toEqual({
      role: 'team_lead',
    });
  });

  it("shows the server's reason when a role change is refused", async () => {
    stubRoles('admin', {
      [`PUT /api/spaces/${SPACE_ID}/members/user-2/role`]: apiErrorResponse(
        403,
        'FORBIDDEN',
        'Access Denied: Only admins can assign roles',
        'ONLY_ADMINS_ASSIGN_ROLES',
      ),
    });
    const { user } = openScreen();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Space role of Grace Hopper' }), 'viewer');
    expect(await screen.findByText('Access Denied: Only admins can assign roles')).toBeInTheDocument();
  });

  it("says 'Failed to update user role' when the server gives no reason", async () => {
    stubRoles('admin', {
      [`PUT /api/spaces/${SPACE_ID}/members/user-2/role`]: new Response(null, { status: 500 }),
    });
    const { user } = openScreen();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Space role of Grace Hopper' }), 'admin');
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
  });

  it("says 'No users found' when the team has no members", async () => {
    stubRoles('admin', { 'GET /api/teams/current/members': jsonResponse({ members: [] }) });
    openScreen();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("shows others the space's members with 'View Only' badges instead of selectors", async () => {
    const { findRequests } = stubRoles('employee');
    openScreen();

    const list = await screen.findByRole('list', { name: 'Space Members' });
    expect(within(list).getAllByText('View Only')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'User Roles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Space role of/ })).not.toBeInTheDocument();
    expect(findRequests('GET', '/api/teams/current/members')).toHaveLength(0);
  });

  it("shows the caller's own file permissions from their space role", async () => {
    stubRoles('employee');
    openScreen();

    await screen.findByRole('list', { name: 'Your File Permissions' });
    expect(permission('View files')).toHaveTextContent('Allowed');
    expect(permission('Upload files')).toHaveTextContent('Allowed');
    expect(permission('Edit files')).toHaveTextContent('Not allowed');
    expect(permission('Delete files')).toHaveTextContent('Not allowed');
  });

  it("tells a user without a role that they can't view the space's files", async () => {
    stubRoles(null);
    openScreen();

    await screen.findByRole('list', { name: 'Your File Permissions' });
    expect(screen.getByText('You have no role in this space')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to view files in this space.")).toBeInTheDocument();
    await waitFor(() => expect(permission('View files')).toHaveTextContent('Not allowed'));
  });

  it.each([
    ['admin', { upload: true, rename: true, delete: true }],
    ['team_lead', { upload: true, rename: true, delete: false }],
    ['employee', { upload: true, rename: false, delete: false }],
    ['viewer', { upload: false, rename: false, delete: false }],
  ] as const)('shows the file card to a %s with the actions of their role', async (role, allowed) => {
    stubRoles(role);
    openScreen();

    const row = await screen.findByRole('listitem', { name: 'report.pdf' });
    expect(screen.queryByTestId('space-file-input') !== null).toBe(allowed.upload);
    expect(within(row).queryByRole('button', { name: 'Rename report.pdf' }) !== null).toBe(allowed.rename);
    expect(within(row).queryByRole('button', { name: 'Delete report.pdf' }) !== null).toBe(allowed.delete);
    expect(within(row).getByRole('link', { name: 'Download report.pdf' })).toBeInTheDocument();
  });
});
