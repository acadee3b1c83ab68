import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { getGoogleErrorMessage } from '../utils/get-google-error-message';

type GoogleSignInButtonProps = {
  /** Runs just before the browser leaves for Google (to keep form state such as an invite code). */
  onBeforeRedirect?: () => void;
};

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.44.35-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

export function GoogleSignInButton({ onBeforeRedirect }: GoogleSignInButtonProps) {
  const { t } = useTranslation();
  const signIn = useSignInWithGoogle();
  const isRedirecting = signIn.isPending || signIn.isSuccess;

  const handleClick = async () => {
    try {
      const { url } = await signIn.mutateAsync();
      onBeforeRedirect?.();
      window.location.assign(url);
    } catch (error) {
      console.error('Google sign-in failed:', error);
      toast.error(getGoogleErrorMessage(t, error));
    }
  };

  return (
    <Button variant="outline" className="w-full" disabled={isRedirecting} onClick={handleClick}>
      {isRedirecting ? <Spinner /> : <GoogleIcon />}
      {t('auth.actions.continueWithGoogle')}
    </Button>
  );
}
