import type {
  AcceptInvitationResponse,
  ActivityEntry,
  Role,
  SharedFile,
  Task,
  TeamMember,
  TeamStats,
} from '@lumen/contract';
import { INVITATION_MESSAGES } from '@lumen/contract';
import { jsonResponse, type StubRequest, stubFetch } from './fetch-stub';
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

/** The session, the role and the team endpoints every dashboard reads; shared by both dashboard stubs. */
function dashboardRoutes({ role, stats, members = [], activity = [] }: DashboardStubOptions) {
  return {
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/me/role': jsonResponse(roleState(role)),
    'GET /api/teams/current/stats': stats ?? jsonResponse(teamStats()),
    'GET /api/teams/current/members': jsonResponse({ members }),
    'GET /api/teams/current/activity': jsonResponse({ entries: activity, nextCursor: null }),
  };
}

/** A signed-in user with `role` in team 'Marketing', and the team endpoints the dashboards read. */
export function stubDashboard(options: DashboardStubOptions) {
  return stubFetch(dashboardRoutes(options));
}

/** A task assigned to Ada (user-1) by Grace, due 2026-09-30, medium priority, still to do, unless overridden. */
export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    title: 'Prepare the quarterly review',
    status: 'todo',
    priority: 'medium',
    dueDate: '2026-09-30',
    assignedTo: 'user-1',
    assigneeName: 'Ada Lovelace',
    createdBy: 'user-2',
    creatorName: 'Grace Hopper',
    createdAt: '2026-01-10T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** A link Grace shared with the whole team on Google Drive, unless overridden. */
export function sharedFile(overrides: Partial<SharedFile> = {}): SharedFile {
  return {
    id: 'file-1',
    title: 'Brand guidelines',
    url: 'https://drive.google.com/file/d/brand',
    platform: 'google-drive',
    sharedWithUserId: null,
    sharedWithName: null,
    spaceId: null,
    spaceName: null,
    sharedBy: 'user-2',
    sharerName: 'Grace Hopper',
    createdAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

type StubHandler = Response | ((request: StubRequest) => Response | Promise<Response>);

type WorkItemsDashboardStubOptions = DashboardStubOptions & {
  /** The task list, or a handler for GET /api/teams/current/tasks (a failure, a list that changes). */
  tasks?: Task[] | StubHandler;
  sharedFiles?: SharedFile[] | StubHandler;
  /** More endpoints ('PATCH /api/teams/current/tasks/task-1', 'POST /api/teams/current/shared-files'...). */
  routes?: Record<string, StubHandler>;
};

/** The dashboards' endpoints (see stubDashboard) with the task and shared-file lists. */
export function stubWorkItemsDashboard({
  tasks = [],
  sharedFiles = [],
  routes = {},
  ...dashboard
}: WorkItemsDashboardStubOptions) {
  return stubFetch({
    ...dashboardRoutes(dashboard),
    'GET /api/teams/current/tasks': Array.isArray(tasks) ? jsonResponse({ tasks }) : tasks,
    'GET /api/teams/current/shared-files': Array.isArray(sharedFiles)
      ? jsonResponse({ files: sharedFiles })
      : sharedFiles,
    ...routes,
  });
}
