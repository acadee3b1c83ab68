import type { AuditEntry } from '@lumen/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A recorded value as indented JSON, rendered as text (never as HTML), or 'None' when there is nothing in it. */
function JsonBlock({ value, none }: { value: Record<string, unknown> | null; none: string }) {
  if (value === null || Object.keys(value).length === 0) return <span className="text-muted-foreground">{none}</span>;
  return (
    <pre className="whitespace-pre-wrap break-all rounded-md bg-muted p-2 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="font-medium text-muted-foreground text-xs">{term}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** What an entry recorded beyond its row: the values before and after, its metadata, and where it came from. */
export function AuditEntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const none = t('details.none');
  return (
    <dl className="grid gap-3 py-2 md:grid-cols-3">
      <Detail term={t('details.oldValues')}>
        <JsonBlock value={entry.oldValues} none={none} />
      </Detail>
      <Detail term={t('details.newValues')}>
        <JsonBlock value={entry.newValues} none={none} />
      </Detail>
      <Detail term={t('details.metadata')}>
        <JsonBlock value={entry.metadata} none={none} />
      </Detail>
      <Detail term={t('details.ipAddress')}>
        {entry.ipAddress ?? <span className="text-muted-foreground">{none}</span>}
      </Detail>
      <Detail term={t('details.userAgent')}>
        <span className="break-all">{entry.userAgent ?? <span className="text-muted-foreground">{none}</span>}</span>
      </Detail>
    </dl>
  );
}
