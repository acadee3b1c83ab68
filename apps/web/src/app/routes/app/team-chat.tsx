import { PlaceholderScreen } from './placeholder-screen';

export function TeamChatRoute() {
  return <PlaceholderScreen titleKey="teamChat" />;
}
