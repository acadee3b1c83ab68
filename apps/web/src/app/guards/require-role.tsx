import { NO_TEAM_ROLE_STATE, type Role } from '@lumen/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRole } from '@/features/me/api/get-role';
import { getDashboardPath } from '@/features/me/utils/get-dashboard-path';

type RequireRoleProps = {
  allowedRoles: readonly Role[];
  children: ReactNode;
};

/**
 * Role guard (docs/product-rules.md#routes-and-guards), used inside RequireAuth: a user without a team goes to
 * /workspace-new; a role that is not allowed goes to /admin-dashboard (admin, team_lead) or /employee-dashboard.
 */
export function RequireRole({ allowedRoles, children }: RequireRoleProps) {
  const { t } = useTranslation();
  const roleQuery = useRole();

  if (roleQuery.isPending) return <PageSpinner label={t('common.loading')} />;
  const { role, hasTeam } = roleQuery.data ?? NO_TEAM_ROLE_STATE;
  if (!hasTeam || !role) return <Navigate to={paths.workspaceNew.getHref()} replace />;
  if (!allowedRoles.includes(role)) return <Navigate to={getDashboardPath(role)} replace />;
  return children;
}
