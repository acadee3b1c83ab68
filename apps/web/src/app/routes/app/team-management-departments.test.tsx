import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { departments, LEGAL_ID, openScreen, SALES_ID, stubTeam } from '@/testing/team-management-fixture';

describe('/team-management: Departments tab', () => {
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
    let reply = apiErrorResponse(
      409,
      'CONFLICT',
      'A department with this name already exists',
      'DEPARTMENT_NAME_TAKEN',
    );
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
