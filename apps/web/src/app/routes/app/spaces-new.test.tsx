import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn } from '@/testing/fixtures';
import { space } from '@/testing/space-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

function stubSpacesNew(routes: StubRoutes = {}) {
  return stubSignedIn('admin', {
    'GET /api/spaces': jsonResponse({ spaces: [] }),
    ...routes,
  });
}

async function openScreen() {
  const rendered = renderRoutes({ path: '/spaces/new' });
  await screen.findByRole('heading', { level: 1, name: 'Create Space' });
  return rendered;
}

describe('/spaces/new', () => {
  it('shows Back to Spaces, the name and optional description fields, Create Space and Cancel', async () => {
    stubSpacesNew();
    const { user, router } = await openScreen();

    expect(screen.getByRole('textbox', { name: 'Space Name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Space' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await user.click(screen.getByRole('link', { name: 'Back to Spaces' }));
    await waitFor(() => expect(currentPath(router)).toBe('/spaces'));
  });

  it("keeps Create Space disabled while the name is blank and says 'Please enter a space name'", async () => {
    stubSpacesNew();
    const { user } = await openScreen();
    const name = screen.getByRole('textbox', { name: 'Space Name' });

    await user.type(name, '   ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Create Space' })).toBeDisabled();
    expect(screen.getByText('Please enter a space name')).toBeInTheDocument();

    await user.type(name, 'Design');
    expect(screen.getByRole('button', { name: 'Create Space' })).toBeEnabled();
    expect(screen.queryByText('Please enter a space name')).not.toBeInTheDocument();
  });

  it('creates the space, says so and goes to /spaces', async () => {
    const created = space({ name: 'Design', description: 'Brand and product design' });
    const { findRequests } = stubSpacesNew({ 'POST /api/spaces': jsonResponse(created, 201) });
    const { user, router } = await openScreen();

    await user.type(screen.getByRole('textbox', { name: 'Space Name' }), '  Design ');
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), 'Brand and product design');
    await user.click(screen.getByRole('button', { name: 'Create Space' }));

    expect(await screen.findByText('Space created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/spaces'));
    expect(findRequests('POST', '/api/spaces')[0]?.body).toEqual({
      name: 'Design',
      description: 'Brand and product design',
      isPrivate: false,
      memberIds: [],
    });
  });

  it("shows the server's reason when the name is taken, and stays on the page", async () => {
    stubSpacesNew({
      'POST /api/spaces': apiErrorResponse(
        409,
        'CONFLICT',
        'A space with this name already exists in your team',
        'SPACE_NAME_TAKEN',
      ),
    });
    const { user, router } = await openScreen();

    await user.type(screen.getByRole('textbox', { name: 'Space Name' }), 'Marketing');
    await user.click(screen.getByRole('button', { name: 'Create Space' }));

    expect(await screen.findByText('A space with this name already exists in your team')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/spaces/new');
  });

  it("says 'Failed to create space' when the server gives no reason", async () => {
    stubSpacesNew({ 'POST /api/spaces': new Response(null, { status: 500 }) });
    const { user } = await openScreen();

    await user.type(screen.getByRole('textbox', { name: 'Space Name' }), 'Design');
    await user.click(screen.getByRole('button', { name: 'Create Space' }));

    expect(await screen.findByText('Failed to create space')).toBeInTheDocument();
  });

  it('goes back to /spaces on Cancel', async () => {
    stubSpacesNew();
    const { user, router } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath(router)).toBe('/spaces'));
  });
});
