import type { ActivityEntry, Role, TeamMember, TeamStats } from '@lumen/contract';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { roleState, testSession } from '@/testing/fixtures';

/** Test data for the dashboard screens (the HTTP answers of the teams endpoints). */

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

export function teamMember(overrides: Partial<TeamMember> & Pick<TeamMember, 'userId'>): TeamMember {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${overrides.userId}@example.com`,
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

export function activityEntry(overrides: Partial<ActivityEntry> & Pick<ActivityEntry, 'id'>): ActivityEntry {
  return {
    action: 'team_join',
    severity: 'info',
    actor: { userId: 'user-2', name: 'Grace Hopper' },
    target: null,
    details: { role: 'employee' },
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ...overrides,
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
