import { useParams } from 'react-router';
import { PlaceholderScreen } from './placeholder-screen';

export function SpaceRoute() {
  const { spaceName = '' } = useParams();
  return <PlaceholderScreen titleKey="space" name={spaceName} />;
}
