import { PlaceholderScreen } from './placeholder-screen';

export function AnalyticsRoute() {
  return <PlaceholderScreen titleKey="analytics" />;
}
