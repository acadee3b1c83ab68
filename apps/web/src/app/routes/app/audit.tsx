import { PlaceholderScreen } from './placeholder-screen';

export function AuditRoute() {
  return <PlaceholderScreen titleKey="audit" />;
}
