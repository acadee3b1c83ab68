import { PlaceholderScreen } from './placeholder-screen';

export function DashboardRoute() {
  return <PlaceholderScreen titleKey="dashboard" />;
}
