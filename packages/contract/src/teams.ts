import { z } from 'zod';
import { ROLES, roleSchema, roleStateSchema } from './roles.ts';

/** The exact texts of the team screens and toasts (docs/product-rules.md#messages-and-texts). */
export const TEAM_MESSAGES = {
  created: 'Team created successfully!',
  createFailed: 'Failed to create team',
  nameRequired: 'Team name is required',
  onlyAdminsAssignRoles: 'Access Denied: Only admins can assign roles',
  invalidRole: 'Invalid role selected',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role',
  /** The 404 of every team-scoped route (teams, spaces, documents of the team) for a user without a team. */
  noTeam: 'You are not a member of any team yet.',
} as const;

/** Departments every new team starts with; the team's managers may rename or delete them. */
export const DEFAULT_DEPARTMENTS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Product',
  'Legal',
  'HR',
  'Finance',
  'Operations',
] as const;

export const TEAM_NAME_MAX = 100;
export const DEPARTMENT_NAME_MAX = 100;

export const createTeamSchema = z.object({
  name: z
    .string({ error: TEAM_MESSAGES.nameRequired })
    .trim()
    .min(1, TEAM_MESSAGES.nameRequired)
    .max(TEAM_NAME_MAX, `Team name must be at most ${TEAM_NAME_MAX} characters`),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
});
export type CreateTeamInput = z.infer<typeof createTeamSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const currentTeamSchema = teamSchema.extend({
  memberCount: z.number().int(),
  departmentCount: z.number().int(),
});
export type CurrentTeam = z.infer<typeof currentTeamSchema>;

export const createTeamResponseSchema = z.object({
  team: teamSchema,
  roleState: roleStateSchema,
  message: z.string(),
});
export type CreateTeamResponse = z.infer<typeof createTeamResponseSchema>;

export const TEAM_EMPLOYEE_STATUSES = ['active', 'inactive'] as const;

export const teamMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  customRole: z.string().nullable(),
  customDepartment: z.string().nullable(),
  joinedAt: z.string(),
  status: z.enum(TEAM_EMPLOYEE_STATUSES),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersSchema = z.object({ members: z.array(teamMemberSchema) });

export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentsSchema = z.object({ departments: z.array(departmentSchema) });

export const departmentNameSchema = z.object({
  name: z
    .string({ error: 'Department name is required' })
    .trim()
    .min(1, 'Department name is required')
    .max(DEPARTMENT_NAME_MAX, `Department name must be at most ${DEPARTMENT_NAME_MAX} characters`),
});
export type DepartmentNameInput = z.infer<typeof departmentNameSchema>;

export const updateMemberRoleSchema = z.object({
  role: z.enum(ROLES, { error: TEAM_MESSAGES.invalidRole }),
});
export type UpdateMemberRoleInput = z.infer<typeof updateMemberRoleSchema>;

export const updateMemberRoleResponseSchema = z.object({
  member: teamMemberSchema,
  message: z.string(),
});

/**
 * Team events written to the audit log that the Activity lists render (docs/product-rules.md#audit-log). Events
 * about something shared with one person (file_share) stay out: every member reads the Activity list.
 */
export const TEAM_AUDIT_ACTIONS = [
  'team_create',
  'team_invite',
  'invitation_revoke',
  'team_join',
  'permission_change',
  'member_remove',
  'department_create',
  'department_update',
  'department_delete',
  'space_create',
  'space_update',
  'space_delete',
  'task_create',
  'task_complete',
] as const;
export type TeamAuditAction = (typeof TEAM_AUDIT_ACTIONS)[number];

/** Audit severities; 'info' is the default (docs/product-rules.md#audit-log). */
export const AUDIT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

export const ACTIVITY_PAGE_SIZE = 20;

export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_SIZE),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.enum(TEAM_AUDIT_ACTIONS),
  severity: z.enum(AUDIT_SEVERITIES),
  /** Who did it; null when the account is gone. */
  actor: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  /** Whom or what it was done to: a member's name, an invited email, a department or team name. */
  target: z.string().nullable(),
  /** Extra facts for the sentence: `role`, `previousRole`, `name`, `previousName`. */
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityList = z.infer<typeof activityListSchema>;

/** GET /api/teams/current/stats: the figures of the team screens' stat cards, all counted from real records. */
export const teamStatsSchema = z.object({
  memberCount: z.number().int(),
  departmentCount: z.number().int(),
  /** Spaces of the team ('Active Projects'). */
  spaceCount: z.number().int(),
  /** Questions the team's members asked the assistant today (the caller's day) and over the last 7 days. */
  aiQueriesToday: z.number().int(),
  aiQueriesThisWeek: z.number().int(),
  /** The caller's own figures. */
  documentCount: z.number().int(),
  readyDocumentCount: z.number().int(),
  conversationCount: z.number().int(),
  /** Invitations waiting for an answer; null for members who cannot invite. */
  pendingInvitationCount: z.number().int().nullable(),
  membersByRole: z.record(roleSchema, z.number().int()),
});
export type TeamStats = z.infer<typeof teamStatsSchema>;

export const teamSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search').max(200, 'The search is too long'),
});

/** GET /api/teams/current/search?q=: the team's members, spaces and the caller's documents matching the text. */
export const teamSearchResultSchema = z.object({
  members: z.array(teamMemberSchema),
  spaces: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable() })),
  documents: z.array(
    z.object({ id: z.string(), title: z.string(), mimeType: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type TeamSearchResult = z.infer<typeof teamSearchResultSchema>;
