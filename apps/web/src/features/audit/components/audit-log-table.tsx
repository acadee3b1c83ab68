import type { AuditEntry } from '@lumen/contract';
import { ChevronRightIcon } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { humanizeAction } from '../utils/humanize-action';
import { AuditEntryDetails } from './audit-entry-details';
import { AuditSeverityBadge } from './audit-severity-badge';

const COLUMN_COUNT = 6;

function ActorCell({ actor }: { actor: AuditEntry['actor'] }) {
  const { t } = useTranslation('audit');
  // No actor: the system (or an attempt without an account); an empty name: the account is gone.
  if (actor === null) return <span className="text-muted-foreground">{t('system')}</span>;
  return (
    <div className="grid min-w-0">
      <span className={cn('truncate', !actor.name && 'text-muted-foreground')}>{actor.name || t('deletedUser')}</span>
      {actor.email ? <span className="truncate text-muted-foreground text-xs">{actor.email}</span> : null}
    </div>
  );
}

/** The loaded entries, newest first; each row opens to what it recorded (old and new values, metadata, origin). */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('audit');
  const idPrefix = useId();
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = (id: string) =>
    setExpandedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">{t('tableLabel')}</caption>
        <thead className="border-b bg-muted/50 text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.time')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.user')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.action')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.resource')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.severity')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('columns.description')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const isExpanded = expandedIds.has(entry.id);
            const detailsId = `${idPrefix}-details-${entry.id}`;
            const time = formatDateTime(entry.createdAt, i18n.language);
            const action = humanizeAction(entry.action);
            return (
              <Fragment key={entry.id}>
                <tr className={cn('border-b align-top', isExpanded ? 'bg-muted/30' : 'last:border-b-0')}>
                  <td className="whitespace-nowrap px-3 py-2">
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="-ml-1 size-7"
                        aria-expanded={isExpanded}
                        // Only an open row's details exist to point at.
                        aria-controls={isExpanded ? detailsId : undefined}
                        aria-label={t('details.toggle', { action, time })}
                        onClick={() => toggle(entry.id)}
                      >
                        <ChevronRightIcon
                          aria-hidden="true"
                          className={cn(
                            'transition-transform motion-reduce:transition-none',
                            isExpanded && 'rotate-90',
                          )}
                        />
                      </Button>
                      <time dateTime={entry.createdAt}>{time}</time>
                    </div>
                  </td>
                  <td className="max-w-56 px-3 py-2">
                    <ActorCell actor={entry.actor} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{action}</td>
                  <td className="max-w-48 px-3 py-2">
                    <div className="grid min-w-0">
                      <span className="truncate">{entry.resourceType}</span>
                      {entry.resourceId ? (
                        <span className="truncate font-mono text-muted-foreground text-xs" title={entry.resourceId}>
                          {entry.resourceId}
                        </span>
                      ) : null}
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <AuditSeverityBadge severity={entry.severity} />
                  </td>
                  <td className="min-w-64 px-3 py-2">{entry.description}</td>
                </tr>
                {isExpanded ? (
                  <tr id={detailsId} className="border-b bg-muted/30 last:border-b-0">
                    <td colSpan={COLUMN_COUNT} className="px-3 pb-3">
                      <AuditEntryDetails entry={entry} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
