import { ADMIN_DASHBOARD_ROLES, type Role } from '@lumen/contract';
import { paths } from '@/config/paths';

/**
 * admin and team_lead go to the admin dashboard, everyone else to the employee dashboard
 * (docs/product-rules.md#routes-and-guards).
 */
export function getDashboardPath(role: Role | null | undefined): string {
  return role && ADMIN_DASHBOARD_ROLES.includes(role)
    ? paths.adminDashboard.getHref()
    : paths.employeeDashboard.getHref();
}
