import type { PublicInvitation } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '@/lib/format-date';

/** Who is invited, as what, by whom and until when. */
export function InvitationDetails({ invitation }: { invitation: PublicInvitation }) {
  const { t, i18n } = useTranslation(['dashboards', 'teams']);
  const rows = [
    { term: t('invitation.invitedEmail'), value: invitation.email },
    // A free role label on the invitation stands in for the role's name.
    { term: t('invitation.role'), value: invitation.customRole?.trim() || t(`teams:roles.${invitation.role}`) },
    { term: t('invitation.invitedBy'), value: invitation.invitedByName },
    {
      term: t('invitation.expires'),
      value: <time dateTime={invitation.expiresAt}>{formatLongDateTime(invitation.expiresAt, i18n.language)}</time>,
    },
  ];
  return (
    <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      {rows.map((row) => (
        <div key={row.term} className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid">
          <dt className="text-muted-foreground">{row.term}</dt>
          <dd className="break-words font-medium">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
