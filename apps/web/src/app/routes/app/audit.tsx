import { ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { TeamAnalytics } from '@/features/analytics/components/team-analytics';
import { AnomalyAlerts } from '@/features/audit/components/anomaly-alerts';
import { AuditLogs } from '@/features/audit/components/audit-logs';
import { useRole } from '@/features/me/api/get-role';

type AuditTab = 'logs' | 'analytics';

/**
 * The admin's two tabs: Audit Logs (the open anomaly alerts above the audit log) and Analytics (the team's analytics,
 * asked for when first opened). Each tab stays as it was left (filters, period) when the other is shown.
 */
function AuditTabs() {
  const { t } = useTranslation(['translation', 'audit', 'analytics']);
  const [tab, setTab] = useState<AuditTab>('logs');
  const [hasOpenedAnalytics, setHasOpenedAnalytics] = useState(false);
  const selectTab = (value: string) => {
    if (value !== 'logs' && value !== 'analytics') return;
    setTab(value);
    if (value === 'analytics') setHasOpenedAnalytics(true);
  };
  return (
    <Tabs value={tab} onValueChange={selectTab} className="gap-6">
      <TabsList
        aria-label={t('analytics:dashboardSections')}
        className="h-auto w-full flex-wrap justify-start sm:w-fit"
      >
        <TabsTrigger value="logs" className="flex-none">
          {t('audit:logsTitle')}
        </TabsTrigger>
        <TabsTrigger value="analytics" className="flex-none">
          {t('pages.analytics')}
        </TabsTrigger>
      </TabsList>
      {/* Kept mounted once shown and hidden while the other is: each tab comes back as it was left. */}
      <TabsContent value="logs" forceMount hidden={tab !== 'logs'} className="grid gap-8">
        <AnomalyAlerts />
        <AuditLogs />
      </TabsContent>
      <TabsContent value="analytics" forceMount={hasOpenedAnalytics || undefined} hidden={tab !== 'analytics'}>
        <TeamAnalytics />
      </TabsContent>
    </Tabs>
  );
}

/**
 * /audit: the audit dashboard, team admins only (spec 001): tabs Audit Logs and Analytics. Everyone else is told so,
 * and nothing is even asked for (the server refuses them the audit log too).
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
        <AuditTabs />
      ) : (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/50 p-4">
          <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
          <p className="font-medium">{t('audit:accessDenied')}</p>
        </div>
      )}
    </div>
  );
}
