import { PlaceholderScreen } from './placeholder-screen';

export function NotionRoute() {
  return <PlaceholderScreen titleKey="notion" />;
}
