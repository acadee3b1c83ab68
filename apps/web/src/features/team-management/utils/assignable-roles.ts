import { ROLE_RANK, ROLES, type Role } from '@lumen/contract';

/** The roles someone may give on an invitation: none above their own (a team lead cannot invite an admin). */
export function getAssignableRoles(callerRole: Role | null | undefined): Role[] {
  if (!callerRole) return [];
  return ROLES.filter((role) => ROLE_RANK[role] <= ROLE_RANK[callerRole]);
}
