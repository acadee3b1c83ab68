import type { TeamStats } from '@lumen/contract';
import { BotIcon, Building2Icon, FolderKanbanIcon, type LucideIcon, UsersIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';

type SummaryCard = { id: string; label: string; value: number; caption: string; icon: LucideIcon };

/** The four figures above the tabs, all counted by the server from real records. */
export function TeamSummaryCards({ stats }: { stats: TeamStats }) {
  const { t, i18n } = useTranslation('teamManagement');
  const idPrefix = useId();
  const cards: SummaryCard[] = [
    {
      id: 'members',
      label: t('summary.members'),
      value: stats.memberCount,
      caption: t('summary.membersCaption'),
      icon: UsersIcon,
    },
    {
      id: 'projects',
      label: t('summary.projects'),
      value: stats.spaceCount,
      caption: t('summary.projectsCaption'),
      icon: FolderKanbanIcon,
    },
    {
      id: 'ai-queries',
      label: t('summary.aiQueries'),
      value: stats.aiQueriesToday,
      caption: t('summary.aiQueriesCaption'),
      icon: BotIcon,
    },
    {
      id: 'departments',
      label: t('summary.departments'),
      value: stats.departmentCount,
      caption: t('summary.departmentsCaption'),
      icon: Building2Icon,
    },
  ];
  const formatNumber = new Intl.NumberFormat(i18n.language);

  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map(({ id, label, value, caption, icon: Icon }) => (
        <li key={id}>
          <Card role="group" aria-labelledby={`${idPrefix}-${id}`} className="h-full gap-2 py-4">
            <CardContent className="grid gap-1 px-4">
              <div className="flex items-center justify-between gap-2">
                <h2 id={`${idPrefix}-${id}`} className="font-medium text-muted-foreground text-sm">
                  {label}
                </h2>
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              </div>
              <p className="font-semibold text-2xl">{formatNumber.format(value)}</p>
              <p className="text-muted-foreground text-xs">{caption}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
