import { MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';

/** Shown when sign-in says EMAIL_NOT_VERIFIED: offers to send the verification mail again. */
export function EmailNotVerifiedNotice({ email }: { email: string }) {
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
    <div className="grid gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
      <p className="flex gap-2">
        <MailWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
        {t('auth.emailNotVerified')}
      </p>
      <Button variant="outline" size="sm" disabled={resend.isPending} onClick={handleResend}>
        {resend.isPending ? <Spinner /> : null}
        {resend.isPending ? t('auth.actions.resendingVerification') : t('auth.actions.resendVerification')}
      </Button>
    </div>
  );
}
