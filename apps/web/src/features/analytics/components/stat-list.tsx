import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A figure: its label and its value written out, or null when there is none (no answers, no documents…). */
export type Stat = { label: string; value: string | null };

/** A group of figures as cards, under a heading for screen readers (the figures speak for themselves on screen). */
export function StatList({ title, stats }: { title: string; stats: readonly Stat[] }) {
  const { t } = useTranslation('analytics');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {stats.map((stat) => (
          <div key={stat.label} className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm">
            <dt className="text-muted-foreground text-sm">{stat.label}</dt>
            <dd className="font-semibold text-2xl text-card-foreground tabular-nums">
              {stat.value ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{t('noValue')}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
