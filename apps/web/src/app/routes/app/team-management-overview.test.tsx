import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse } from '@/testing/fetch-stub';
import { createdInvitation, ENGINEERING_ID, openScreen, stubTeam } from '@/testing/team-management-fixture';
import { currentPath } from '@/testing/test-utils';

describe('/team-management: Overview tab', () => {
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
      let reply = apiErrorResponse(409, 'CONFLICT', 'This person is already a member of your team', 'ALREADY_MEMBER');
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
});
