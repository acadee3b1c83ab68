import { PlaceholderScreen } from './placeholder-screen';

export function SpacesRoute() {
  return <PlaceholderScreen titleKey="spaces" />;
}
