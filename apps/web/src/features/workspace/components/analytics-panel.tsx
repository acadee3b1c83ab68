import { ROLES, type TeamStats } from '@lumen/contract';
import { BotIcon, Building2Icon, FileTextIcon, FolderIcon, MailIcon, MessageSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from './stat-card';

type AnalyticsPanelProps = {
  stats: TeamStats | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
};

/** A labelled bar: `value` out of `total`. The figure is in the text; the bar only draws it. */
function Bar({
  label,
  value,
  total,
  format,
}: {
  label: string;
  value: number;
  total: number;
  format: Intl.NumberFormat;
}) {
  const percent = total > 0 ? Math.round((value / total) * 100) : 0;
  return (
    <li className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="font-medium tabular-nums">{format.format(value)}</span>
      </div>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/**
 * Analytics from the team's real counts (the full analytics screen comes with its own issue): members by role, AI
 * queries, the user's documents and conversations, departments, spaces and, for managers, pending invitations.
 */
export function AnalyticsPanel({ stats, isPending, isError, onRetry }: AnalyticsPanelProps) {
  const { t, i18n } = useTranslation(['workspace', 'teams']);
  if (isPending) return <Spinner label={t('loading')} className="my-4 text-muted-foreground" />;
  if (isError || !stats) return <LoadError message={t('stats.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  const format = new Intl.NumberFormat(i18n.language);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h2 className="font-semibold text-lg">{t('analytics.title')}</h2>
        <p className="text-muted-foreground text-sm">{t('analytics.description')}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-base">
              <h3>{t('analytics.membersByRole')}</h3>
            </CardTitle>
            <CardDescription>
              {t('analytics.membersTotal', { total: format.format(stats.memberCount) })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {ROLES.map((role) => (
                <Bar
                  key={role}
                  label={t(`teams:roles.${role}`)}
                  value={stats.membersByRole[role] ?? 0}
                  total={stats.memberCount}
                  format={format}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-base">
              <h3>{t('analytics.yourDocuments')}</h3>
            </CardTitle>
            <CardDescription>
              {t('analytics.readyDocuments', {
                ready: format.format(stats.readyDocumentCount),
                total: format.format(stats.documentCount),
              })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              <Bar
                label={t('documents.status.ready')}
                value={stats.readyDocumentCount}
                total={stats.documentCount}
                format={format}
              />
            </ul>
          </CardContent>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label={t('stats.aiQueriesToday')} value={stats.aiQueriesToday} icon={BotIcon} />
        <StatCard label={t('analytics.aiQueriesThisWeek')} value={stats.aiQueriesThisWeek} icon={BotIcon} />
        <StatCard label={t('analytics.yourDocuments')} value={stats.documentCount} icon={FileTextIcon} />
        <StatCard label={t('analytics.conversations')} value={stats.conversationCount} icon={MessageSquareIcon} />
        <StatCard label={t('analytics.departments')} value={stats.departmentCount} icon={Building2Icon} />
        <StatCard label={t('analytics.spaces')} value={stats.spaceCount} icon={FolderIcon} />
        {stats.pendingInvitationCount === null ? null : (
          <StatCard label={t('analytics.pendingInvitations')} value={stats.pendingInvitationCount} icon={MailIcon} />
        )}
      </div>
    </div>
  );
}
