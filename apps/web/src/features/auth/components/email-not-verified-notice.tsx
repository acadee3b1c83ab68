import { MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResendVerificationButton } from './resend-verification-button';

/** Shown when sign-in says EMAIL_NOT_VERIFIED: offers to send the verification mail again. */
export function EmailNotVerifiedNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
      <p className="flex gap-2">
        <MailWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
        {t('auth.emailNotVerified')}
      </p>
      <ResendVerificationButton email={email} size="sm" />
    </div>
  );
}
