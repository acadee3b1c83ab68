import type { PublicInvitation } from '@lumen/contract';
import { CircleCheckIcon, MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAcceptInvitationFlow } from '../hooks/use-accept-invitation-flow';
import { getCreateAccountHref, getSignInToAcceptHref } from '../utils/invitation-links';
import { InvitationDetails } from './invitation-details';

type SignedInActionsProps = {
  invitation: PublicInvitation;
  signedInEmail: string;
  acceptInvitation: (invitationId: string) => Promise<unknown>;
  onSignOut: () => void;
  isSigningOut: boolean;
};

function SignedInActions({
  invitation,
  signedInEmail,
  acceptInvitation,
  onSignOut,
  isSigningOut,
}: SignedInActionsProps) {
  const { t } = useTranslation('dashboards');
  const { state, accept } = useAcceptInvitationFlow({ invitationId: invitation.id, acceptInvitation });

  if (state.status === 'accepted') {
    return (
      <div role="status" className="grid w-full justify-items-center gap-2 text-center">
        <CircleCheckIcon className="size-8 text-green-600 dark:text-green-400" aria-hidden="true" />
        <p className="font-medium">{t('invitation.messages.accepted')}</p>
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner />
          {t('invitation.redirecting')}
        </p>
      </div>
    );
  }

  const isAccepting = state.status === 'accepting';
  return (
    <div className="grid w-full gap-3">
      <p className="text-center text-muted-foreground text-sm">
        {t('invitation.signedInAs', { email: signedInEmail })}
      </p>
      {state.status === 'failed' ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm"
        >
          {state.message}
        </p>
      ) : null}
      {state.status === 'failed' && state.isWrongAccount ? (
        <Button variant="outline" onClick={onSignOut} disabled={isSigningOut}>
          {isSigningOut ? (
            <>
              <Spinner />
              {t('invitation.signingOut')}
            </>
          ) : (
            t('invitation.signOut')
          )}
        </Button>
      ) : (
        <Button onClick={() => void accept()} disabled={isAccepting}>
          {isAccepting ? (
            <>
              <Spinner />
              {t('invitation.accepting')}
            </>
          ) : (
            t('invitation.accept')
          )}
        </Button>
      )}
    </div>
  );
}

function SignedOutActions({ invitation }: { invitation: PublicInvitation }) {
  const { t } = useTranslation('dashboards');
  return (
    <div className="grid w-full gap-3">
      <p className="text-center text-muted-foreground text-sm">
        {t('invitation.signedOutHint', { email: invitation.email })}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild>
          <Link to={getSignInToAcceptHref(invitation)}>{t('invitation.signInToAccept')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={getCreateAccountHref(invitation)}>{t('invitation.createAccount')}</Link>
        </Button>
      </div>
    </div>
  );
}

type AcceptInvitationCardProps = {
  invitation: PublicInvitation;
  /** The signed-in user's email, or null when signed out. */
  signedInEmail: string | null;
  /** Joins the team (the teams feature's mutation, passed in by the route). */
  acceptInvitation: (invitationId: string) => Promise<unknown>;
  /** Signs out and stays here, so the right account can sign in. */
  onSignOut: () => void;
  isSigningOut: boolean;
};

/** A pending invitation: the team, the details, and Accept (signed in) or Sign in / Create account (signed out). */
export function AcceptInvitationCard({ invitation, signedInEmail, ...actions }: AcceptInvitationCardProps) {
  const { t } = useTranslation('dashboards');
  return (
    <Card className="w-full max-w-lg">
      <CardHeader className="justify-items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary-text">
          <MailIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-semibold text-xl leading-tight">{t('invitation.title', { team: invitation.teamName })}</h1>
        <CardDescription>{t('invitation.description', { inviter: invitation.invitedByName })}</CardDescription>
        {invitation.teamDescription ? <p className="text-sm">{invitation.teamDescription}</p> : null}
      </CardHeader>
      <CardContent>
        <InvitationDetails invitation={invitation} />
      </CardContent>
      <CardFooter>
        {signedInEmail ? (
          // Keyed by account: after signing out and in again, a previous failure is not shown to the new account.
          <SignedInActions key={signedInEmail} invitation={invitation} signedInEmail={signedInEmail} {...actions} />
        ) : (
          <SignedOutActions invitation={invitation} />
        )}
      </CardFooter>
    </Card>
  );
}
