import type { AcceptInvitationResponse, ActivityEntry, Role, TeamMember, TeamStats } from '@lumen/contract';
import { INVITATION_MESSAGES } from '@lumen/contract';
import { jsonResponse, stubFetch } from './fetch-stub';
import { roleState, testSession } from './fixtures';

/**
 * Test data for the team screens (the HTTP answers of the teams endpoints). The defaults are arbitrary but plausible;
 * a test overrides the values it asserts on.
 */

export function teamStats(overrides: Partial<TeamStats> = {}): TeamStats {
  return {
    memberCount: 12,
    departmentCount: 8,
    spaceCount: 3,
    aiQueriesToday: 7,
    aiQueriesThisWeek: 41,
    documentCount: 25,
    readyDocumentCount: 21,
    conversationCount: 9,
    pendingInvitationCount: 2,
    membersByRole: { admin: 1, team_lead: 2, employee: 8, viewer: 1 },
    ...overrides,
  };
}

/** A member, Grace Hopper (user-2) unless overridden; the email follows the first name (ada@example.com). */
export function teamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  const firstName = overrides.firstName ?? 'Grace';
  return {
    userId: 'user-2',
    firstName,
    lastName: 'Hopper',
    email: `${firstName.toLowerCase()}@example.com`,
    avatarUrl: null,
    role: 'employee',
    departmentId: null,
    department: null,
    customRole: null,
    customDepartment: null,
    joinedAt: '2026-01-05T10:00:00.000Z',
    status: 'active',
    ...overrides,
  };
}

/** An audit-log event, by default 'Grace Hopper joined the team as Employee' two hours ago. */
export function activityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 'event-1',
    action: 'team_join',
    severity: 'info',
    actor: { userId: 'user-2', name: 'Grace Hopper' },
    target: null,
    details: { role: 'employee' },
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ...overrides,
  };
}

/** The answer of POST /api/invitations/:id/accept: the user joined team 'Marketing' with `role`. */
export function acceptedInvitation(role: Role = 'employee'): AcceptInvitationResponse {
  return {
    success: true,
    teamId: 'team-1',
    teamName: 'Marketing',
    roleState: roleState(role),
    message: INVITATION_MESSAGES.accepted,
  };
}

type DashboardStubOptions = {
  role: Role | null;
  stats?: Response;
  members?: TeamMember[];
  activity?: ActivityEntry[];
};

/** A signed-in user with `role` in team 'Marketing', and the team endpoints the dashboards read. */
export function stubDashboard({ role, stats, members = [], activity = [] }: DashboardStubOptions) {
  return stubFetch({
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/me/role': jsonResponse(roleState(role)),
    'GET /api/teams/current/stats': stats ?? jsonResponse(teamStats()),
    'GET /api/teams/current/members': jsonResponse({ members }),
    'GET /api/teams/current/activity': jsonResponse({ entries: activity, nextCursor: null }),
  });
}
