import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AUTH_MODES, type AuthMode, paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useGoogleCallbackError } from '@/features/auth/hooks/use-google-callback-error';
import { useSession } from '@/features/auth/hooks/use-session';
import { peekPostAuthRedirect } from '@/features/auth/utils/post-auth-redirect';

function parseMode(value: string | null): AuthMode {
  return AUTH_MODES.find((mode) => mode === value) ?? 'signin';
}

function BackToSignInLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.auth.getHref('signin')} className="underline-offset-4 hover:text-foreground hover:underline">
      {t('auth.actions.backToSignIn')}
    </Link>
  );
}

function ResetPasswordPanel({ token, hasError }: { token: string | null; hasError: boolean }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const isLinkValid = Boolean(token) && !hasError;
  return (
    <AuthCard title={t('auth.reset.title')} description={t('auth.reset.description')} footer={<BackToSignInLink />}>
      {isLinkValid && token ? (
        <ResetPasswordForm token={token} onSuccess={() => setSearchParams({ mode: 'signin' }, { replace: true })} />
      ) : (
        <div className="grid gap-3 text-center text-sm">
          <p role="alert" className="text-destructive">
            {t('auth.reset.invalidLink')}
          </p>
          <Link to={paths.auth.getHref('forgot')} className="text-primary-text underline-offset-4 hover:underline">
            {t('auth.reset.requestNewLink')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

/** /auth: sign-in and sign-up tabs (`?mode=signin|signup`), plus the forgot and reset password steps. */
export function AuthRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseMode(searchParams.get('mode'));
  const { isLoading, isAuthenticated } = useSession();
  useGoogleCallbackError({ isEnabled: mode !== 'reset' });

  if (isLoading) return <PageSpinner label={t('common.loading')} />;
  // Signed-in visitors (including one who just signed in here) go to /chat, or to the page they were sent away from.
  if (isAuthenticated) return <Navigate to={peekPostAuthRedirect() ?? paths.chat.getHref()} replace />;

  if (mode === 'forgot') {
    return (
      <AuthCard title={t('auth.forgot.title')} description={t('auth.forgot.description')} footer={<BackToSignInLink />}>
        <ForgotPasswordForm />
      </AuthCard>
    );
  }
  if (mode === 'reset') {
    return <ResetPasswordPanel token={searchParams.get('token')} hasError={searchParams.has('error')} />;
  }

  return (
    <AuthCard title={t('auth.page.title')} description={t('auth.page.description')}>
      <Tabs value={mode} onValueChange={(value) => setSearchParams({ mode: parseMode(value) }, { replace: true })}>
        <TabsList className="mb-4 w-full">
          <TabsTrigger value="signin">{t('auth.actions.signIn')}</TabsTrigger>
          <TabsTrigger value="signup">{t('auth.actions.signUp')}</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm signInHref={paths.auth.getHref('signin')} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
