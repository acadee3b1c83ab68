import { ChartColumnIcon } from 'lucide-react';
import { type ReactNode, Suspense, useId } from 'react';
import { cn } from '@/lib/utils';

/** A row of a chart's figures: its label (a day, a platform…) and its values, written out. */
export type ChartRow = { key: string; label: string; values: readonly string[] };

type ChartFigureProps = {
  title: string;
  /** Nothing to draw (no rows, or every value zero): the empty state shows instead of an empty chart. */
  isEmpty: boolean;
  emptyText: string;
  /** The table's column headers: the rows' label, then each value. */
  columns: readonly string[];
  rows: readonly ChartRow[];
  /** The chart (a lazy one). */
  children: ReactNode;
  className?: string;
};

/**
 * A chart with its title. For screen readers the drawing is one image named by the title, and its figures follow in a
 * visually hidden table (captioned with the title too); with nothing to draw, a short sentence says so.
 */
export function ChartFigure({ title, isEmpty, emptyText, columns, rows, children, className }: ChartFigureProps) {
  const headingId = useId();
  return (
    <div
      className={cn('grid content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm', className)}
    >
      <h3 id={headingId} className="font-medium">
        {title}
      </h3>
      {isEmpty ? (
        <div className="flex h-60 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-4 text-center">
          <ChartColumnIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-muted-foreground text-sm">{emptyText}</p>
        </div>
      ) : (
        <>
          <div role="img" aria-labelledby={headingId} className="h-60 w-full min-w-0">
            <Suspense fallback={<div className="h-full rounded-lg bg-muted/50" />}>{children}</Suspense>
          </div>
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, index) => (
                    // A row's values follow its label, in the columns' order.
                    <td key={columns[index + 1] ?? index}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
