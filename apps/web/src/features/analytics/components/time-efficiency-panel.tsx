import type { TeamAnalytics } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { type AnalyticsFormat, percentOf } from '../utils/format';
import { ChartFigure } from './chart-figure';
import { DailyChart } from './lazy-charts';
import { StatList } from './stat-list';

/** Time & Efficiency: the questions asked to the assistant, answered or declined, and how long an answer took. */
export function TimeEfficiencyPanel({
  figures,
  format,
}: {
  figures: TeamAnalytics['timeAndEfficiency'];
  format: AnalyticsFormat;
}) {
  const { t } = useTranslation('analytics');
  const answerRate = percentOf(figures.answered, figures.queries);
  const { p50, p95 } = figures.responseMs;
  const days = figures.queriesPerDay;
  return (
    <div className="grid gap-4">
      <StatList
        title={t('time.figures')}
        stats={[
          { label: t('time.queries'), value: format.number(figures.queries) },
          { label: t('time.answered'), value: format.number(figures.answered) },
          { label: t('time.declined'), value: format.number(figures.declined) },
          { label: t('time.answerRate'), value: answerRate === null ? null : format.percent(answerRate) },
          { label: t('time.p50'), value: p50 === null ? null : format.seconds(p50) },
          { label: t('time.p95'), value: p95 === null ? null : format.seconds(p95) },
        ]}
      />
      <ChartFigure
        title={t('time.perDay')}
        isEmpty={days.every((day) => day.answered + day.declined === 0)}
        emptyText={t('time.empty')}
        columns={[t('chart.day'), t('time.answered'), t('time.declined')]}
        rows={days.map((day) => ({
          key: day.day,
          label: format.day(day.day),
          values: [format.number(day.answered), format.number(day.declined)],
        }))}
      >
        <DailyChart
          kind="bar"
          isStacked
          data={days}
          series={[
            { key: 'answered', name: t('time.answered'), color: 'var(--primary-text)' },
            { key: 'declined', name: t('time.declined'), color: 'var(--muted-foreground)' },
          ]}
          formatDay={format.day}
          formatNumber={format.number}
        />
      </ChartFigure>
    </div>
  );
}
