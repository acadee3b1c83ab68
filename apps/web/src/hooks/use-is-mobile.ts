import { useSyncExternalStore } from 'react';
import { SIDEBAR } from '@/config/ui';

const MOBILE_QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isMobileViewport(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
}

/** Whether the viewport is narrower than the mobile breakpoint (768 px). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport, () => false);
}
