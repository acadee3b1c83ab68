import { Outlet } from 'react-router';
import { RequireAuth } from '../../guards/require-auth';
import { AppLayout } from '../../layouts/app-layout';

/** Every signed-in screen renders inside the signed-in guard. */
export function AppRoot() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

/** The generic signed-in shell (the chat has its own layout). */
export function AppShellLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
