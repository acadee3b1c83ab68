import { useTranslation } from 'react-i18next';
import { useMatches, useParams } from 'react-router';
import { isRouteHandle } from '../route-handle';

/** The translated title of the deepest matched route that declares one. */
export function usePageTitle(): string | null {
  const { t } = useTranslation();
  const matches = useMatches();
  const { spaceName } = useParams();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  if (!handle) return null;
  return t(`pages.${handle.titleKey}`, { name: spaceName ?? '' });
}
