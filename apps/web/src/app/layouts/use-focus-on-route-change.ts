import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SKIP_TARGETS } from '@/config/ui';

/** How long a screen that is still loading may take to show its heading before focus stays on the main landmark. */
const HEADING_WAIT_MS = 3000;

function findMain(root: Document): HTMLElement | null {
  return root.getElementById(SKIP_TARGETS.main) ?? root.querySelector('main');
}

function focusElement(element: HTMLElement) {
  // Headings and landmarks are not focusable by default; -1 lets script focus them without adding a Tab stop.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Moves focus to the new screen: its main heading (`<h1>` inside `<main>`), or the main landmark while the screen is
 * still loading; a heading that appears soon after takes the focus over unless the user has moved it. Returns a
 * function that stops waiting.
 */
export function focusMainHeading(root: Document = document): () => void {
  const main = findMain(root);
  if (!main) return () => {};
  const heading = main.querySelector('h1');
  if (heading) {
    focusElement(heading);
    return () => {};
  }
  focusElement(main);
  const observer = new MutationObserver(() => {
    const current = findMain(root);
    const lateHeading = current?.querySelector('h1');
    if (!lateHeading) return;
    stop();
    // Only when the user has not moved on in the meantime.
    if (root.activeElement === main || root.activeElement === root.body) focusElement(lateHeading);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After a route change (a new pathname; not the first load, not a query change such as the chat's `?c=`), focus
 * goes to the new screen's heading, so keyboard and screen-reader users start there instead of on the link they
 * left behind. Used once, in the root layout.
 */
export function useFocusOnRouteChange() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    return focusMainHeading();
  }, [pathname]);
}
