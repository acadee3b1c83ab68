import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFormat } from '../utils/format';

type GoalCardProps = {
  title: string;
  hint: string;
  value: number;
  goal: number;
  /** A count of documents, or a share in percent. */
  unit: 'count' | 'percent';
  format: AnalyticsFormat;
};

/** A figure against its goal: '1,250 of 3,000', a bar filled to the share reached (full at the goal) and '42% of goal'. */
export function GoalCard({ title, hint, value, goal, unit, format }: GoalCardProps) {
  const { t } = useTranslation('analytics');
  const titleId = useId();
  const write = unit === 'count' ? format.number : format.percent;
  const reached = goal > 0 ? (value / goal) * 100 : 0;
  const shown = Math.min(100, Math.max(0, reached));
  const reachedText = t('impact.percentOfGoal', { percent: format.percent(Math.round(reached)) });
  return (
    <li aria-labelledby={titleId} className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <div className="grid gap-1">
        <h3 id={titleId} className="font-medium">
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{hint}</p>
      </div>
      <p className="font-semibold text-2xl text-card-foreground tabular-nums">
        {t('impact.valueOfGoal', { value: write(value), goal: write(goal) })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={reachedText}
        className="h-2 overflow-hidden rounded-full bg-muted ring-1 ring-border ring-inset"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${shown}%` }} />
      </div>
      <p className="text-muted-foreground text-sm tabular-nums">{reachedText}</p>
    </li>
  );
}
