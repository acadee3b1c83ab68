import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  DEFAULT_ANALYTICS_PERIOD,
  type TeamAnalytics as TeamAnalyticsData,
} from '@lumen/contract';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isNoTeamError } from '@/lib/api-client';
import { useTeamAnalytics } from '../api/get-team-analytics';
import { type AnalyticsFormat, createAnalyticsFormat } from '../utils/format';
import { BusinessImpactPanel } from './business-impact-panel';
import { CollaborationPanel } from './collaboration-panel';
import { FileAnalyticsPanel } from './file-analytics-panel';
import { TimeEfficiencyPanel } from './time-efficiency-panel';

const ANALYTICS_TABS = ['time', 'files', 'collaboration', 'impact'] as const;
type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** The select's value back as one of the options (undefined for anything else). */
function pick<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

function AnalyticsTabs({ analytics, format }: { analytics: TeamAnalyticsData; format: AnalyticsFormat }) {
  const { t } = useTranslation('analytics');
  const [tab, setTab] = useState<AnalyticsTab>('time');
  const panels: Record<AnalyticsTab, ReactNode> = {
    time: <TimeEfficiencyPanel figures={analytics.timeAndEfficiency} format={format} />,
    files: <FileAnalyticsPanel figures={analytics.files} format={format} />,
    collaboration: <CollaborationPanel figures={analytics.collaboration} format={format} />,
    impact: (
      <BusinessImpactPanel
        figures={analytics.businessImpact}
        goals={analytics.goals}
        canEditGoals={analytics.canEditGoals}
        format={format}
      />
    ),
  };
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(pick(ANALYTICS_TABS, value) ?? 'time')} className="gap-4">
      <TabsList aria-label={t('tabs.label')} className="h-auto w-full flex-wrap justify-start sm:w-fit">
        {ANALYTICS_TABS.map((name) => (
          <TabsTrigger key={name} value={name} className="flex-none">
            {t(`tabs.${name}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {ANALYTICS_TABS.map((name) => (
        <TabsContent key={name} value={name} className="grid gap-4">
          <h2 className="sr-only">{t(`tabs.${name}`)}</h2>
          {panels[name]}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/**
 * The team's analytics (spec 001, Advanced Analytics, made real; /analytics and the audit dashboard's Analytics tab):
 * over the last 7 days, 30 days (default), 3 months or year, four tabs of figures counted by the server, each chart with
 * its figures in a table for screen readers, and the goals the team's admins may change.
 */
export function TeamAnalytics() {
  const { t, i18n } = useTranslation('analytics');
  const periodId = useId();
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useTeamAnalytics(period);
  const format = useMemo(() => createAnalyticsFormat(i18n.language), [i18n.language]);

  const content = ((): ReactNode => {
    if (analytics.isPending) {
      return (
        <div className="flex justify-center py-10">
          <Spinner label={t('loading')} className="size-6 text-muted-foreground" />
        </div>
      );
    }
    if (analytics.isError && !analytics.data) {
      // Someone without a team: there is nothing to count, and a retry would not change that.
      if (isNoTeamError(analytics.error)) return <p className="text-muted-foreground">{t('noTeam')}</p>;
      return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void analytics.refetch()} />;
    }
    return <AnalyticsTabs analytics={analytics.data} format={format} />;
  })();

  const shown = analytics.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="grid gap-2">
          <Label htmlFor={periodId}>{t('period.label')}</Label>
          <NativeSelect
            id={periodId}
            className="w-48"
            value={period}
            onChange={(event) => setPeriod(pick(ANALYTICS_PERIODS, event.target.value) ?? DEFAULT_ANALYTICS_PERIOD)}
          >
            {ANALYTICS_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`period.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {shown ? (
          <p className="flex h-9 items-center gap-2 text-muted-foreground text-sm">
            {t('range', { from: format.fullDay(shown.from), to: format.fullDay(shown.to) })}
            {analytics.isPlaceholderData ? <Spinner label={t('updating')} /> : null}
          </p>
        ) : null}
      </div>
      {content}
    </div>
  );
}
