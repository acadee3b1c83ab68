import { Outlet } from 'react-router';
import { RequireAuth } from '../../guards/require-auth';
import { AppLayout } from '../../layouts/app-layout';

/** Every signed-in screen renders inside the signed-in guard and the app layout. */
export function AppRoot() {
  return (
    <RequireAuth>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </RequireAuth>
  );
}
