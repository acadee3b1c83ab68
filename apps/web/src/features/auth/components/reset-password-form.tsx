import { resetPasswordSchema } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getFieldErrors } from '@/lib/form';
import { formMessageText } from '@/lib/server-error-text';
import { useResetPassword } from '../api/reset-password';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

type ResetPasswordFormProps = {
  token: string;
  /** Runs after the password was changed (the caller goes back to sign-in). */
  onSuccess: () => void;
};

export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useResetPassword();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ newPassword, token });
    if (!parsed.success) {
      const errors = getFieldErrors(parsed.error);
      setError(errors.newPassword ?? errors.token);
      return;
    }
    setError(undefined);
    try {
      await reset.mutateAsync(parsed.data);
    } catch (resetError) {
      toast.error(getAuthErrorMessage(t, resetError, t('auth.toasts.passwordResetFailed')));
      return;
    }
    toast.success(t('auth.toasts.passwordResetSuccess'));
    onSuccess();
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <PasswordField
        id="reset-password-new-password"
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(event) => {
          setNewPassword(event.target.value);
          setError(undefined);
        }}
        error={formMessageText(t, error)}
      />
      <SubmitButton isPending={reset.isPending} pendingLabel={t('auth.actions.resettingPassword')}>
        {t('auth.actions.resetPassword')}
      </SubmitButton>
    </form>
  );
}
