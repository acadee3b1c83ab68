import type { CurrentTeam, Department, Invitation, Role } from '@lumen/contract';
import { screen, within } from '@testing-library/react';
import { jsonResponse, type StubRoutes } from '@/testing/fetch-stub';
import { stubSignedIn, testUser } from '@/testing/fixtures';
import { activityEntry, teamMember, teamStats } from '@/testing/team-fixtures';
import { renderRoutes } from '@/testing/test-utils';

/**
 * The team management screen's test prelude, shared by its test files (one per tab): a team 'Marketing' with five
 * members (Ada, the signed-in admin; Bob, team lead; Carol; Dan, inactive; Eve, admin), three departments, a pending
 * invitation and one activity event, and the helpers that open the screen.
 */
export const ENGINEERING_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a01';
export const SALES_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a02';
export const LEGAL_ID = '0b7f3a52-1d7e-4c55-9a39-5d9f0c1e0a03';

export const team: CurrentTeam = {
  id: 'team-1',
  name: 'Marketing',
  description: 'Campaigns and launches',
  createdAt: '2026-01-02T10:00:00.000Z',
  memberCount: 5,
  departmentCount: 3,
};

export const departments: Department[] = [
  { id: ENGINEERING_ID, name: 'Engineering', createdAt: '2026-01-02T10:00:00.000Z' },
  { id: SALES_ID, name: 'Sales', createdAt: '2026-01-02T10:00:00.000Z' },
  { id: LEGAL_ID, name: 'Legal', createdAt: '2026-01-02T10:00:00.000Z' },
];

export const ada = teamMember({
  userId: testUser.id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: testUser.email,
  role: 'admin',
  departmentId: ENGINEERING_ID,
  department: 'Engineering',
});
export const bob = teamMember({
  userId: 'user-bob',
  firstName: 'Bob',
  lastName: 'Builder',
  role: 'team_lead',
  departmentId: ENGINEERING_ID,
  department: 'Engineering',
});
export const carol = teamMember({
  userId: 'user-carol',
  firstName: 'Carol',
  lastName: 'Chen',
  role: 'employee',
  departmentId: SALES_ID,
  department: 'Sales',
  customRole: 'Designer',
});
export const dan = teamMember({
  userId: 'user-dan',
  firstName: 'Dan',
  lastName: 'Dale',
  role: 'viewer',
  status: 'inactive',
});
export const eve = teamMember({
  userId: 'user-eve',
  firstName: 'Eve',
  lastName: 'Evans',
  role: 'admin',
  departmentId: SALES_ID,
  department: 'Sales',
});
export const members = [ada, bob, carol, dan, eve];

export const stats = teamStats({
  memberCount: 5,
  membersByRole: { admin: 2, team_lead: 1, employee: 1, viewer: 1 },
  departmentCount: 3,
  spaceCount: 2,
  aiQueriesToday: 17,
  pendingInvitationCount: 1,
});

export const activityEntries = [
  activityEntry({
    action: 'team_invite',
    actor: { userId: testUser.id, name: 'Ada Lovelace' },
    target: 'grace@example.com',
  }),
];

export const invitation: Invitation = {
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

export function stubTeam(role: Role, overrides: StubRoutes = {}) {
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

export function createdInvitation(emailSent: boolean) {
  return jsonResponse(
    {
      invitation,
      emailSent,
      message: emailSent ? 'Invitation sent successfully!' : 'Invitation created but email failed to send',
    },
    201,
  );
}

export async function openScreen(path = '/team-management') {
  const rendered = renderRoutes({ path });
  // hidden: an open dialog (?action=invite) hides the rest of the screen from the accessibility tree.
  await screen.findByRole('tablist', { name: 'Team management sections', hidden: true });
  return rendered;
}

export function memberCard(name: string) {
  return screen.getByRole('article', { name });
}

export function visibleMemberNames() {
  const list = screen.queryByRole('list', { name: 'Team Members' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}
