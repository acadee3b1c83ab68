import { PlaceholderScreen } from './placeholder-screen';

export function RoleManagementRoute() {
  return <PlaceholderScreen titleKey="roleManagement" />;
}
