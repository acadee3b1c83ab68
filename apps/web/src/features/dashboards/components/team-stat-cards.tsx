import type { TeamStats } from '@lumen/contract';
import {
  BotIcon,
  Building2Icon,
  FileTextIcon,
  FolderKanbanIcon,
  type LucideIcon,
  MailIcon,
  UsersIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** The figures a dashboard can show, all counted by the server from real records. */
export type TeamStatMetric =
  | 'members'
  | 'activeProjects'
  | 'aiQueriesToday'
  | 'documents'
  | 'departments'
  | 'pendingInvitations';

type StatCardProps = { label: string; value: string; caption: string; icon: LucideIcon };

/** One figure; its label names the group, so `getByRole('group', { name })` finds it. */
export function StatCard({ label, value, caption, icon: Icon }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="gap-2 py-4">
      <div className="flex items-center justify-between gap-2 px-4">
        <p id={labelId} className="font-medium text-muted-foreground text-sm">
          {label}
        </p>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="px-4 font-semibold text-3xl tabular-nums">{value}</p>
      <p className="px-4 text-muted-foreground text-xs">{caption}</p>
    </Card>
  );
}

function useStatCardContent() {
  const { t, i18n } = useTranslation('dashboards');
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (metric: TeamStatMetric, stats: TeamStats): StatCardProps | null => {
    switch (metric) {
      case 'members':
        return {
          label: t('stats.members'),
          value: format(stats.memberCount),
          caption: t('stats.membersCaption'),
          icon: UsersIcon,
        };
      case 'activeProjects':
        return {
          label: t('stats.activeProjects'),
          value: format(stats.spaceCount),
          caption: t('stats.activeProjectsCaption'),
          icon: FolderKanbanIcon,
        };
      case 'aiQueriesToday':
        return {
          label: t('stats.aiQueriesToday'),
          value: format(stats.aiQueriesToday),
          caption: t('stats.aiQueriesTodayCaption', { count: format(stats.aiQueriesThisWeek) }),
          icon: BotIcon,
        };
      case 'documents':
        return {
          label: t('stats.documents'),
          value: format(stats.documentCount),
          caption: t('stats.documentsCaption', { count: format(stats.readyDocumentCount) }),
          icon: FileTextIcon,
        };
      case 'departments':
        return {
          label: t('stats.departments'),
          value: format(stats.departmentCount),
          caption: t('stats.departmentsCaption'),
          icon: Building2Icon,
        };
      case 'pendingInvitations':
        // Null for members who may not invite: the card is left out rather than showing a made-up zero.
        if (stats.pendingInvitationCount === null) return null;
        return {
          label: t('stats.pendingInvitations'),
          value: format(stats.pendingInvitationCount),
          caption: t('stats.pendingInvitationsCaption'),
          icon: MailIcon,
        };
    }
  };
}

type TeamStatCardsProps = {
  /** useTeamStats' state, passed in by the route. */
  stats: TeamStats | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  metrics: readonly TeamStatMetric[];
};

/** The team's stat cards, with their loading and error states. */
export function TeamStatCards({ stats, isPending, isError, onRetry, metrics }: TeamStatCardsProps) {
  const { t } = useTranslation('dashboards');
  const describe = useStatCardContent();

  if (isPending) return <Spinner className="size-6 text-muted-foreground" label={t('stats.loading')} />;
  if (isError || !stats) return <LoadError message={t('stats.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;

  const cards = metrics.flatMap((metric) => {
    const card = describe(metric, stats);
    return card ? [{ metric, ...card }] : [];
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {cards.map(({ metric, ...card }) => (
        <StatCard key={metric} {...card} />
      ))}
    </div>
  );
}
