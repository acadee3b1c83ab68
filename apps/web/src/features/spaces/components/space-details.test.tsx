import type { Role, SpaceMember } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadNamespaces } from '@/lib/i18n';
import { apiErrorResponse, jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { testUser } from '@/testing/fixtures';
import { space, spaceMember } from '@/testing/space-fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { SpaceDetails } from './space-details';

const ada = spaceMember({ userId: testUser.id, firstName: 'Ada', lastName: 'Lovelace', role: 'admin' });
const ana = spaceMember({ userId: 'user-2', firstName: 'Ana', lastName: 'Lopez', role: 'employee' });
const grace = spaceMember({ userId: 'user-3', firstName: 'Grace', lastName: 'Hopper', role: 'admin' });

function financeSpace(myRole: Role | null, memberCount: number) {
  return space({ name: 'Finance', myRole, memberCount });
}

const SPACE_ID = financeSpace('admin', 3).id;
const MEMBERS_PATH = `/api/spaces/${SPACE_ID}/members`;
const ANA_PATH = `${MEMBERS_PATH}/${ana.userId}`;

/** The space's endpoints as the server answers them; DELETE of a member drops them from the members and the count. */
function stubSpace(myRole: Role | null, routes: StubRoutes = {}) {
  let members: SpaceMember[] = [ada, ana, grace];
  return stubFetch({
    [`GET /api/spaces/${SPACE_ID}`]: () => jsonResponse(financeSpace(myRole, members.length)),
    [`GET ${MEMBERS_PATH}`]: () => jsonResponse({ members }),
    [`GET /api/spaces/${SPACE_ID}/files`]: jsonResponse({ files: [] }),
    [`DELETE ${ANA_PATH}`]: () => {
      members = members.filter((member) => member.userId !== ana.userId);
      return new Response(null, { status: 204 });
    },
    ...routes,
  });
}

function renderDetails() {
  return renderWithProviders(<SpaceDetails spaceId={SPACE_ID} currentUserId={testUser.id} onClose={() => {}} />);
}

async function findMemberNames(listName = 'Members') {
  const list = await screen.findByRole('list', { name: listName });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

beforeAll(async () => {
  await loadNamespaces(['spaces']);
});

describe('SpaceDetails: removing a member', () => {
  it('offers a space admin Remove for every member but themselves', async () => {
    stubSpace('admin');
    renderDetails();

    expect(await findMemberNames()).toEqual(['Ada Lovelace', 'Ana Lopez', 'Grace Hopper']);
    expect(screen.getByRole('button', { name: 'Remove Ana Lopez from Finance' })).toHaveTextContent('Remove');
    expect(screen.getByRole('button', { name: 'Remove Grace Hopper from Finance' })).toBeInTheDocument();
    // The server refuses removing oneself (CANNOT_LEAVE_SPACE), so the button is not offered.
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace from Finance' })).not.toBeInTheDocument();
  });

  it.each([
    ['a team lead', 'team_lead'],
    ['an employee', 'employee'],
    ['a viewer', 'viewer'],
    ['a team member without a space role', null],
  ] as const)('offers no Remove to %s', async (_who, role) => {
    stubSpace(role);
    renderDetails();

    expect(await findMemberNames()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('asks first, and Cancel removes nobody', async () => {
    const { findRequests } = stubSpace('admin');
    const { user } = renderDetails();

    const remove = await screen.findByRole('button', { name: 'Remove Ana Lopez from Finance' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this member from the space?' });
    expect(dialog).toHaveTextContent('Ana Lopez will lose their role in Finance. You can add them again later.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
    expect(findRequests('DELETE', ANA_PATH)).toEqual([]);
    expect(await findMemberNames()).toEqual(['Ada Lovelace', 'Ana Lopez', 'Grace Hopper']);
  });

  it('removes the member once confirmed, says so and shows the updated list and count', async () => {
    const { findRequests } = stubSpace('admin');
    const { user } = renderDetails();

    await user.click(await screen.findByRole('button', { name: 'Remove Ana Lopez from Finance' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this member from the space?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Ana Lopez was removed from Finance')).toBeInTheDocument();
    expect(findRequests('DELETE', ANA_PATH)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await findMemberNames()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(screen.getByText('Members', { selector: 'dt' }).nextSibling).toHaveTextContent('2');
  });

  it("shows the server's refusal in the reader's language and keeps the member", async () => {
    stubSpace('admin', {
      [`DELETE ${ANA_PATH}`]: apiErrorResponse(
        403,
        'FORBIDDEN',
        'Access denied: Only administrators can assign roles',
        'ONLY_ADMINS_ASSIGN_ROLES',
      ),
    });
    await changeLanguage('fr');
    const { user } = renderDetails();

    await user.click(await screen.findByRole('button', { name: 'Retirer Ana Lopez de Finance' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));

    expect(
      await screen.findByText('Accès refusé : seuls les administrateurs peuvent attribuer des rôles'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await findMemberNames('Membres')).toEqual(['Ada Lovelace', 'Ana Lopez', 'Grace Hopper']);
  });

  it('falls back to its own text when the server gives no reason', async () => {
    stubSpace('admin', { [`DELETE ${ANA_PATH}`]: new Response(null, { status: 500 }) });
    const { user } = renderDetails();

    await user.click(await screen.findByRole('button', { name: 'Remove Ana Lopez from Finance' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Failed to remove the member')).toBeInTheDocument();
    expect(await findMemberNames()).toContain('Ana Lopez');
  });
});
