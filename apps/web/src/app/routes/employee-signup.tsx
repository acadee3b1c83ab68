import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useGoogleCallbackError } from '@/features/auth/hooks/use-google-callback-error';

export function EmployeeSignupRoute() {
  const { t } = useTranslation();
  useGoogleCallbackError();
  return (
    <AuthCard
      title={t('auth.employeeSignup.title')}
      description={t('auth.employeeSignup.description')}
      footer={
        <p>
          {t('auth.employeeSignup.hasAccount')}{' '}
          <Link to={paths.employeeLogin.getHref()} className="text-primary underline-offset-4 hover:underline">
            {t('auth.employeeSignup.signInLink')}
          </Link>
        </p>
      }
    >
      <SignUpForm variant="employee" signInHref={paths.employeeLogin.getHref()} />
    </AuthCard>
  );
}
