import { PlaceholderScreen } from './placeholder-screen';

export function ChatRoute() {
  return <PlaceholderScreen titleKey="chat" />;
}
