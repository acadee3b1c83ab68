import type { Role, Space } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn, testUser } from '@/testing/fixtures';
import { space, spaceFile, spaceMember } from '@/testing/space-fixtures';
import { teamMember } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const marketing = space({ name: 'Marketing', description: 'Campaigns and launches', memberCount: 3 });
const finance = space({ name: 'Finance', description: 'Budgets and MARKET reports', memberCount: 2, myRole: 'viewer' });
const backend = space({ name: 'Backend', description: null, memberCount: 1 });

const adaInSpace = spaceMember({ userId: testUser.id, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' });
const graceInSpace = spaceMember({ userId: 'user-2', role: 'employee' });
const namelessInSpace = spaceMember({ userId: 'user-3', firstName: '', lastName: '', email: 'x@example.com' });

function stubManagement(role: Role, routes: StubRoutes = {}, spaces: Space[] = [marketing, finance, backend]) {
  return stubSignedIn(role, {
    'GET /api/spaces': jsonResponse({ spaces }),
    'GET /api/teams/current/members': jsonResponse({
      members: [
        teamMember({ userId: testUser.id, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' }),
        teamMember({ userId: 'user-2', firstName: 'Grace', lastName: 'Hopper' }),
      ],
    }),
    [`GET /api/spaces/${marketing.id}`]: jsonResponse(marketing),
    [`GET /api/spaces/${finance.id}`]: jsonResponse(finance),
    [`GET /api/spaces/${marketing.id}/members`]: jsonResponse({ members: [adaInSpace, graceInSpace, namelessInSpace] }),
    [`GET /api/spaces/${finance.id}/members`]: jsonResponse({ members: [graceInSpace] }),
    [`GET /api/spaces/${marketing.id}/files`]: jsonResponse({ files: [spaceFile({ spaceId: marketing.id })] }),
    [`GET /api/spaces/${finance.id}/files`]: jsonResponse({ files: [] }),
    ...routes,
  });
}

async function openScreen(path = '/spaces-management') {
  const rendered = renderRoutes({ path });
  await screen.findByRole('heading', { level: 1, name: 'Spaces Management' });
  return rendered;
}

function shownSpaceNames() {
  const list = screen.queryByRole('list', { name: 'Spaces Management' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('/spaces-management', () => {
  it('shows each space with its description (or none), member count and Active badge', async () => {
    stubManagement('admin');
    await openScreen();

    await waitFor(() => expect(shownSpaceNames()).toEqual(['Marketing', 'Finance', 'Backend']));
    const marketingCard = screen.getByRole('button', { name: 'Open Marketing' });
    expect(marketingCard).toHaveTextContent('Campaigns and launches');
    expect(marketingCard).toHaveTextContent('Members: 3');
    expect(marketingCard).toHaveTextContent('Active');
    expect(screen.getByRole('button', { name: 'Open Backend' })).toHaveTextContent('No description provided');
  });

  it('filters by name or description, case-insensitively, and says when nothing matches', async () => {
    stubManagement('admin');
    const { user } = await openScreen();
    const search = await screen.findByRole('searchbox', { name: 'Search spaces' });
    expect(search).toHaveAttribute('placeholder', 'Search spaces...');
    await waitFor(() => expect(shownSpaceNames()).toHaveLength(3));

    await user.type(search, 'market');
    expect(shownSpaceNames()).toEqual(['Marketing', 'Finance']);

    await user.clear(search);
    await user.type(search, 'BACK');
    expect(shownSpaceNames()).toEqual(['Backend']);

    await user.clear(search);
    await user.type(search, 'legal');
    expect(screen.getByText('No spaces found')).toBeInTheDocument();
    expect(screen.getByText('No spaces match your search criteria')).toBeInTheDocument();
  });

  it('invites to create the first space when there is none', async () => {
    stubManagement('admin', {}, []);
    await openScreen();
    expect(await screen.findByText('No spaces found')).toBeInTheDocument();
    expect(screen.getByText('Create your first space to get started')).toBeInTheDocument();
  });

  it('creates a private space with chosen members from the Create Space dialog', async () => {
    const created = space({ name: 'Design', isPrivate: true });
    const { findRequests } = stubManagement('team_lead', { 'POST /api/spaces': jsonResponse(created, 201) });
    const { user } = await openScreen();

    await user.click(await screen.findByRole('button', { name: 'Create Space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Space' });
    const name = within(dialog).getByRole('textbox', { name: 'Space Name' });
    expect(within(dialog).getByRole('button', { name: 'Create Space' })).toBeDisabled();

    await user.click(name);
    await user.tab();
    expect(within(dialog).getByText('Space name is required')).toBeInTheDocument();

    await user.type(name, 'Design');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Brand work');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Private space' }));
    // The caller is always in the space, so only the others are offered.
    expect(within(dialog).queryByRole('checkbox', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Grace Hopper/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Space' }));

    expect(await screen.findByText('Space created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(findRequests('POST', '/api/spaces')[0]?.body).toEqual({
      name: 'Design',
      description: 'Brand work',
      isPrivate: true,
      memberIds: ['user-2'],
    });
  });

  it('hides Create Space from employees', async () => {
    stubManagement('employee');
    await openScreen();
    await waitFor(() => expect(shownSpaceNames()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Create Space' })).not.toBeInTheDocument();
  });

  it('opens a space with its member count, Active status and members; space admins may invite', async () => {
    const { findRequests } = stubManagement('employee', {
      [`POST /api/spaces/${marketing.id}/invitations`]: jsonResponse(
        { emailSent: true, message: 'Invitation sent successfully' },
        201,
      ),
    });
    const { user, router } = await openScreen();

    await user.click(await screen.findByRole('button', { name: 'Open Marketing' }));
    const details = await screen.findByRole('region', { name: 'Marketing' });
    expect(currentPath(router)).toBe(`/spaces-management?space=${marketing.id}`);
    expect(within(details).getByText('Space Status').nextSibling).toHaveTextContent('Active');
    expect(within(details).getByText('Members', { selector: 'dt' }).nextSibling).toHaveTextContent('3');

    const members = await within(details).findByRole('list', { name: 'Members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'x@example.com',
    ]);
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[0]).toHaveTextContent('Admin');
    expect(rows[1]).toHaveTextContent('Employee');

    await user.click(within(details).getByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    const roleSelect = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(roleSelect).toHaveValue('viewer');
    expect(
      within(roleSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Viewer – Only view files',
      'Employee – Upload and view',
      'Team Lead – View and edit',
      'Admin – Full access',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Linus@Example.com');
    await user.selectOptions(roleSelect, 'employee');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(findRequests('POST', `/api/spaces/${marketing.id}/invitations`)[0]?.body).toEqual({
      email: 'linus@example.com',
      role: 'employee',
    });
  });

  it('tells when the invitation exists but its email failed', async () => {
    stubManagement('admin', {
      [`POST /api/spaces/${marketing.id}/invitations`]: jsonResponse(
        { emailSent: false, message: 'Invitation created but email failed to send' },
        201,
      ),
    });
    const { user } = await openScreen(`/spaces-management?space=${marketing.id}`);

    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'linus@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation created but email failed to send')).toBeInTheDocument();
  });

  it('does not offer Invite Member in a space where the user is not admin', async () => {
    stubManagement('admin');
    const { user } = await openScreen(`/spaces-management?space=${finance.id}`);

    await within(await screen.findByRole('region', { name: 'Finance' })).findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Invite Member' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to all spaces' }));
    expect(await screen.findByRole('searchbox', { name: 'Search spaces' })).toBeInTheDocument();
  });

  it("shows the opened space's file card with the actions of the caller's space role", async () => {
    stubManagement('admin');
    const { unmount } = await openScreen(`/spaces-management?space=${marketing.id}`);

    const row = await screen.findByRole('listitem', { name: 'report.pdf' });
    expect(screen.getByTestId('space-file-input')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Rename report.pdf' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete report.pdf' })).toBeInTheDocument();
    unmount();

    // A viewer of Finance sees the empty state and cannot pick files to upload.
    stubManagement('admin');
    await openScreen(`/spaces-management?space=${finance.id}`);
    expect(await screen.findByText('No files have been uploaded to this space')).toBeInTheDocument();
    expect(screen.queryByTestId('space-file-input')).not.toBeInTheDocument();
  });

  it('accepts a space invitation from ?token= once, says so, and drops the parameter', async () => {
    const { findRequests } = stubManagement('employee', {
      'POST /api/space-invitations/tok-1/accept': jsonResponse(marketing),
    });
    const { router } = await openScreen('/spaces-management?token=tok-1');

    expect(await screen.findByText("You've successfully joined the space!")).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/spaces-management'));
    expect(findRequests('POST', '/api/space-invitations/tok-1/accept')).toHaveLength(1);
  });

  it('says the invitation may be expired or invalid on a 404', async () => {
    stubManagement('employee', {
      'POST /api/space-invitations/old/accept': apiErrorResponse(
        404,
        'NOT_FOUND',
        'Failed to accept invitation. It may be expired or invalid.',
      ),
    });
    const { router } = await openScreen('/spaces-management?token=old');

    expect(await screen.findByText('Failed to accept invitation. It may be expired or invalid.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/spaces-management'));
  });

  it('says an error occurred on any other failure', async () => {
    stubManagement('employee', { 'POST /api/space-invitations/tok-2/accept': new Response(null, { status: 500 }) });
    await openScreen('/spaces-management?token=tok-2');
    expect(await screen.findByText('An error occurred while accepting the invitation.')).toBeInTheDocument();
  });
});
