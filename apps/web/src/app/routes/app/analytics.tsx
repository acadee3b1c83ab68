import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { TeamAnalytics } from '@/features/analytics/components/team-analytics';
import { useRole } from '@/features/me/api/get-role';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';

/**
 * /analytics: the team's analytics (spec 001, a 'Back to Chat' button): any member of a team. Someone without a team is
 * shown the way to create or join one, and the analytics are not even asked for.
 */
export function AnalyticsRoute() {
  const { t } = useTranslation(['translation', 'analytics']);
  const role = useRole();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4">
      <BackLink to={paths.chat.getHref()}>{t('analytics:backToChat')}</BackLink>
      <div className="grid gap-1">
        <ScreenTitle>{t('pages.analytics')}</ScreenTitle>
        <p className="text-muted-foreground">{t('analytics:intro')}</p>
      </div>
      {role.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('analytics:loading')} className="size-6 text-muted-foreground" />
        </div>
      ) : role.data?.hasTeam ? (
        <TeamAnalytics />
      ) : (
        <NoTeamNotice />
      )}
    </div>
  );
}
