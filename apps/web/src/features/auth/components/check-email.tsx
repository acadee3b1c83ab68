import { MailCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ResendVerificationButton } from './resend-verification-button';

type CheckEmailProps = {
  email: string;
  signInHref: string;
};

/** The state after sign-up: the account waits for its email confirmation. */
export function CheckEmail({ email, signInHref }: CheckEmailProps) {
  const { t } = useTranslation();

  return (
    <section aria-labelledby="check-email-title" className="grid justify-items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary-text">
        <MailCheckIcon aria-hidden="true" className="size-6" />
      </span>
      <h3 id="check-email-title" className="font-semibold text-lg">
        {t('auth.checkEmail.title')}
      </h3>
      <p className="text-muted-foreground text-sm">{t('auth.checkEmail.description', { email })}</p>
      <div className="grid w-full gap-2">
        <ResendVerificationButton email={email} />
        <Button variant="link" asChild>
          <Link to={signInHref}>{t('auth.actions.backToSignIn')}</Link>
        </Button>
      </div>
    </section>
  );
}
