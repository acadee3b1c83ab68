import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import {
  carol,
  createdInvitation,
  memberCard,
  openScreen,
  stubTeam,
  visibleMemberNames,
} from '@/testing/team-management-fixture';

describe('/team-management: Members tab', () => {
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
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['admin', 'team_lead', 'employee', 'viewer']);
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
    [403, 'FORBIDDEN', 'Access Denied: Only admins can assign roles', 'ONLY_ADMINS_ASSIGN_ROLES'],
    [400, 'VALIDATION_FAILED', 'Invalid role selected', 'INVALID_ROLE'],
    [409, 'CONFLICT', 'The team must keep at least one admin', undefined],
  ] as const)('shows the server text when a role change fails with %s', async (status, code, message, reason) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubTeam('admin', {
      'PATCH /api/teams/current/members/user-eve/role': apiErrorResponse(status, code, message, reason),
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
      'DELETE /api/teams/current/members/user-bob': apiErrorResponse(403, 'FORBIDDEN', 'You cannot remove this member'),
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
});
