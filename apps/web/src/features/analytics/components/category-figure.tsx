import type { AnalyticsFormat } from '../utils/format';
import { ChartFigure } from './chart-figure';
import { CategoryChart } from './lazy-charts';

type CategoryFigureProps = {
  title: string;
  /** The categories' column header (Platform, Type, Status). */
  categoryName: string;
  /** The counts' name (Documents). */
  name: string;
  emptyText: string;
  /** Each category's label (already in words) and count. */
  items: readonly { key: string; label: string; count: number }[];
  format: AnalyticsFormat;
};

/** Counts per category as horizontal bars, with their table, or the empty state when every count is zero. */
export function CategoryFigure({ title, categoryName, name, emptyText, items, format }: CategoryFigureProps) {
  return (
    <ChartFigure
      title={title}
      isEmpty={items.every((item) => item.count === 0)}
      emptyText={emptyText}
      columns={[categoryName, name]}
      rows={items.map((item) => ({ key: item.key, label: item.label, values: [format.number(item.count)] }))}
    >
      <CategoryChart
        data={items.map(({ label, count }) => ({ label, count }))}
        name={name}
        color="var(--primary-text)"
        formatNumber={format.number}
      />
    </ChartFigure>
  );
}
