import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { clearSession } from '@/features/auth/api/get-session';
import { useSignOutMutation } from '@/features/auth/api/sign-out';
import { useSession } from '@/features/auth/hooks/use-session';
import { getAuthErrorMessage } from '@/features/auth/utils/get-auth-error-message';
import { AcceptInvitationCard } from '@/features/invitations/components/accept-invitation-card';
import { InvitationUnavailable } from '@/features/invitations/components/invitation-unavailable';
import { getInvitationProblem } from '@/features/invitations/utils/invitation-messages';
import { useAcceptInvitation } from '@/features/teams/api/accept-invitation';
import { useInvitation } from '@/features/teams/api/get-invitation';

/**
 * Signs out but stays on the invitation, which then offers 'Sign in to accept' with the invited email, so the person
 * can come back with the right account.
 */
function useSignOutHere() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useSignOutMutation();
  const signOut = async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      toast.error(getAuthErrorMessage(t, error, t('auth.toasts.signOutFailed')));
      return;
    }
    clearSession(queryClient);
    toast.success(t('auth.toasts.signOutSuccess'));
  };
  return { signOut, isSigningOut: mutation.isPending };
}

/**
 * /accept-invitation?id=… (public): loads the invitation; an unusable one shows why with 'Go to Sign In', a pending
 * one its details with Accept (signed in) or sign-in / sign-up links carrying the invite (signed out).
 */
export function AcceptInvitationRoute() {
  const { t } = useTranslation('dashboards');
  const [searchParams] = useSearchParams();
  const invitationId = searchParams.get('id')?.trim() ?? '';
  const invitation = useInvitation(invitationId);
  const session = useSession();
  const acceptInvitation = useAcceptInvitation();
  const { signOut, isSigningOut } = useSignOutHere();

  const problem = getInvitationProblem({ invitationId, invitation: invitation.data, error: invitation.error });
  if (problem) return <InvitationUnavailable message={t(`invitation.messages.${problem}`)} />;
  if (!invitation.data || session.isLoading) return <PageSpinner label={t('invitation.loading')} />;

  return (
    <AcceptInvitationCard
      invitation={invitation.data}
      signedInEmail={session.user?.email ?? null}
      acceptInvitation={acceptInvitation.mutateAsync}
      onSignOut={() => void signOut()}
      isSigningOut={isSigningOut}
    />
  );
}
