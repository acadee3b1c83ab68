import { EMPLOYEE_DASHBOARD_ROLES } from '@lumen/contract';
import { RequireRole } from '../../guards/require-role';
import { PlaceholderScreen } from './placeholder-screen';

export function EmployeeDashboardRoute() {
  return (
    <RequireRole allowedRoles={EMPLOYEE_DASHBOARD_ROLES}>
      <PlaceholderScreen titleKey="employeeDashboard" />
    </RequireRole>
  );
}
