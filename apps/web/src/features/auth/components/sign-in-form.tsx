import { employeeSignInSchema, signInSchema } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSignInWithEmail } from '../api/sign-in-with-email';
import { useAuthForm } from '../hooks/use-auth-form';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';
import { savePendingInviteCode } from '../utils/pending-invite-code';
import { EmailNotVerifiedNotice } from './email-not-verified-notice';
import { GoogleSignInButton } from './google-sign-in-button';
import { OrSeparator } from './or-separator';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';

type SignInValues = { email: string; password: string; inviteCode: string };

type SignInFormProps = {
  /** 'employee' adds the show/hide password toggle and the optional invite code (/employee-login). */
  variant?: 'default' | 'employee';
  /** Runs after a successful sign-in, once the session is loaded (the caller navigates). */
  onSuccess?: () => void | Promise<void>;
  /** Prefilled values (an invitation link carries the invite code and the invited email). */
  initialValues?: Partial<Pick<SignInValues, 'email' | 'inviteCode'>>;
};

function validateSignIn(values: SignInValues, isEmployee: boolean) {
  if (isEmployee) return employeeSignInSchema.safeParse(values);
  return signInSchema.safeParse({ email: values.email, password: values.password });
}

export function SignInForm({ variant = 'default', onSuccess, initialValues }: SignInFormProps) {
  const { t } = useTranslation();
  const isEmployee = variant === 'employee';
  const idPrefix = isEmployee ? 'employee-sign-in' : 'sign-in';
  const { values, updateField, errorText, validate } = useAuthForm<SignInValues>({
    email: initialValues?.email ?? '',
    password: '',
    inviteCode: isEmployee ? (initialValues?.inviteCode ?? '') : '',
  });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // Signed in, and the caller is still finishing (joining an invited team, reading the role): stay busy.
  const [isFinishing, setIsFinishing] = useState(false);
  const signIn = useSignInWithEmail();

  const saveInviteCode = () => {
    if (isEmployee) savePendingInviteCode(values.inviteCode);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate(validateSignIn(values, isEmployee));
    if (!data) return;
    setUnverifiedEmail(null);
    try {
      await signIn.mutateAsync({ email: data.email, password: data.password });
    } catch (error) {
      toast.error(getAuthErrorMessage(t, error, t('auth.toasts.signInFailed')));
      if (isApiError(error) && error.code === EMAIL_NOT_VERIFIED_CODE) setUnverifiedEmail(data.email);
      return;
    }
    saveInviteCode();
    toast.success(t('auth.toasts.signInSuccess'));
    setIsFinishing(true);
    try {
      await onSuccess?.();
    } finally {
      setIsFinishing(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <TextField
        id={`${idPrefix}-email`}
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.placeholders.email')}
        required
        value={values.email}
        onChange={updateField('email')}
        error={errorText('email')}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        label={t('auth.fields.password')}
        autoComplete="current-password"
        required
        canToggleVisibility={isEmployee}
        value={values.password}
        onChange={updateField('password')}
        error={errorText('password')}
        labelAside={
          isEmployee ? undefined : (
            <Link
              to={paths.auth.getHref('forgot')}
              className="text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline"
            >
              {t('auth.actions.forgotPassword')}
            </Link>
          )
        }
      />
      {isEmployee ? (
        <TextField
          id={`${idPrefix}-invite-code`}
          label={t('auth.fields.inviteCode')}
          autoComplete="off"
          placeholder={t('auth.placeholders.inviteCode')}
          value={values.inviteCode}
          onChange={updateField('inviteCode')}
          error={errorText('inviteCode')}
        />
      ) : null}
      {unverifiedEmail ? <EmailNotVerifiedNotice email={unverifiedEmail} /> : null}
      <SubmitButton isPending={signIn.isPending || isFinishing} pendingLabel={t('auth.actions.signingIn')}>
        {t('auth.actions.signIn')}
      </SubmitButton>
      <OrSeparator />
      <GoogleSignInButton onBeforeRedirect={saveInviteCode} />
    </form>
  );
}
