import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { AcceptInvitationCard } from '@/features/invitations/components/accept-invitation-card';
import { InvitationUnavailable } from '@/features/invitations/components/invitation-unavailable';
import { getInvitationProblem } from '@/features/invitations/utils/invitation-messages';
import { useAcceptInvitation } from '@/features/teams/api/accept-invitation';
import { useInvitation } from '@/features/teams/api/get-invitation';

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
  // Stays on the invitation, which then offers 'Sign in to accept' with the invited email, so the person can come
  // back with the right account.
  const { signOut, isSigningOut } = useSignOut({ stayOnPage: true });

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
