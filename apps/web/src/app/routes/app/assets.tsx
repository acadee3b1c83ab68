import { PlaceholderScreen } from './placeholder-screen';

export function AssetsRoute() {
  return <PlaceholderScreen titleKey="assets" />;
}
