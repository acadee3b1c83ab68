import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useGoogleCallbackError } from '@/features/auth/hooks/use-google-callback-error';
import { peekPostAuthRedirect } from '@/features/auth/utils/post-auth-redirect';
import { getRoleQueryOptions } from '@/features/me/api/get-role';
import { getDashboardPath } from '@/features/me/utils/get-dashboard-path';

/** /employee-login: after sign-in, admins and team leads go to the admin dashboard, others to the employee one. */
export function EmployeeLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useGoogleCallbackError();

  const handleSignedIn = async () => {
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
          <Link to={paths.employeeSignup.getHref()} className="text-primary underline-offset-4 hover:underline">
            {t('auth.employeeLogin.signUpLink')}
          </Link>
        </p>
      }
    >
      <SignInForm variant="employee" onSuccess={handleSignedIn} />
    </AuthCard>
  );
}
