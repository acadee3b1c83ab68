import { CircleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The invalid-invitation screen: why it cannot be used, and Go to Sign In (docs/product-rules.md#invitations). */
export function InvitationUnavailable({ message }: { message: string }) {
  const { t } = useTranslation('dashboards');
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="justify-items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlertIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-semibold text-xl leading-none">{t('invitation.unavailableTitle')}</h1>
      </CardHeader>
      <CardContent>
        <p role="alert" className="text-muted-foreground">
          {message}
        </p>
      </CardContent>
      <CardFooter className="justify-center">
        <Button asChild>
          <Link to={paths.auth.getHref()}>{t('invitation.goToSignIn')}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
