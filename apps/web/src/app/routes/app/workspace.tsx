import { PlaceholderScreen } from './placeholder-screen';

export function WorkspaceRoute() {
  return <PlaceholderScreen titleKey="workspace" />;
}
