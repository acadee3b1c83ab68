import type { TeamMember } from '@lumen/contract';

/** A member's department as shown: the department's name, else their custom department, else 'General'. */
export function getDepartmentLabel(
  member: Pick<TeamMember, 'department' | 'customDepartment'>,
  generalLabel: string,
): string {
  return member.department || member.customDepartment || generalLabel;
}
