import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useGoogleCallbackError } from '@/features/auth/hooks/use-google-callback-error';
import { clearPendingInviteCode, readPendingInviteCode } from '@/features/auth/utils/pending-invite-code';
import { peekPostAuthRedirect } from '@/features/auth/utils/post-auth-redirect';
import { useAcceptPendingInvite } from '@/features/invitations/hooks/use-accept-pending-invite';
import { readInvitePrefill } from '@/features/invitations/utils/invitation-links';
import { getRoleQueryOptions } from '@/features/me/api/get-role';
import { getDashboardPath } from '@/features/me/utils/get-dashboard-path';
import { useAcceptInvitation } from '@/features/teams/api/accept-invitation';

/**
 * /employee-login: after sign-in, an invite code given here is accepted first, so the role read next includes the
 * new team; then admins and team leads go to the admin dashboard, others to the employee one. An invitation link
 * prefills the code (?invite=) and the email (?email=).
 */
export function EmployeeLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const prefill = readInvitePrefill(searchParams);
  // An invitation link's code and email carry over to sign-up.
  const signUpHref = paths.employeeSignup.getHref({ invite: prefill.inviteCode, email: prefill.email });
  const acceptInvitation = useAcceptInvitation();
  const acceptPendingInvite = useAcceptPendingInvite({
    readPendingInviteCode,
    clearPendingInviteCode,
    acceptInvitation: acceptInvitation.mutateAsync,
  });
  useGoogleCallbackError();

  const handleSignedIn = async () => {
    // Join the invited team before anything reads the role, so the new member lands on the right dashboard.
    await acceptPendingInvite();
    const savedPath = peekPostAuthRedirect();
    if (savedPath) {
      navigate(savedPath, { replace: true });
      return;
    }
    const roleState = await queryClient.fetchQuery(getRoleQueryOptions());
    navigate(getDashboardPath(roleState.role), { replace: true });
  };

  return (
    <AuthCard
      title={t('auth.employeeLogin.title')}
      description={t('auth.employeeLogin.description')}
      footer={
        <p>
          {t('auth.employeeLogin.noAccount')}{' '}
          <Link to={signUpHref} className="text-primary-text underline underline-offset-4 hover:decoration-2">
            {t('auth.employeeLogin.signUpLink')}
          </Link>
        </p>
      }
    >
      <SignInForm variant="employee" initialValues={prefill} onSuccess={handleSignedIn} />
    </AuthCard>
  );
}
