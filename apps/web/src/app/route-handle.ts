import type { Translation } from '@/lib/i18n';

export type PageTitleKey = keyof Translation['pages'];

/** Route `handle` of the signed-in screens: the layout header shows the translated title. */
export type RouteHandle = { titleKey: PageTitleKey };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value && typeof value.titleKey === 'string';
}
