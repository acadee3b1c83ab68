import { PlaceholderScreen } from './placeholder-screen';

export function WorkspaceNewRoute() {
  return <PlaceholderScreen titleKey="workspaceNew" />;
}
