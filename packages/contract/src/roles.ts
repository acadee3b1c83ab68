import { z } from 'zod';

/** Team and space roles, highest first (docs/product-rules.md#roles). */
export const ROLES = ['admin', 'team_lead', 'employee', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Higher number, more authority: nobody grants a role above their own. */
export const ROLE_RANK: Record<Role, number> = { admin: 4, team_lead: 3, employee: 2, viewer: 1 };

/** Roles that manage the team: invite, create spaces, see team management. */
export const TEAM_MANAGER_ROLES: readonly Role[] = ['admin', 'team_lead'];

/** Roles that reach each dashboard (docs/product-rules.md#roles). */
export const ADMIN_DASHBOARD_ROLES: readonly Role[] = ['admin', 'team_lead'];
export const EMPLOYEE_DASHBOARD_ROLES: readonly Role[] = ['employee', 'viewer'];

export function canManageTeam(role: Role | null | undefined): boolean {
  return role != null && TEAM_MANAGER_ROLES.includes(role);
}

export function isAdminRole(role: Role | null | undefined): boolean {
  return role === 'admin';
}

/** The derived role state of `GET /api/me/role` (docs/product-rules.md#roles). */
export const roleStateSchema = z.object({
  role: roleSchema.nullable(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  isAdmin: z.boolean(),
  canManageTeam: z.boolean(),
  hasTeam: z.boolean(),
});
export type RoleState = z.infer<typeof roleStateSchema>;

export const NO_TEAM_ROLE_STATE: RoleState = {
  role: null,
  teamId: null,
  teamName: null,
  isAdmin: false,
  canManageTeam: false,
  hasTeam: false,
};

export function deriveRoleState(row: { role: Role; teamId: string; teamName: string } | null): RoleState {
  if (!row) return NO_TEAM_ROLE_STATE;
  return {
    role: row.role,
    teamId: row.teamId,
    teamName: row.teamName,
    isAdmin: isAdminRole(row.role),
    canManageTeam: canManageTeam(row.role),
    hasTeam: true,
  };
}
