import { INVITATION_MESSAGES, type PublicInvitation } from '@lumen/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { createSignOutRoutes, roleState } from '@/testing/fixtures';
import { acceptedInvitation } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const INVITATION_ID = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';
const INVITATION_PATH = `/api/invitations/${INVITATION_ID}`;

function invitation(overrides: Partial<PublicInvitation> = {}): PublicInvitation {
  return {
    id: INVITATION_ID,
    email: 'ada@example.com',
    role: 'employee',
    customRole: null,
    teamName: 'Marketing',
    teamDescription: 'Campaigns and brand',
    invitedByName: 'Grace Hopper',
    status: 'pending',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    acceptedAt: null,
    ...overrides,
  };
}

function stubInvitation(
  reply: Response,
  { isSignedIn = true, accept }: { isSignedIn?: boolean; accept?: Response } = {},
) {
  return stubFetch({
    ...createSignOutRoutes({ isSignedIn }),
    [`GET ${INVITATION_PATH}`]: reply,
    [`POST ${INVITATION_PATH}/accept`]: accept ?? jsonResponse(acceptedInvitation()),
    'GET /api/me/role': jsonResponse(roleState('employee')),
  });
}

/** The text next to a term of the invitation's details. */
function detail(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function expectUnavailable(message: string) {
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Invitation unavailable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
}

describe('/accept-invitation', () => {
  it("says 'Invalid invitation link' without an id, and offers Go to Sign In", async () => {
    const { findRequests } = stubInvitation(jsonResponse(invitation()), { isSignedIn: false });
    const { router, user } = renderRoutes({ path: '/accept-invitation' });

    await expectUnavailable('Invalid invitation link');
    expect(findRequests('GET', INVITATION_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Lumen' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/auth');
  });

  it("says 'Invitation not found' for an unknown id", async () => {
    stubInvitation(apiErrorResponse(404, 'NOT_FOUND', 'Invitation not found'));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await expectUnavailable('Invitation not found');
  });

  it('says when the invitation was already accepted', async () => {
    stubInvitation(jsonResponse(invitation({ status: 'accepted', acceptedAt: new Date().toISOString() })));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await expectUnavailable('This invitation has already been accepted');
  });

  it('says when the invitation has expired', async () => {
    stubInvitation(jsonResponse(invitation({ status: 'expired' })));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await expectUnavailable('This invitation has expired');
  });

  it('treats a pending invitation past its expiry date as expired', async () => {
    stubInvitation(jsonResponse(invitation({ expiresAt: new Date(Date.now() - 60_000).toISOString() })));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await expectUnavailable('This invitation has expired');
  });

  it("says 'Failed to load invitation' for any other load error", async () => {
    stubInvitation(apiErrorResponse(500, 'INTERNAL', 'Database unavailable'));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await expectUnavailable('Failed to load invitation');
  });

  it('shows the team, the invited email, the role, who invited and the expiry date', async () => {
    stubInvitation(jsonResponse(invitation({ customRole: 'Designer' })));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });

    expect(await screen.findByRole('heading', { name: "You're invited to join Marketing" })).toBeInTheDocument();
    expect(screen.getByText('Campaigns and brand')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper invited you to join this team.')).toBeInTheDocument();
    const expiresAt = invitation().expiresAt;
    expect(detail('Invited email')).toBe('ada@example.com');
    expect(detail('Role')).toBe('Designer');
    expect(detail('Invited by')).toBe('Grace Hopper');
    expect(detail('Expires')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(expiresAt)),
    );
  });

  it("shows the role's name when the invitation has no custom role", async () => {
    stubInvitation(jsonResponse(invitation({ role: 'team_lead' })));
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });

    await screen.findByRole('heading', { name: "You're invited to join Marketing" });
    expect(detail('Role')).toBe('Team Lead');
  });

  it('accepts, says so, and goes to /workspace 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { findRequests } = stubInvitation(jsonResponse(invitation()));
    const { router, user } = renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });

    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));

    expect(await screen.findByText('Invitation accepted! Welcome to the team.')).toBeInTheDocument();
    expect(findRequests('POST', `${INVITATION_PATH}/accept`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(currentPath(router)).toBe(`/accept-invitation?id=${INVITATION_ID}`);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(currentPath(router)).toBe('/workspace'));
  });

  it('shows the different-email message with a Sign out action that leads back to signing in', async () => {
    stubInvitation(jsonResponse(invitation({ email: 'someone.else@example.com' })), {
      accept: apiErrorResponse(403, 'FORBIDDEN', INVITATION_MESSAGES.differentEmail, 'INVITATION_DIFFERENT_EMAIL'),
    });
    const { user } = renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });

    expect(await screen.findByText('You are signed in as ada@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation is for a different email address. Please sign in with the correct account.',
    );
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/employee-login?invite=${INVITATION_ID}&email=someone.else%40example.com`,
    );
    expect(screen.getByText('Successfully signed out!')).toBeInTheDocument();
  });

  it("shows the server's reason when accepting fails, and lets the user try again", async () => {
    stubInvitation(jsonResponse(invitation()), {
      accept: apiErrorResponse(409, 'CONFLICT', 'Something the server explains'),
    });
    const { user } = renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something the server explains');
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeEnabled();
  });

  it("falls back to 'Failed to accept invitation' when the server gives no reason", async () => {
    stubInvitation(jsonResponse(invitation()), { accept: new Response('', { status: 502 }) });
    const { user } = renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept invitation');
  });

  it('offers a signed-out visitor to sign in or create an account with the invite and the email', async () => {
    stubInvitation(jsonResponse(invitation()), { isSignedIn: false });
    renderRoutes({ path: `/accept-invitation?id=${INVITATION_ID}` });

    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/employee-login?invite=${INVITATION_ID}&email=ada%40example.com`,
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/employee-signup?invite=${INVITATION_ID}&email=ada%40example.com`,
    );
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
  });
});
