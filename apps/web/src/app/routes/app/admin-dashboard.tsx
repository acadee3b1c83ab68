import { ADMIN_DASHBOARD_ROLES } from '@lumen/contract';
import { RequireRole } from '../../guards/require-role';
import { PlaceholderScreen } from './placeholder-screen';

export function AdminDashboardRoute() {
  return (
    <RequireRole allowedRoles={ADMIN_DASHBOARD_ROLES}>
      <PlaceholderScreen titleKey="adminDashboard" />
    </RequireRole>
  );
}
