import type { TeamStats } from '@lumen/contract';
import {
  BarChart3Icon,
  BotIcon,
  Building2Icon,
  ChevronRightIcon,
  FileTextIcon,
  type LucideIcon,
  MessageSquareIcon,
  SettingsIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { WorkspaceTab } from '../types';
import { StatCard } from './stat-card';

type StatsState = {
  stats: TeamStats | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
};

type OverviewPanelProps = StatsState & {
  /** Managers get the Manage Team action (the Team Management tab is theirs only). */
  canManageTeam: boolean;
  onSelectTab: (tab: WorkspaceTab) => void;
  /** The team's latest events. */
  recentActivity: ReactNode;
};

const actionClassName =
  'flex w-full items-center gap-3 rounded-lg border bg-background p-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring';

function ActionContent({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary-text">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-sm">{title}</span>
        <span className="block text-muted-foreground text-xs">{description}</span>
      </span>
      <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
    </>
  );
}

/** The four stat cards (real figures), shown while loading as a spinner and on failure with a retry. */
export function OverviewStats({ stats, isPending, isError, onRetry }: StatsState) {
  const { t } = useTranslation('workspace');
  if (isPending) return <Spinner label={t('loading')} className="my-4 text-muted-foreground" />;
  if (isError || !stats) return <LoadError message={t('stats.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t('stats.teamMembers')} value={stats.memberCount} icon={UsersIcon} />
      <StatCard label={t('stats.aiQueriesToday')} value={stats.aiQueriesToday} icon={BotIcon} />
      <StatCard label={t('stats.documents')} value={stats.documentCount} icon={FileTextIcon} />
      <StatCard label={t('stats.departments')} value={stats.departmentCount} icon={Building2Icon} />
    </div>
  );
}

/** Overview: the stat cards, Quick Actions (to the chat, or to another tab) and Recent Activity. */
export function OverviewPanel({ canManageTeam, onSelectTab, recentActivity, ...statsState }: OverviewPanelProps) {
  const { t } = useTranslation('workspace');
  const tabActions: { tab: WorkspaceTab; icon: LucideIcon; title: string; description: string }[] = [
    {
      tab: 'analytics',
      icon: BarChart3Icon,
      title: t('quickActions.analytics'),
      description: t('quickActions.analyticsDescription'),
    },
    {
      tab: 'documents',
      icon: FileTextIcon,
      title: t('quickActions.documents'),
      description: t('quickActions.documentsDescription'),
    },
    ...(canManageTeam
      ? [
          {
            tab: 'team' as const,
            icon: UsersIcon,
            title: t('quickActions.manageTeam'),
            description: t('quickActions.manageTeamDescription'),
          },
        ]
      : []),
    {
      tab: 'settings',
      icon: SettingsIcon,
      title: t('quickActions.settings'),
      description: t('quickActions.settingsDescription'),
    },
  ];

  return (
    <div className="grid grid-cols-1 gap-6">
      <OverviewStats {...statsState} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>{t('quickActions.title')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              <li>
                <Link to={paths.chat.getHref()} className={actionClassName}>
                  <ActionContent
                    icon={MessageSquareIcon}
                    title={t('quickActions.aiChat')}
                    description={t('quickActions.aiChatDescription')}
                  />
                </Link>
              </li>
              {tabActions.map((action) => (
                <li key={action.tab}>
                  <button type="button" className={actionClassName} onClick={() => onSelectTab(action.tab)}>
                    <ActionContent icon={action.icon} title={action.title} description={action.description} />
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card className="gap-4">
          <CardHeader>
            <CardTitle className="text-lg">
              <h2>{t('recentActivity')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>{recentActivity}</CardContent>
        </Card>
      </div>
    </div>
  );
}
