import type { CurrentTeam, Department, Invitation, Role } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn, testUser } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { activityEntry, teamMember, teamStats } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const ENGINEERING_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a01';
const SALES_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a02';
const LEGAL_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a03';

const team: CurrentTeam = {
  id: 'team-1',
  name: 'Marketing',
  description: 'Campaigns and launches',
  createdAt: '2026-01-02T10:00:00.000Z',
  memberCount: 5,
  departmentCount: 3,
};

const departments: Department[] = [
  { id: ENGINEERING_ID, name: 'Engineering', createdAt: '2026-01-02T10:00:00.000Z' },
  { id: SALES_ID, name: 'Sales', createdAt: '2026-01-02T10:00:00.000Z' },
  { id: LEGAL_ID, name: 'Legal', createdAt: '2026-01-02T10:00:00.000Z' },
];

const ada = teamMember({
  userId: testUser.id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: testUser.email,
  role: 'admin',
  departmentId: ENGINEERING_ID,
  department: 'Engineering',
});
const bob = teamMember({
  userId: 'user-bob',
  firstName: 'Bob',
  lastName: 'Builder',
  role: 'team_lead',
  departmentId: ENGINEERING_ID,
  department: 'Engineering',
});
const carol = teamMember({
  userId: 'user-carol',
  firstName: 'Carol',
  lastName: 'Chen',
  role: 'employee',
  departmentId: SALES_ID,
  department: 'Sales',
  customRole: 'Designer',
});
const dan = teamMember({ userId: 'user-dan', firstName: 'Dan', lastName: 'Dale', role: 'viewer', status: 'inactive' });
const eve = teamMember({
  userId: 'user-eve',
  firstName: 'Eve',
  lastName: 'Evans',
  role: 'admin',
  departmentId: SALES_ID,
  department: 'Sales',
});
const members = [ada, bob, carol, dan, eve];

const stats = teamStats({
  memberCount: 5,
  membersByRole: { admin: 2, team_lead: 1, employee: 1, viewer: 1 },
  departmentCount: 3,
  spaceCount: 2,
  aiQueriesToday: 17,
  pendingInvitationCount: 1,
});

const activityEntries = [
  activityEntry({
    action: 'team_invite',
    actor: { userId: testUser.id, name: 'Ada Lovelace' },
    target: 'grace@example.com',
  }),
];

const invitation: Invitation = {
  id: 'invitation-1',
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  role: 'employee',
  departmentId: null,
  department: null,
  customRole: null,
  customDepartment: null,
  invitedBy: { userId: testUser.id, name: 'Ada Lovelace' },
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-08T10:00:00.000Z',
  acceptedAt: null,
};

function stubTeam(role: Role, overrides: StubRoutes = {}) {
  return stubSignedIn(role, {
    'GET /api/teams/current': jsonResponse(team),
    'GET /api/teams/current/stats': jsonResponse(stats),
    'GET /api/teams/current/members': jsonResponse({ members }),
    'GET /api/teams/current/departments': jsonResponse({ departments }),
    'GET /api/teams/current/activity': jsonResponse({ entries: activityEntries, nextCursor: null }),
    'GET /api/teams/current/invitations': jsonResponse({ invitations: [invitation] }),
    'GET /api/spaces': jsonResponse({ spaces: [] }),
    ...overrides,
  });
}

function createdInvitation(emailSent: boolean) {
  return jsonResponse(
    {
      invitation,
      emailSent,
      message: emailSent ? 'Invitation sent successfully!' : 'Invitation created but email failed to send',
    },
    201,
  );
}

async function openScreen(path = '/team-management') {
  const rendered = renderRoutes({ path });
  // hidden: an open dialog (?action=invite) hides the rest of the screen from the accessibility tree.
  await screen.findByRole('tablist', { name: 'Team management sections', hidden: true });
  return rendered;
}

function memberCard(name: string) {
  return screen.getByRole('article', { name });
}

function visibleMemberNames() {
  const list = screen.queryByRole('list', { name: 'Team Members' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

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

  it('shows Recent Activity from the audit log and the Quick Actions a manager may use', async () => {
    stubTeam('team_lead');
    await openScreen();

    expect(await screen.findByText('Ada Lovelace invited grace@example.com as Employee')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Space' })).toHaveAttribute('href', '/spaces/new');
    expect(screen.getByRole('button', { name: 'Invite Team Member' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Chatting' })).toHaveAttribute('href', '/team-chat');
  });

  it('offers only Start Chatting to members who do not manage the team, and no invitations', async () => {
    const { findRequests } = stubTeam('employee');
    await openScreen();

    expect(screen.getByRole('link', { name: 'Start Chatting' })).toHaveAttribute('href', '/team-chat');
    expect(screen.queryByRole('link', { name: 'Create New Space' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Invitations' })).not.toBeInTheDocument();
    expect(findRequests('GET', '/api/teams/current/invitations')).toHaveLength(0);
  });

  it('lists pending invitations for managers and revokes one after confirmation', async () => {
    const { findRequests } = stubTeam('admin', {
      'DELETE /api/teams/current/invitations/invitation-1': new Response(null, { status: 204 }),
    });
    const { user } = await openScreen();

    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText(/^Expires /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation for grace@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this invitation?' });
    expect(findRequests('DELETE', '/api/teams/current/invitations/invitation-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/teams/current/invitations/invitation-1')).toHaveLength(1);
  });

  describe('Members tab', () => {
    it('searches members by name, email, department or role, ignoring case', async () => {
      stubTeam('admin');
      const { user } = await openScreen('/team-management?tab=members');
      const search = screen.getByRole('searchbox', { name: 'Search team members' });
      expect(search).toHaveAttribute('placeholder', 'Search team members...');
      expect(visibleMemberNames()).toEqual(['Ada Lovelace', 'Bob Builder', 'Carol Chen', 'Dan Dale', 'Eve Evans']);

      await user.type(search, 'CAROL');
      expect(visibleMemberNames()).toEqual(['Carol Chen']);

      await user.clear(search);
      await user.type(search, 'bob@example');
      expect(visibleMemberNames()).toEqual(['Bob Builder']);

      await user.clear(search);
      await user.type(search, 'sales');
      expect(visibleMemberNames()).toEqual(['Carol Chen', 'Eve Evans']);

      await user.clear(search);
      await user.type(search, 'general');
      expect(visibleMemberNames()).toEqual(['Dan Dale']);

      await user.clear(search);
      await user.type(search, 'Team Lead');
      expect(visibleMemberNames()).toEqual(['Bob Builder']);

      await user.clear(search);
      await user.type(search, 'viewer');
      expect(visibleMemberNames()).toEqual(['Dan Dale']);
    });

    it('shows each member with avatar status, role, custom role, department and joined date', async () => {
      stubTeam('admin');
      await openScreen('/team-management?tab=members');

      const carolCard = memberCard('Carol Chen');
      expect(within(carolCard).getByText('carol@example.com')).toBeInTheDocument();
      expect(within(carolCard).getByText('Employee', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
      expect(within(carolCard).getByText('Designer')).toBeInTheDocument();
      expect(within(carolCard).getByText('Sales')).toBeInTheDocument();
      expect(within(carolCard).getByText(/^Joined /)).toBeInTheDocument();
      expect(within(carolCard).getByText('CC')).toBeInTheDocument();
      expect(within(carolCard).getByTestId('status-dot')).toHaveAttribute('data-active', 'true');

      const danCard = memberCard('Dan Dale');
      expect(within(danCard).getByText('General')).toBeInTheDocument();
      expect(within(danCard).getByTestId('status-dot')).toHaveAttribute('data-active', 'false');
      expect(within(memberCard('Ada Lovelace')).getByText('You')).toBeInTheDocument();
    });

    it("shows 'No team members found.' with an invite hint for managers only", async () => {
      stubTeam('team_lead');
      const { user, unmount } = await openScreen('/team-management?tab=members');
      await user.type(screen.getByRole('searchbox', { name: 'Search team members' }), 'nobody at all');
      expect(screen.getByText('No team members found.')).toBeInTheDocument();
      expect(screen.getByText('Invite colleagues with the Invite by email button.')).toBeInTheDocument();
      unmount();

      stubTeam('employee');
      const employee = await openScreen('/team-management?tab=members');
      await employee.user.type(screen.getByRole('searchbox', { name: 'Search team members' }), 'nobody at all');
      expect(screen.getByText('No team members found.')).toBeInTheDocument();
      expect(screen.queryByText('Invite colleagues with the Invite by email button.')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Invite by email' })).not.toBeInTheDocument();
    });

    it("opens 'View All N Members' with every member and its own search by name, role and department", async () => {
      stubTeam('employee');
      const { user } = await openScreen('/team-management?tab=members');

      await user.click(screen.getByRole('button', { name: 'View All 5 Members' }));
      const dialog = await screen.findByRole('dialog', { name: 'All Team Members' });
      expect(dialog).toHaveClass('max-h-[80vh]');
      const list = within(dialog).getByRole('list', { name: 'All Team Members' });
      expect(list).toHaveClass('overflow-y-auto');
      expect(within(list).getAllByRole('listitem')).toHaveLength(5);

      const search = within(dialog).getByRole('searchbox', { name: 'Search all members' });
      await user.type(search, 'engineering');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('Ada Lovelace'), expect.stringContaining('Bob Builder')]);

      await user.clear(search);
      await user.type(search, 'admin');
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);

      await user.clear(search);
      await user.type(search, 'dan');
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
      expect(within(list).getByText('Dan Dale')).toBeInTheDocument();
    });

    it('gives an admin a role selector for the other members only', async () => {
      stubTeam('admin');
      await openScreen('/team-management?tab=members');

      expect(screen.getByRole('combobox', { name: 'Change the role of Bob Builder' })).toHaveValue('team_lead');
      expect(screen.getByRole('combobox', { name: 'Change the role of Eve Evans' })).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Change the role of Ada Lovelace' })).not.toBeInTheDocument();
      const options = within(screen.getByRole('combobox', { name: 'Change the role of Carol Chen' })).getAllByRole(
        'option',
      );
      expect(options.map((option) => option.getAttribute('value'))).toEqual([
        'admin',
        'team_lead',
        'employee',
        'viewer',
      ]);
    });

    it('gives a team lead no role selector', async () => {
      stubTeam('team_lead');
      await openScreen('/team-management?tab=members');

      expect(memberCard('Carol Chen')).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: /Change the role of/ })).not.toBeInTheDocument();
    });

    it('saves a role change and confirms it', async () => {
      const { findRequests } = stubTeam('admin', {
        'PATCH /api/teams/current/members/user-carol/role': jsonResponse({
          member: { ...carol, role: 'viewer' },
          message: 'User role updated successfully',
        }),
      });
      const { user } = await openScreen('/team-management?tab=members');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Change the role of Carol Chen' }), 'viewer');

      expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
      expect(findRequests('PATCH', '/api/teams/current/members/user-carol/role')[0]?.body).toEqual({ role: 'viewer' });
    });

    it.each([
      [403, 'FORBIDDEN', 'Access Denied: Only admins can assign roles'],
      [400, 'VALIDATION_ERROR', 'Invalid role selected'],
      [409, 'CONFLICT', 'The team must keep at least one admin'],
    ])('shows the server text when a role change fails with %s', async (status, code, message) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      stubTeam('admin', {
        'PATCH /api/teams/current/members/user-eve/role': apiErrorResponse(status, code, message),
      });
      const { user } = await openScreen('/team-management?tab=members');

      const select = screen.getByRole('combobox', { name: 'Change the role of Eve Evans' });
      await user.selectOptions(select, 'employee');

      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(select).toHaveValue('admin'));
    });

    it("falls back to 'Failed to update user role' when the server gives no text", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      stubTeam('admin', {
        'PATCH /api/teams/current/members/user-eve/role': new Response('Bad gateway', { status: 502 }),
      });
      const { user } = await openScreen('/team-management?tab=members');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Change the role of Eve Evans' }), 'viewer');

      expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    });

    it('removes a member after confirmation, never offering it for oneself or an admin', async () => {
      const { findRequests } = stubTeam('team_lead', {
        'DELETE /api/teams/current/members/user-carol': new Response(null, { status: 204 }),
      });
      const { user } = await openScreen('/team-management?tab=members');

      expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace from the team' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove Eve Evans from the team' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove Bob Builder from the team' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Remove Carol Chen from the team' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Remove this team member?' });
      expect(within(dialog).getByText(/Carol Chen will lose access/)).toBeInTheDocument();
      expect(findRequests('DELETE', '/api/teams/current/members/user-carol')).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Team member removed')).toBeInTheDocument();
      expect(findRequests('DELETE', '/api/teams/current/members/user-carol')).toHaveLength(1);
    });

    it('does not remove anyone when the confirmation is cancelled, and shows the server text on failure', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { findRequests } = stubTeam('admin', {
        'DELETE /api/teams/current/members/user-bob': apiErrorResponse(
          403,
          'FORBIDDEN',
          'You cannot remove this member',
        ),
      });
      const { user } = await openScreen('/team-management?tab=members');

      await user.click(screen.getByRole('button', { name: 'Remove Bob Builder from the team' }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Remove this team member?' })).getByRole('button', {
          name: 'Cancel',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(findRequests('DELETE', '/api/teams/current/members/user-bob')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Remove Bob Builder from the team' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('You cannot remove this member')).toBeInTheDocument();
    });
  });

  describe('simple invite dialog', () => {
    it("keeps the submit disabled while the email is empty and says 'Email is required'", async () => {
      const { findRequests } = stubTeam('team_lead');
      const { user } = await openScreen('/team-management?tab=members');

      await user.click(screen.getByRole('button', { name: 'Invite by email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite by email' });
      const submit = within(dialog).getByRole('button', { name: 'Send Invitation' });
      expect(submit).toBeDisabled();

      // Leaving the field empty tells why the button is disabled.
      const email = within(dialog).getByRole('textbox', { name: 'Email' });
      await user.click(email);
      await user.tab();
      expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');

      await user.type(email, 'g');
      expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
      expect(submit).toBeEnabled();
      await user.clear(email);
      expect(submit).toBeDisabled();
      expect(findRequests('POST', '/api/teams/current/invitations')).toHaveLength(0);
    });

    it('invites by email with the employee role', async () => {
      const { findRequests } = stubTeam('admin', { 'POST /api/teams/current/invitations': createdInvitation(true) });
      const { user } = await openScreen('/team-management?tab=members');

      await user.click(screen.getByRole('button', { name: 'Invite by email' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite by email' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Grace@Example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
      expect(findRequests('POST', '/api/teams/current/invitations')[0]?.body).toEqual({
        email: 'grace@example.com',
        role: 'employee',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite by email' })).not.toBeInTheDocument());
    });
  });

  describe('full invite dialog', () => {
    it('opens from ?action=invite for managers and shows each validation message', async () => {
      const { findRequests } = stubTeam('team_lead');
      const { user } = await openScreen('/team-management?action=invite');

      const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      const roleOptions = within(within(dialog).getByRole('combobox', { name: 'Role' })).getAllByRole('option');
      expect(roleOptions.map((option) => option.textContent)).toEqual([
        'Team Lead',
        'Employee',
        'Viewer',
        'Custom role…',
      ]);
      const departmentOptions = within(within(dialog).getByRole('combobox', { name: 'Department' })).getAllByRole(
        'option',
      );
      expect(departmentOptions.map((option) => option.textContent)).toEqual([
        'No department',
        'Engineering',
        'Sales',
        'Legal',
        'Custom department…',
      ]);

      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      expect(within(dialog).getByText('Full name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

      await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'custom');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), 'custom');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(within(dialog).queryByText('Full name is required')).not.toBeInTheDocument();
      expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(within(dialog).getByText('Custom role is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Custom department is required')).toBeInTheDocument();
      expect(findRequests('POST', '/api/teams/current/invitations')).toHaveLength(0);
    });

    it('sends the invitation, confirms it, closes and resets', async () => {
      const { findRequests } = stubTeam('admin', { 'POST /api/teams/current/invitations': createdInvitation(true) });
      const { user, router } = await openScreen();

      await user.click(screen.getByRole('button', { name: 'Invite Team Member' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      expect(currentPath(router)).toBe('/team-management?action=invite');
      await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'custom');
      await user.type(within(dialog).getByRole('textbox', { name: 'Custom Role' }), 'Designer');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), ENGINEERING_ID);
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
      expect(findRequests('POST', '/api/teams/current/invitations')[0]?.body).toEqual({
        email: 'grace@example.com',
        fullName: 'Grace Hopper',
        role: 'employee',
        departmentId: ENGINEERING_ID,
        customRole: 'Designer',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentPath(router)).toBe('/team-management');
      expect(screen.getByRole('button', { name: 'Invite Team Member' })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: 'Invite Team Member' }));
      const reopened = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      expect(within(reopened).getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
      expect(within(reopened).getByRole('combobox', { name: 'Role' })).toHaveValue('employee');
    });

    it('warns when the invitation was created but its email failed', async () => {
      stubTeam('admin', { 'POST /api/teams/current/invitations': createdInvitation(false) });
      const { user } = await openScreen('/team-management?action=invite');

      const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(await screen.findByText('Invitation created but email failed to send')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('shows the server text, or the fallback, when sending fails, and keeps the dialog open', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      let reply = apiErrorResponse(409, 'CONFLICT', 'This person is already a member of your team');
      stubTeam('admin', { 'POST /api/teams/current/invitations': () => reply });
      const { user } = await openScreen('/team-management?action=invite');

      const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Bob Builder');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'bob@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(await screen.findByText('This person is already a member of your team')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Invite Team Member' })).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('bob@example.com');

      reply = new Response('Bad gateway', { status: 502 });
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    });

    it('disables the controls while the invitation is being sent', async () => {
      let release: (response: Response) => void = () => {};
      stubTeam('admin', {
        'POST /api/teams/current/invitations': () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      });
      const { user } = await openScreen('/team-management?action=invite');

      const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Full Name' }), 'Grace Hopper');
      await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

      expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
      expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeDisabled();
      expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();

      release(createdInvitation(true));
      expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
    });

    it('does not open from ?action=invite for members who cannot invite', async () => {
      stubTeam('viewer');
      await openScreen('/team-management?action=invite');

      expect(screen.queryByRole('dialog', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    });
  });

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

  it('shows the whole activity with Load more on the Activity tab', async () => {
    stubTeam('employee', {
      'GET /api/teams/current/activity': jsonResponse({ entries: activityEntries, nextCursor: 'next-page' }),
    });
    await openScreen('/team-management?tab=activity');

    expect(await screen.findByText('Ada Lovelace invited grace@example.com as Employee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  describe('Departments tab', () => {
    it('counts the members and admins of each department, the others under General', async () => {
      stubTeam('employee');
      await openScreen('/team-management?tab=departments');

      const expected = {
        Engineering: ['2', '1'],
        Sales: ['2', '1'],
        Legal: ['0', '0'],
        General: ['1', '0'],
      };
      for (const [name, [memberCount, adminCount]] of Object.entries(expected)) {
        const card = screen.getByRole('article', { name });
        expect(within(card).getByText('Members').nextElementSibling).toHaveTextContent(memberCount ?? '');
        expect(within(card).getByText('Admins').nextElementSibling).toHaveTextContent(adminCount ?? '');
      }
      expect(screen.queryByRole('button', { name: 'Add Department' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Rename the department/ })).not.toBeInTheDocument();
    });

    it("adds a department and shows the server's refusal under the name", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      let reply = apiErrorResponse(409, 'CONFLICT', 'A department with this name already exists');
      const { findRequests } = stubTeam('admin', { 'POST /api/teams/current/departments': () => reply });
      const { user } = await openScreen('/team-management?tab=departments');

      await user.click(screen.getByRole('button', { name: 'Add Department' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Department' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Department name' }), 'sales');
      await user.click(within(dialog).getByRole('button', { name: 'Add Department' }));
      expect(await within(dialog).findByText('A department with this name already exists')).toBeInTheDocument();

      reply = jsonResponse({ id: 'dep-new', name: 'Research', createdAt: '2026-03-01T10:00:00.000Z' }, 201);
      await user.clear(within(dialog).getByRole('textbox', { name: 'Department name' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Department name' }), 'Research');
      await user.click(within(dialog).getByRole('button', { name: 'Add Department' }));
      expect(await screen.findByText('Department added')).toBeInTheDocument();
      expect(findRequests('POST', '/api/teams/current/departments').map((request) => request.body)).toEqual([
        { name: 'sales' },
        { name: 'Research' },
      ]);
    });

    it('renames a department and deletes one after confirmation', async () => {
      const { findRequests } = stubTeam('team_lead', {
        [`PATCH /api/teams/current/departments/${LEGAL_ID}`]: jsonResponse({ ...departments[2], name: 'Compliance' }),
        [`DELETE /api/teams/current/departments/${SALES_ID}`]: new Response(null, { status: 204 }),
      });
      const { user } = await openScreen('/team-management?tab=departments');

      await user.click(screen.getByRole('button', { name: 'Rename the department Legal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rename Department' });
      const name = within(dialog).getByRole('textbox', { name: 'Department name' });
      expect(name).toHaveValue('Legal');
      await user.clear(name);
      await user.type(name, 'Compliance');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Department renamed')).toBeInTheDocument();
      expect(findRequests('PATCH', `/api/teams/current/departments/${LEGAL_ID}`)[0]?.body).toEqual({
        name: 'Compliance',
      });

      await user.click(screen.getByRole('button', { name: 'Delete the department Sales' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete this department?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Department deleted')).toBeInTheDocument();
      expect(findRequests('DELETE', `/api/teams/current/departments/${SALES_ID}`)).toHaveLength(1);
    });
  });

  it('lists each role with its description and member count on the Permissions tab', async () => {
    stubTeam('viewer');
    await openScreen('/team-management?tab=permissions');

    const expected = { Admin: '2', 'Team Lead': '1', Employee: '1', Viewer: '1' };
    for (const [role, count] of Object.entries(expected)) {
      const card = screen.getByRole('article', { name: role });
      expect(within(card).getByText('Members').nextElementSibling).toHaveTextContent(count);
    }
    expect(within(screen.getByRole('article', { name: 'Viewer' })).getByText('View files only')).toBeInTheDocument();
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
