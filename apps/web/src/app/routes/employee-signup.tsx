import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useGoogleCallbackError } from '@/features/auth/hooks/use-google-callback-error';
import { readInvitePrefill } from '@/features/invitations/utils/invitation-links';

/** /employee-signup: an invitation link prefills the invite code (?invite=) and the email (?email=). */
export function EmployeeSignupRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const prefill = readInvitePrefill(searchParams);
  const signInHref = paths.employeeLogin.getHref({ invite: prefill.inviteCode, email: prefill.email });
  useGoogleCallbackError();
  return (
    <AuthCard
      title={t('auth.employeeSignup.title')}
      description={t('auth.employeeSignup.description')}
      footer={
        <p>
          {t('auth.employeeSignup.hasAccount')}{' '}
          <Link to={signInHref} className="text-primary-text underline underline-offset-4 hover:decoration-2">
            {t('auth.employeeSignup.signInLink')}
          </Link>
        </p>
      }
    >
      <SignUpForm variant="employee" initialValues={prefill} signInHref={signInHref} />
    </AuthCard>
  );
}
