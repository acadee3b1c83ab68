import { employeeSignUpSchema, signUpSchema } from '@lumen/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TextField } from '@/components/ui/text-field';
import { useSignUpWithEmail } from '../api/sign-up-with-email';
import { useAuthForm } from '../hooks/use-auth-form';
import { getAuthErrorMessage } from '../utils/get-auth-error-message';
import { savePendingInviteCode } from '../utils/pending-invite-code';
import { CheckEmail } from './check-email';
import { GoogleSignInButton } from './google-sign-in-button';
import { OrSeparator } from './or-separator';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

type SignUpValues = { firstName: string; lastName: string; email: string; password: string; inviteCode: string };

type SignUpFormProps = {
  /** 'employee' adds the optional invite code (/employee-signup). */
  variant?: 'default' | 'employee';
  /** Where "Back to sign in" goes from the check-your-email state. */
  signInHref: string;
  /** Prefilled values (an invitation link carries the invite code and the invited email). */
  initialValues?: Partial<Pick<SignUpValues, 'email' | 'inviteCode'>>;
};

function validateSignUp(values: SignUpValues, isEmployee: boolean) {
  if (isEmployee) return employeeSignUpSchema.safeParse(values);
  const { inviteCode: _inviteCode, ...rest } = values;
  return signUpSchema.safeParse(rest);
}

export function SignUpForm({ variant = 'default', signInHref, initialValues }: SignUpFormProps) {
  const { t } = useTranslation();
  const isEmployee = variant === 'employee';
  const idPrefix = isEmployee ? 'employee-sign-up' : 'sign-up';
  const { values, updateField, errorText, validate } = useAuthForm<SignUpValues>({
    firstName: '',
    lastName: '',
    email: initialValues?.email ?? '',
    password: '',
    inviteCode: isEmployee ? (initialValues?.inviteCode ?? '') : '',
  });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const signUp = useSignUpWithEmail();

  const saveInviteCode = () => {
    if (isEmployee) savePendingInviteCode(values.inviteCode);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate(validateSignUp(values, isEmployee));
    if (!data) return;
    try {
      // The employee variant's valid invite code goes with the request: the team is joined when the email is confirmed.
      await signUp.mutateAsync(data);
    } catch (error) {
      toast.error(getAuthErrorMessage(t, error, t('auth.toasts.signUpFailed')));
      return;
    }
    saveInviteCode();
    toast.success(t('auth.toasts.signUpSuccess'));
    setRegisteredEmail(data.email);
  };

  if (registeredEmail) return <CheckEmail email={registeredEmail} signInHref={signInHref} />;

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-first-name`}
          label={t('auth.fields.firstName')}
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={updateField('firstName')}
          error={errorText('firstName')}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          label={t('auth.fields.lastName')}
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={updateField('lastName')}
          error={errorText('lastName')}
        />
      </div>
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
        autoComplete="new-password"
        required
        value={values.password}
        onChange={updateField('password')}
        error={errorText('password')}
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
      <SubmitButton isPending={signUp.isPending} pendingLabel={t('auth.actions.signingUp')}>
        {t('auth.actions.signUp')}
      </SubmitButton>
      <OrSeparator />
      <GoogleSignInButton onBeforeRedirect={saveInviteCode} />
    </form>
  );
}
