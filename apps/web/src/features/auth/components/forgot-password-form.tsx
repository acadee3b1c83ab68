import { requestPasswordResetSchema } from '@lumen/contract';
import { MailCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/text-field';
import { getFieldErrors } from '@/lib/form';
import { formMessageText } from '@/lib/server-error-text';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';
import { SubmitButton } from './submit-button';

/** Asks for a password reset link by email, then confirms it was sent. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) {
      setError(getFieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    try {
      await requestReset.mutateAsync(parsed.data);
    } catch (requestError) {
      toast.error(getAuthErrorMessage(t, requestError, t('auth.toasts.resetLinkFailed')));
      return;
    }
    setSentTo(parsed.data.email);
  };

  if (sentTo) {
    return (
      <p role="status" className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm">
        <MailCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-text" />
        {t('auth.forgot.sent', { email: sentTo })}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <TextField
        id="forgot-password-email"
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.placeholders.email')}
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={formMessageText(t, error)}
      />
      <SubmitButton isPending={requestReset.isPending} pendingLabel={t('auth.actions.sendingResetLink')}>
        {t('auth.actions.sendResetLink')}
      </SubmitButton>
    </form>
  );
}
