import { PlaceholderScreen } from './placeholder-screen';

export function SpacesManagementRoute() {
  return <PlaceholderScreen titleKey="spacesManagement" />;
}
