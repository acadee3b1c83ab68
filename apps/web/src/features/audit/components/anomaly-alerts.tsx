import type { AnomalyAlert } from '@lumen/contract';
import { CheckIcon, ShieldCheckIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { hasErrorReason } from '@/lib/api-client';
import { formatFullDateTime, formatRelativeTime } from '@/lib/format-date';
import { useAnomalyAlerts } from '../api/get-anomaly-alerts';
import { useResolveAnomalyAlert } from '../api/resolve-anomaly-alert';
import { AuditSeverityBadge } from './audit-severity-badge';

/** A moment as a relative time ('2 hours ago'), the full date and time in its tooltip. */
function AlertTime({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('audit');
  return (
    <time dateTime={iso} title={formatFullDateTime(iso, i18n.language)}>
      {formatRelativeTime(iso, i18n.language, t('alerts.justNow'))}
    </time>
  );
}

/** One open alert: what it is, how bad, since when and how many entries, and a button to resolve it. */
function AnomalyAlertItem({ alert }: { alert: AnomalyAlert }) {
  const { t } = useTranslation('audit');
  const { errorText } = useServerErrorText();
  const titleId = useId();
  const resolver = useResolveAnomalyAlert();
  const typeLabel = t(`alerts.types.${alert.alertType}`);
  const reason = resolver.isError ? errorText(resolver.error, '') : '';

  return (
    <li aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="sr-only">{t('alerts.severity')}</span>
            <AuditSeverityBadge severity={alert.severity} />
            <h3 id={titleId} className="font-medium">
              {typeLabel}
            </h3>
          </div>
          <p className="text-sm">{alert.description}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={resolver.isPending}
          aria-busy={resolver.isPending}
          aria-label={t('alerts.resolveLabel', { type: typeLabel })}
          onClick={() => resolver.mutate(alert.id)}
        >
          {resolver.isPending ? <Spinner /> : <CheckIcon aria-hidden="true" />}
          {t('alerts.resolve')}
        </Button>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-muted-foreground text-xs">
        <div className="flex gap-1">
          <dt>{t('alerts.started')}</dt>
          <dd className="text-foreground">
            <AlertTime iso={alert.createdAt} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('alerts.lastSeen')}</dt>
          <dd className="text-foreground">
            <AlertTime iso={alert.lastSeenAt} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('alerts.entries')}</dt>
          <dd className="text-foreground tabular-nums">{alert.entryCount}</dd>
        </div>
      </dl>
      {resolver.isError ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-medium text-destructive">{t('alerts.resolveFailed')}</p>
          {reason ? <p className="text-muted-foreground">{reason}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The Open alerts of /audit: what the detection rules flagged in the team's audit log and nobody has resolved yet,
 * newest first, kept current live (a new or grown alert appears, a resolved one leaves). The route shows it to admins
 * only (the server refuses everyone else).
 */
export function AnomalyAlerts() {
  const { t } = useTranslation('audit');
  const headingId = useId();
  const alerts = useAnomalyAlerts();

  const content = ((): ReactNode => {
    if (alerts.isPending) {
      return (
        <div className="flex justify-center py-6">
          <Spinner label={t('alerts.loading')} className="size-6 text-muted-foreground" />
        </div>
      );
    }
    if (alerts.isError && !alerts.data) {
      // Someone who lost the admin role since the screen opened: a retry would not help (the log below says so too).
      if (hasErrorReason(alerts.error, 'AUDIT_ADMINS_ONLY')) {
        return <p className="text-destructive text-sm">{t('accessDenied')}</p>;
      }
      return (
        <LoadError message={t('alerts.loadFailed')} retryLabel={t('retry')} onRetry={() => void alerts.refetch()} />
      );
    }
    const list = alerts.data?.alerts ?? [];
    return (
      // One live region for the list and its empty state, so that an alert arriving live is announced.
      <div aria-live="polite">
        {list.length === 0 ? (
          <div className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
            <ShieldCheckIcon aria-hidden="true" className="size-5 shrink-0" />
            <p>{t('alerts.empty')}</p>
          </div>
        ) : (
          <ul aria-labelledby={headingId} className="grid gap-3">
            {list.map((alert) => (
              <AnomalyAlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </div>
    );
  })();

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-lg">
          {t('alerts.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('alerts.intro')}</p>
      </div>
      {content}
    </section>
  );
}
