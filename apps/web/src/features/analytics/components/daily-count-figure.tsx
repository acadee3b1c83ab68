import { useTranslation } from 'react-i18next';
import type { AnalyticsFormat } from '../utils/format';
import { ChartFigure } from './chart-figure';
import { DailyChart } from './lazy-charts';

type DailyCountFigureProps = {
  title: string;
  /** The count's name (the series in the tooltip, the column of the table). */
  name: string;
  emptyText: string;
  days: readonly { day: string; count: number }[];
  kind: 'bar' | 'area';
  format: AnalyticsFormat;
};

/** One count per day as a chart (bars or an area), with its table, or the empty state when every day is zero. */
export function DailyCountFigure({ title, name, emptyText, days, kind, format }: DailyCountFigureProps) {
  const { t } = useTranslation('analytics');
  return (
    <ChartFigure
      title={title}
      isEmpty={days.every((day) => day.count === 0)}
      emptyText={emptyText}
      columns={[t('chart.day'), name]}
      rows={days.map((day) => ({ key: day.day, label: format.day(day.day), values: [format.number(day.count)] }))}
    >
      <DailyChart
        kind={kind}
        data={days}
        series={[{ key: 'count', name, color: 'var(--primary-text)' }]}
        formatDay={format.day}
        formatNumber={format.number}
      />
    </ChartFigure>
  );
}
