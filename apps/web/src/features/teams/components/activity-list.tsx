import type { ActivityEntry } from '@lumen/contract';
import { ActivityIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/load-more-button';
import { Spinner } from '@/components/ui/spinner';
import { formatFullDateTime, formatRelativeTime } from '@/lib/format-date';
import { useActivity } from '../api/get-activity';

function useDescribeEntry() {
  const { t } = useTranslation('teams');
  const roleLabel = (role: string | undefined) =>
    role === 'admin' || role === 'team_lead' || role === 'employee' || role === 'viewer'
      ? t(`roles.${role}`)
      : (role ?? '');
  return (entry: ActivityEntry) =>
    t(`activity.actions.${entry.action}`, {
      actor: entry.actor?.name ?? t('unknownUser'),
      target: entry.target ?? '',
      role: roleLabel(entry.details.role),
      previousRole: roleLabel(entry.details.previousRole),
      previousName: entry.details.previousName ?? '',
    });
}

type ActivityListProps = {
  /** How many entries to show at first; 'Load more' fetches the next page. */
  limit?: number;
  /** Offer 'Load more' when there are older entries. */
  canLoadMore?: boolean;
};

/** The team's events from the audit log, newest first (the Recent Activity and Activity lists). */
export function ActivityList({ limit, canLoadMore = false }: ActivityListProps) {
  const { t, i18n } = useTranslation('teams');
  const activity = useActivity(limit);
  const describe = useDescribeEntry();

  if (activity.isPending) return <Spinner className="my-4" label={t('activity.title')} />;
  if (activity.isError) return <p className="text-destructive text-sm">{t('activity.loadFailed')}</p>;
  const entries = activity.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">{t('activity.empty')}</p>;

  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary-text">
              <ActivityIcon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm">{describe(entry)}</p>
              <p className="text-muted-foreground text-xs">
                <time dateTime={entry.createdAt} title={formatFullDateTime(entry.createdAt, i18n.language)}>
                  {formatRelativeTime(entry.createdAt, i18n.language, t('time.justNow'))}
                </time>
              </p>
            </div>
          </li>
        ))}
      </ul>
      {canLoadMore && activity.hasNextPage ? (
        <LoadMoreButton isLoading={activity.isFetchingNextPage} onLoadMore={() => void activity.fetchNextPage()}>
          {t('activity.loadMore')}
        </LoadMoreButton>
      ) : null}
    </div>
  );
}
