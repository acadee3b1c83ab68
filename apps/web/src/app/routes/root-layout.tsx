import { lazy, Suspense, useState } from 'react';
import { Outlet, useMatch } from 'react-router';
import { paths } from '@/config/paths';
import { useFocusOnRouteChange } from '../layouts/use-focus-on-route-change';

const AppToaster = lazy(async () => {
  const { AppToaster } = await import('../app-toaster');
  return { default: AppToaster };
});

/**
 * The root route. The landing page never shows a toast, so the toaster (sonner) loads on the first other page and then
 * stays mounted; toasts raised before it mounts are replayed by sonner when it subscribes. After a route change focus
 * moves to the new screen's heading (one place for every screen).
 */
export function RootLayout() {
  useFocusOnRouteChange();
  const isLanding = useMatch(paths.home.path) !== null;
  const [isToasterNeeded, setIsToasterNeeded] = useState(!isLanding);
  if (!isLanding && !isToasterNeeded) setIsToasterNeeded(true);

  return (
    <>
      <Outlet />
      {isToasterNeeded ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </>
  );
}
