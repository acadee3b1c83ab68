import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_FORMATS,
  AUDIT_RANGES,
  AUDIT_SEVERITIES,
  type AuditAction,
  type AuditRange,
  type AuditSeverity,
  DEFAULT_AUDIT_RANGE,
} from '@lumen/contract';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { LoadMoreButton } from '@/components/load-more-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { hasErrorReason } from '@/lib/api-client';
import { useExportAuditLogs } from '../api/export-audit-logs';
import { useAuditLogs } from '../api/get-audit-logs';
import type { AuditLogFilters } from '../api/keys';
import { humanizeAction } from '../utils/humanize-action';
import { AuditLogTable } from './audit-log-table';

/** The select's value back as one of the codes, or undefined for 'All' (or anything else). */
function pick<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

/**
 * The Audit Logs view of /audit (spec 001): the team's audit log for the last 1, 7 (default) or 30 days, filtered by
 * action and severity, 100 entries at a time, each row opening to what it recorded; the whole filtered range exports as
 * CSV or JSON. The route shows it to admins only (the server refuses everyone else).
 */
export function AuditLogs() {
  const { t } = useTranslation('audit');
  const { errorText } = useServerErrorText();
  const headingId = useId();
  const actionId = useId();
  const severityId = useId();
  const [range, setRange] = useState<AuditRange>(DEFAULT_AUDIT_RANGE);
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const [severity, setSeverity] = useState<AuditSeverity | undefined>(undefined);
  const filters: AuditLogFilters = { range, action, severity };
  const logs = useAuditLogs(filters);
  const exporter = useExportAuditLogs();
  const exportingFormat = exporter.isPending ? exporter.variables.format : null;
  const exportReason = exporter.isError ? errorText(exporter.error, '') : '';

  const entries = logs.data?.pages.flatMap((page) => page.entries) ?? [];

  const content = ((): ReactNode => {
    if (logs.isPending) {
      return (
        <div className="flex justify-center py-10">
          <Spinner label={t('loading')} className="size-6 text-muted-foreground" />
        </div>
      );
    }
    if (logs.isError && !logs.data) {
      // Someone who lost the admin role since the screen opened: the server's refusal says why, a retry would not help.
      if (hasErrorReason(logs.error, 'AUDIT_ADMINS_ONLY')) {
        return (
          <p role="alert" className="text-destructive text-sm">
            {t('accessDenied')}
          </p>
        );
      }
      return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void logs.refetch()} />;
    }
    if (entries.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <ScrollTextIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('empty')}</p>
        </div>
      );
    }
    return (
      <>
        <AuditLogTable entries={entries} />
        {logs.isError ? (
          // The rows already loaded stay; only the failed page (or refresh) is tried again.
          <LoadError
            message={t('loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void (logs.isFetchNextPageError ? logs.fetchNextPage() : logs.refetch())}
          />
        ) : logs.hasNextPage ? (
          <LoadMoreButton isLoading={logs.isFetchingNextPage} onLoadMore={() => void logs.fetchNextPage()}>
            {logs.isFetchingNextPage ? (
              <>
                <Spinner />
                {t('loadingMore')}
              </>
            ) : (
              t('loadMore')
            )}
          </LoadMoreButton>
        ) : null}
      </>
    );
  })();

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-lg">
          {t('logsTitle')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('logsIntro')}</p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <fieldset>
          <legend className="mb-2 font-medium text-sm leading-none">{t('range.label')}</legend>
          <div className="inline-flex h-9 items-center gap-0.5 rounded-md border bg-background p-0.5">
            {AUDIT_RANGES.map((value) => (
              <Button
                key={value}
                size="sm"
                variant={value === range ? 'default' : 'ghost'}
                className="h-7"
                aria-pressed={value === range}
                onClick={() => setRange(value)}
              >
                {t(`range.${value}`)}
              </Button>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={actionId}>{t('action.label')}</Label>
          <NativeSelect
            id={actionId}
            className="w-56"
            value={action ?? ''}
            onChange={(event) => setAction(pick(AUDIT_ACTIONS, event.target.value))}
          >
            <option value="">{t('action.all')}</option>
            {AUDIT_ACTIONS.map((code) => (
              <option key={code} value={code}>
                {humanizeAction(code)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={severityId}>{t('severity.label')}</Label>
          <NativeSelect
            id={severityId}
            className="w-44"
            value={severity ?? ''}
            onChange={(event) => setSeverity(pick(AUDIT_SEVERITIES, event.target.value))}
          >
            <option value="">{t('severity.all')}</option>
            {AUDIT_SEVERITIES.map((code) => (
              <option key={code} value={code}>
                {t(`severity.${code}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <fieldset className="sm:ml-auto">
          <legend className="sr-only">{t('export.label')}</legend>
          <div className="flex flex-wrap gap-2">
            {AUDIT_EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                variant="outline"
                // One export at a time: both wait while a file downloads.
                disabled={exporter.isPending}
                aria-busy={exportingFormat === format}
                onClick={() => exporter.mutate({ ...filters, format })}
              >
                {exportingFormat === format ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
                {t(`export.${format}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      </div>

      <p role="status" className="sr-only">
        {exportingFormat ? t('export.exporting') : ''}
      </p>
      {exporter.isError ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-medium text-destructive">{t('export.failed')}</p>
          {exportReason ? <p className="text-muted-foreground">{exportReason}</p> : null}
        </div>
      ) : null}

      {content}
    </section>
  );
}
