import { INVITATION_MESSAGES } from '@lumen/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { roleState, stubSignedIn } from '@/testing/fixtures';
import { acceptedInvitation } from '@/testing/team-fixtures';
import { currentPath, renderRoutes } from '@/testing/test-utils';

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';
const ACCEPT_PATH = `/api/invitations/${INVITE_CODE}/accept`;

/** A signed-in user without a team until the invitation is accepted. */
function stubJoining(accept: () => Response) {
  let hasJoined = false;
  return stubSignedIn(() => jsonResponse(roleState(hasJoined ? 'employee' : null)), {
    [`POST ${ACCEPT_PATH}`]: () => {
      const response = accept();
      if (response.ok) hasJoined = true;
      return response;
    },
    'GET /api/teams/current/members': jsonResponse({ members: [] }),
    'GET /api/teams/current/activity': jsonResponse({ entries: [], nextCursor: null }),
  });
}

const accepted = () => jsonResponse(acceptedInvitation());

describe('AppRoot: a pending invite code', () => {
  it('is accepted once after sign-in, cleared, and joined before the role guard reads the role', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingInviteCode, INVITE_CODE);
    const { findRequests, requests } = stubJoining(accepted);
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByText('Invitation accepted! Welcome to the team.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/employee-dashboard');
    expect(findRequests('POST', ACCEPT_PATH)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();
    // The role is first read after the acceptance, so the guard sees the new team.
    const acceptIndex = requests.findIndex((request) => request.path === ACCEPT_PATH);
    const firstRoleIndex = requests.findIndex((request) => request.path === '/api/me/role');
    expect(firstRoleIndex).toBeGreaterThan(acceptIndex);
  });

  it("toasts the server's reason when it cannot be accepted, and clears it all the same", async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingInviteCode, INVITE_CODE);
    const { findRequests } = stubJoining(() =>
      apiErrorResponse(403, 'FORBIDDEN', INVITATION_MESSAGES.differentEmail, 'INVITATION_DIFFERENT_EMAIL'),
    );
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    expect(
      await screen.findByText(
        'This invitation is for a different email address. Please sign in with the correct account.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/workspace-new'));
    expect(findRequests('POST', ACCEPT_PATH)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();
  });

  it("toasts 'Failed to accept invitation' when the server gives no reason", async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingInviteCode, INVITE_CODE);
    stubJoining(() => new Response('', { status: 502 }));
    renderRoutes({ path: '/employee-dashboard' });

    expect(await screen.findByText('Failed to accept invitation')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();
  });

  it('does nothing without a stored code', async () => {
    const { findRequests } = stubJoining(accepted);
    const { router } = renderRoutes({ path: '/employee-dashboard' });

    await waitFor(() => expect(currentPath(router)).toBe('/workspace-new'));
    expect(findRequests('POST', ACCEPT_PATH)).toHaveLength(0);
  });
});
