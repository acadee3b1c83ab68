import { type Department, ROLES, type Role, type TeamMember } from '@lumen/contract';

export type DepartmentCount = {
  /** null for the members without a department (shown as 'General'). */
  department: Department | null;
  memberCount: number;
  adminCount: number;
};

/**
 * Members and admins per department, by the members' `departmentId`, in the departments' order; the members without
 * a department (or whose department id is unknown) are counted in a last, department-less row when there are any.
 */
export function countMembersByDepartment(
  members: readonly Pick<TeamMember, 'departmentId' | 'role'>[],
  departments: readonly Department[],
): DepartmentCount[] {
  const counts = new Map<string | null, { memberCount: number; adminCount: number }>();
  const knownIds = new Set(departments.map((department) => department.id));
  for (const member of members) {
    const key = member.departmentId !== null && knownIds.has(member.departmentId) ? member.departmentId : null;
    const count = counts.get(key) ?? { memberCount: 0, adminCount: 0 };
    count.memberCount += 1;
    if (member.role === 'admin') count.adminCount += 1;
    counts.set(key, count);
  }
  const rows: DepartmentCount[] = departments.map((department) => ({
    department,
    ...(counts.get(department.id) ?? { memberCount: 0, adminCount: 0 }),
  }));
  const withoutDepartment = counts.get(null);
  if (withoutDepartment) rows.push({ department: null, ...withoutDepartment });
  return rows;
}

/** How many members hold each role (every role present, 0 when nobody has it). */
export function countMembersByRole(members: readonly Pick<TeamMember, 'role'>[]): Record<Role, number> {
  const counts = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  for (const member of members) counts[member.role] += 1;
  return counts;
}
