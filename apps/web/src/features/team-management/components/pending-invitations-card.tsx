import type { Invitation } from '@lumen/contract';
import { MailIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format-date';
import { useRunWithToasts } from '../hooks/use-run-with-toasts';
import type { MemberDisplay, TeamManagementActions } from '../types';

type PendingInvitationsCardProps = {
  invitations: Invitation[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  revokeInvitation: TeamManagementActions['revokeInvitation'];
  renderRoleBadge: MemberDisplay['renderRoleBadge'];
};

/** The invitations nobody has answered yet (managers): email, role, expiry and 'Revoke' after a confirmation. */
export function PendingInvitationsCard({
  invitations,
  isPending,
  isError,
  onRetry,
  revokeInvitation,
  renderRoleBadge,
}: PendingInvitationsCardProps) {
  const { t, i18n } = useTranslation('teamManagement');
  const runWithToasts = useRunWithToasts();
  const pending = invitations?.filter((invitation) => invitation.status === 'pending') ?? [];

  const revoke = (invitation: Invitation) =>
    runWithToasts(() => revokeInvitation(invitation.id), {
      success: t('invitations.revoked'),
      failure: t('invitations.revokeFailed'),
      logMessage: 'Failed to revoke invitation:',
    });

  const content = (() => {
    if (isPending) return <Spinner label={t('invitations.title')} />;
    if (isError) {
      return <LoadError message={t('invitations.loadFailed')} retryLabel={t('invitations.retry')} onRetry={onRetry} />;
    }
    if (pending.length === 0) return <p className="text-muted-foreground text-sm">{t('invitations.empty')}</p>;
    return (
      <ul className="divide-y">
        {pending.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
            <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="min-w-48 flex-1">
              <p className="break-all font-medium text-sm">{invitation.email}</p>
              <p className="text-muted-foreground text-xs">
                {t('invitations.expires', { date: formatDate(invitation.expiresAt, i18n.language) })}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {renderRoleBadge(invitation.role)}
              {invitation.customRole ? <Badge variant="outline">{invitation.customRole}</Badge> : null}
            </div>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                >
                  <XIcon aria-hidden="true" />
                  {t('invitations.revoke')}
                </Button>
              }
              title={t('invitations.revokeTitle')}
              description={t('invitations.revokeDescription', { email: invitation.email })}
              cancelLabel={t('cancel')}
              confirmLabel={t('invitations.revoke')}
              onConfirm={() => revoke(invitation)}
            />
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('invitations.title')}</h2>
        </CardTitle>
        <CardDescription>{t('invitations.description')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
