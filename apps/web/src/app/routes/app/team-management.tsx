import { PlaceholderScreen } from './placeholder-screen';

export function TeamManagementRoute() {
  return <PlaceholderScreen titleKey="teamManagement" />;
}
