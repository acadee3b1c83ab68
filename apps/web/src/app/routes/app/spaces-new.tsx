import { PlaceholderScreen } from './placeholder-screen';

export function SpacesNewRoute() {
  return <PlaceholderScreen titleKey="spacesNew" />;
}
