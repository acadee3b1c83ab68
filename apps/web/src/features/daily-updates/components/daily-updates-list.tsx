import type { DailyStat } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useDailyUpdates } from '../api/get-daily-updates';

const LABEL_KEYS = {
  'Files Processed': 'dailyUpdates.stats.filesProcessed',
  'New Clients': 'dailyUpdates.stats.newClients',
  'AI Queries': 'dailyUpdates.stats.aiQueries',
  'Spaces Created': 'dailyUpdates.stats.spacesCreated',
  'Files Organized': 'dailyUpdates.stats.filesOrganized',
  'Efficiency Gain': 'dailyUpdates.stats.efficiencyGain',
} as const satisfies Record<DailyStat['label'], string>;

function changeClassName(change: string): string {
  if (change.startsWith('+')) return 'text-emerald-700 dark:text-emerald-400';
  if (change.startsWith('-')) return 'text-destructive';
  return 'text-sidebar-foreground/60';
}

/** The six Daily Updates stats: label, value, change against yesterday, description. */
export function DailyUpdatesList() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useDailyUpdates();

  if (isPending) return <Spinner label={t('dailyUpdates.loading')} className="mx-2 my-1" />;
  if (isError) return <p className="px-2 text-sidebar-foreground/60 text-xs">{t('dailyUpdates.loadFailed')}</p>;

  return (
    <ul aria-label={t('dailyUpdates.title')} className="space-y-1 px-2">
      {data.stats.map((stat) => (
        <li key={stat.label} data-testid="daily-stat" className="rounded-md px-2 py-1.5 hover:bg-sidebar-accent">
          <div className="flex items-baseline justify-between gap-2 text-xs">
            <span className="truncate font-medium">{t(LABEL_KEYS[stat.label])}</span>
            <span className="flex items-baseline gap-1.5">
              <span className="font-semibold text-sm">{stat.value}</span>
              <span className={cn('text-[0.7rem]', changeClassName(stat.change))}>{stat.change}</span>
            </span>
          </div>
          <p className="truncate text-[0.7rem] text-sidebar-foreground/60">{stat.description}</p>
        </li>
      ))}
    </ul>
  );
}
