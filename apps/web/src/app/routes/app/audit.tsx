import { ShieldAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AnomalyAlerts } from '@/features/audit/components/anomaly-alerts';
import { AuditLogs } from '@/features/audit/components/audit-logs';
import { useRole } from '@/features/me/api/get-role';

/**
 * /audit: the audit dashboard, team admins only (spec 001): the open anomaly alerts above the audit log. Everyone else
 * is told so, and neither is even asked for (the server refuses them too).
 */
export function AuditRoute() {
  const { t } = useTranslation(['translation', 'audit']);
  const role = useRole();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4">
      <BackLink to={paths.dashboard.getHref()}>{t('audit:backToDashboard')}</BackLink>
      <ScreenTitle>{t('pages.audit')}</ScreenTitle>
      {role.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('audit:checkingAccess')} className="size-6 text-muted-foreground" />
        </div>
      ) : role.data?.isAdmin ? (
        <div className="grid gap-8">
          <AnomalyAlerts />
          <AuditLogs />
        </div>
      ) : (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/50 p-4">
          <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p className="font-medium">{t('audit:accessDenied')}</p>
        </div>
      )}
    </div>
  );
}
