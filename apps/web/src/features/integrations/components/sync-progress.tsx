import type { Integration } from '@lumen/contract';
import { useTranslation } from 'react-i18next';

type SyncProgressProps = { platform: string; counts: Integration['counts'] };

/** The running sync: items processed (indexed or failed) out of the items seen so far. */
export function SyncProgress({ platform, counts }: SyncProgressProps) {
  const { t } = useTranslation('integrations');
  const done = counts.indexed + counts.failed;
  const hasTotal = counts.seen > 0;
  const percent = hasTotal ? Math.min(100, Math.round((done / counts.seen) * 100)) : 0;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t('progressLabel', { platform })}
        aria-valuemin={0}
        // Until the first page is listed the total is unknown: the bar is indeterminate (no value).
        aria-valuemax={hasTotal ? counts.seen : undefined}
        aria-valuenow={hasTotal ? Math.min(done, counts.seen) : undefined}
        aria-valuetext={t('progressText', { done, seen: counts.seen, indexed: counts.indexed, failed: counts.failed })}
        className="h-1.5 overflow-hidden rounded-full bg-primary/15"
      >
        <div
          className={hasTotal ? 'h-full bg-primary transition-[width]' : 'h-full w-1/3 animate-pulse bg-primary'}
          style={hasTotal ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        {t('progressText', { done, seen: counts.seen, indexed: counts.indexed, failed: counts.failed })}
      </p>
    </div>
  );
}
