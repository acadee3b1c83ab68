import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { clearPendingInviteCode, readPendingInviteCode } from '@/features/auth/utils/pending-invite-code';
import { useAcceptPendingInviteOnArrival } from '@/features/invitations/hooks/use-accept-pending-invite';
import { useAcceptInvitation } from '@/features/teams/api/accept-invitation';
import { useClientEvents } from '../../client-events/use-client-events';
import { RequireAuth } from '../../guards/require-auth';
import { AppLayout } from '../../layouts/app-layout';
import { RealtimeProvider } from '../../realtime/realtime-provider';

/** Reports page visits, clicks and errors of the signed-in app (issue #14). */
function ClientEvents() {
  useClientEvents();
  return null;
}

/**
 * Joins the team of an invite code kept from the employee pages (after a Google sign-in or an email confirmation)
 * before any screen renders, so the role guards already see the new team.
 */
function AcceptPendingInvite({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const acceptInvitation = useAcceptInvitation();
  const { isAccepting } = useAcceptPendingInviteOnArrival({
    readPendingInviteCode,
    clearPendingInviteCode,
    acceptInvitation: acceptInvitation.mutateAsync,
  });
  if (isAccepting) return <PageSpinner label={t('common.loading')} />;
  return children;
}

/** Every signed-in screen renders inside the signed-in guard. */
export function AppRoot() {
  return (
    <RequireAuth>
      <AcceptPendingInvite>
        <RealtimeProvider>
          <ClientEvents />
          <Outlet />
        </RealtimeProvider>
      </AcceptPendingInvite>
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
