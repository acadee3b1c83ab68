import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';

/** Sends the verification mail to `email` again, with a toast either way. */
export function ResendVerificationButton({
  email,
  size,
}: {
  email: string;
  size?: ComponentProps<typeof Button>['size'];
}) {
  const { t } = useTranslation();
  const resend = useSendVerificationEmail();

  const handleResend = async () => {
    try {
      await resend.mutateAsync({ email });
      toast.success(t('auth.toasts.verificationSent'));
    } catch (error) {
      toast.error(getAuthErrorMessage(t, error, t('auth.toasts.verificationFailed')));
    }
  };

  return (
    <Button variant="outline" size={size} disabled={resend.isPending} onClick={handleResend}>
      {resend.isPending ? <Spinner /> : null}
      {resend.isPending ? t('auth.actions.resendingVerification') : t('auth.actions.resendVerification')}
    </Button>
  );
}
