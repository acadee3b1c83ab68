import { z } from 'zod';
import { ROLES, roleSchema, roleStateSchema } from './roles.ts';

/** The exact texts of the spec's team screens and toasts (spec 001). */
export const TEAM_MESSAGES = {
  created: 'Team created successfully!',
  createFailed: 'Failed to create team',
  nameRequired: 'Team name is required',
  onlyAdminsAssignRoles: 'Access Denied: Only admins can assign roles',
  invalidRole: 'Invalid role selected',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role',
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
