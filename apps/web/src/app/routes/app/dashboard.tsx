import { NO_TEAM_ROLE_STATE, type RoleState } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { ActionGrid } from '@/features/dashboards/components/action-card';
import { DashboardHeader } from '@/features/dashboards/components/dashboard-header';
import { DashboardSection } from '@/features/dashboards/components/dashboard-section';
import { TeamStatCards } from '@/features/dashboards/components/team-stat-cards';
import { YourWorkspaceCard } from '@/features/dashboards/components/your-workspace-card';
import {
  useAdministrationActions,
  useMemberStartActions,
  useTeamDashboardQuickActions,
  useTeamManagementActions,
} from '@/features/dashboards/hooks/use-dashboard-actions';
import { getGreetingName } from '@/features/dashboards/utils/member-labels';
import { useRole } from '@/features/me/api/get-role';
import { useTeamStats } from '@/features/teams/api/get-team-stats';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { useWithTeamChatBadge } from './use-team-chat-badge';

function TeamDashboard({ roleState }: { roleState: RoleState }) {
  const { t } = useTranslation(['dashboards', 'translation']);
  const { user } = useSession();
  const stats = useTeamStats();
  const quickActions = useWithTeamChatBadge(useTeamDashboardQuickActions(), roleState.hasTeam);
  const teamManagementActions = useTeamManagementActions(roleState.isAdmin);
  const memberStartActions = useMemberStartActions();
  const administrationActions = useAdministrationActions();

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <DashboardHeader
        title={t('translation:pages.dashboard')}
        greetingName={getGreetingName(user, t('translation:userMenu.fallbackName'))}
      />

      <Tabs defaultValue="overview">
        <TabsList aria-label={t('tabs.label')}>
          <TabsTrigger value="overview">{t('tabs.overview')}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="pt-2">
          <TeamStatCards
            stats={stats.data}
            isPending={stats.isPending}
            isError={stats.isError}
            onRetry={() => void stats.refetch()}
            metrics={['members', 'aiQueriesToday', 'documents', 'departments', 'activeProjects']}
          />
        </TabsContent>
      </Tabs>

      <DashboardSection title={t('quickActions.title')} description={t('quickActions.description')}>
        <ActionGrid actions={quickActions} />
      </DashboardSection>

      {roleState.canManageTeam ? (
        <DashboardSection title={t('teamManagement.title')} description={t('teamManagement.description')}>
          <ActionGrid actions={teamManagementActions} />
        </DashboardSection>
      ) : (
        <DashboardSection title={t('getStarted.title')} description={t('getStarted.description')}>
          <ActionGrid actions={memberStartActions} />
        </DashboardSection>
      )}

      {roleState.isAdmin ? (
        <DashboardSection title={t('administration.title')} description={t('administration.description')}>
          <ActionGrid actions={administrationActions} />
        </DashboardSection>
      ) : null}

      <YourWorkspaceCard
        teamName={roleState.teamName}
        roleBadge={<RoleBadge role={roleState.role} />}
        action={
          <Button asChild variant="outline">
            <Link to={paths.workspace.getHref()}>{t('yourWorkspace.open')}</Link>
          </Button>
        }
      />
    </div>
  );
}

/**
 * /dashboard (docs/product-rules.md#workspace-and-dashboard): greeting, the team's figures, Quick Actions, Team
 * Management for managers (AI Chat and Enterprise Workspace cards for the others), admin-only settings, and the user's
 * workspace. Without a team the user goes to /workspace-new, where the team is created.
 */
export function DashboardRoute() {
  const { t } = useTranslation('dashboards');
  const role = useRole();

  if (role.isPending) return <PageSpinner label={t('loading')} />;
  const roleState = role.data ?? NO_TEAM_ROLE_STATE;
  if (!roleState.hasTeam) return <Navigate to={paths.workspaceNew.getHref()} replace />;
  return <TeamDashboard roleState={roleState} />;
}
