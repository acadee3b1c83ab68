import { DEFAULT_USER_PREFERENCES, type Role, type Space } from '@lumen/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { SPACE_MARK_STORAGE_KEYS } from '@/features/spaces/hooks/use-space-marks';
import { jsonResponse, type StubRoutes, stubFetch } from '@/testing/fetch-stub';
import { noTeamResponse, roleState, testSession } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const marketing = space({ name: 'Marketing', myRole: 'admin' });
const finance = space({ name: 'Finance', myRole: 'viewer' });
const backend = space({ name: 'Backend', myRole: 'admin' });

/** The chat's endpoints, with the Spaces group's: the caller's team role and spaces. */
function stubChat(role: Role, routes: StubRoutes = {}, spaces: Space[] = [marketing, finance, backend]) {
  return stubFetch({
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/conversations': jsonResponse({ conversations: [] }),
    'GET /api/me/daily-updates': jsonResponse({ stats: [], generatedAt: new Date().toISOString() }),
    'GET /api/assistant/model': jsonResponse({ provider: 'builtin', model: 'lumen-builtin', label: 'Built-in' }),
    'GET /api/me/preferences': jsonResponse(DEFAULT_USER_PREFERENCES),
    'GET /api/me/role': jsonResponse(roleState(role)),
    'GET /api/spaces': jsonResponse({ spaces }),
    ...routes,
  });
}

async function openSpacesGroup() {
  const rendered = renderRoutes({ path: '/chat' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Spaces' }));
  const list = await screen.findByRole('list', { name: 'Spaces' });
  await within(list).findByRole('link', { name: /Marketing/ });
  return { ...rendered, list };
}

function spaceLinkNames(list: HTMLElement) {
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

async function openMenu(user: ReturnType<typeof renderRoutes>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('chat sidebar: Spaces', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');
  });

  it("lists the user's spaces, All spaces and, for managers, New space", async () => {
    stubChat('team_lead');
    const { list } = await openSpacesGroup();

    expect(spaceLinkNames(list)).toEqual(['Marketing', 'Finance', 'Backend', 'All spaces', 'New space']);
    expect(within(list).getByRole('link', { name: 'Marketing' })).toHaveAttribute('href', '/spaces/marketing');
    expect(within(list).getByRole('link', { name: 'All spaces' })).toHaveAttribute('href', '/spaces');
    expect(within(list).getByRole('link', { name: 'New space' })).toHaveAttribute('href', '/spaces/new');
  });

  it('leads a user without a team to create or join a workspace instead of failing', async () => {
    stubChat('employee', { 'GET /api/me/role': jsonResponse(roleState(null)), 'GET /api/spaces': noTeamResponse() });
    const { user, router } = renderRoutes({ path: '/chat' });
    await user.click(await screen.findByRole('button', { name: 'Spaces' }));
    const list = await screen.findByRole('list', { name: 'Spaces' });

    const link = await within(list).findByRole('link', { name: 'Create or join a workspace' });
    expect(within(list).queryByText('Failed to load spaces')).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(currentPath(router)).toBe('/workspace-new'));
  });

  it('hides New space from employees', async () => {
    stubChat('employee');
    const { list } = await openSpacesGroup();
    expect(within(list).queryByRole('link', { name: 'New space' })).not.toBeInTheDocument();
  });

  it('shows every action in a space the user administers, and only the harmless ones elsewhere', async () => {
    stubChat('employee');
    const { user } = await openSpacesGroup();

    const adminMenu = await openMenu(user, 'Marketing');
    expect(
      within(adminMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mark as unread',
      'Rename',
      'Copy link',
      'Add to favorites',
      'Sharing & Permissions',
      'Add members',
      'Delete space',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const viewerMenu = await openMenu(user, 'Finance');
    expect(
      within(viewerMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mark as unread', 'Copy link', 'Add to favorites', 'Sharing & Permissions']);
  });

  it('renames a space through its dialog (PATCH)', async () => {
    const renamed = space({ name: 'Growth' });
    const { findRequests } = stubChat('employee', { [`PATCH /api/spaces/${marketing.id}`]: jsonResponse(renamed) });
    const { user } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Marketing')).getByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename space' });
    const field = within(dialog).getByRole('textbox', { name: 'Space name' });
    expect(field).toHaveValue('Marketing');

    await user.clear(field);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, 'Growth');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Space renamed')).toBeInTheDocument();
    expect(findRequests('PATCH', `/api/spaces/${marketing.id}`)[0]?.body).toEqual({ name: 'Growth' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a space only after confirmation (DELETE)', async () => {
    const { findRequests } = stubChat('employee', {
      [`DELETE /api/spaces/${backend.id}`]: new Response(null, { status: 204 }),
    });
    const { user } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Backend')).getByRole('menuitem', { name: 'Delete space' }));
    let confirmation = await screen.findByRole('alertdialog', { name: 'Delete this space?' });
    expect(confirmation).toHaveTextContent(
      '"Backend" will be deleted with its members and files. This action cannot be undone.',
    );
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(findRequests('DELETE', `/api/spaces/${backend.id}`)).toHaveLength(0);

    await user.click(within(await openMenu(user, 'Backend')).getByRole('menuitem', { name: 'Delete space' }));
    confirmation = await screen.findByRole('alertdialog', { name: 'Delete this space?' });
    await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Space deleted')).toBeInTheDocument();
    expect(findRequests('DELETE', `/api/spaces/${backend.id}`)).toHaveLength(1);
  });

  it('lists favourites first and remembers them', async () => {
    stubChat('employee');
    const { user, list } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Backend')).getByRole('menuitem', { name: 'Add to favorites' }));
    await waitFor(() => expect(spaceLinkNames(list).slice(0, 3)).toEqual(['Backend', 'Marketing', 'Finance']));
    expect(within(list).getByRole('link', { name: /Backend/ })).toContainElement(screen.getByLabelText('Favorite'));
    expect(window.localStorage.getItem(SPACE_MARK_STORAGE_KEYS.favorites)).toBe(JSON.stringify([backend.id]));

    const menu = await openMenu(user, 'Backend');
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove from favorites' }));
    await waitFor(() => expect(spaceLinkNames(list).slice(0, 3)).toEqual(['Marketing', 'Finance', 'Backend']));
  });

  it('copies the link of a space to the clipboard', async () => {
    stubChat('employee');
    const { user } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Finance')).getByRole('menuitem', { name: 'Copy link' }));

    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/spaces/finance`);
  });

  it('marks a space as unread with a dot', async () => {
    stubChat('employee');
    const { user, list } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Finance')).getByRole('menuitem', { name: 'Mark as unread' }));
    await waitFor(() => expect(within(list).getByRole('link', { name: /Finance/ })).toHaveTextContent('Unread'));
    expect(window.localStorage.getItem(SPACE_MARK_STORAGE_KEYS.unread)).toBe(JSON.stringify([finance.id]));
  });

  it('opens Add members at the space in Spaces Management', async () => {
    stubChat('employee');
    const { user, router } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Marketing')).getByRole('menuitem', { name: 'Add members' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/spaces-management?space=${marketing.id}`));
  });

  it('opens Sharing & Permissions at the role management of the space', async () => {
    stubChat('employee');
    const { user, router } = await openSpacesGroup();

    await user.click(within(await openMenu(user, 'Finance')).getByRole('menuitem', { name: 'Sharing & Permissions' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/role-management/${finance.id}`));
  });
});
