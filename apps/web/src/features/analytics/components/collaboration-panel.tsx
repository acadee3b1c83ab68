import type { TeamAnalytics } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFormat } from '../utils/format';
import { DailyCountFigure } from './daily-count-figure';
import { StatList } from './stat-list';

/** Collaboration: the team's members, who was active each day, invitations, tasks and team chat. */
export function CollaborationPanel({
  figures,
  format,
}: {
  figures: TeamAnalytics['collaboration'];
  format: AnalyticsFormat;
}) {
  const { t } = useTranslation('analytics');
  return (
    <div className="grid gap-4">
      <StatList
        title={t('collaboration.figures')}
        stats={[
          { label: t('collaboration.members'), value: format.number(figures.members) },
          { label: t('collaboration.invitationsAccepted'), value: format.number(figures.invitationsAccepted) },
          { label: t('collaboration.tasksCreated'), value: format.number(figures.tasksCreated) },
          { label: t('collaboration.tasksDone'), value: format.number(figures.tasksDone) },
          { label: t('collaboration.chatMessages'), value: format.number(figures.chatMessages) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyCountFigure
          title={t('collaboration.activeMembersPerDay')}
          name={t('collaboration.activeMembers')}
          emptyText={t('collaboration.noActivity')}
          days={figures.activeMembersPerDay}
          kind="area"
          format={format}
        />
        <DailyCountFigure
          title={t('collaboration.chatMessagesPerDay')}
          name={t('collaboration.messages')}
          emptyText={t('collaboration.noMessages')}
          days={figures.chatMessagesPerDay}
          kind="bar"
          format={format}
        />
      </div>
    </div>
  );
}
