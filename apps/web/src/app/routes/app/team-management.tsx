import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/load-error';
import { ScreenTitle } from '@/components/screen-title';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useRole } from '@/features/me/api/get-role';
import { useSpaces } from '@/features/spaces/api/get-spaces';
import { ActivityTab } from '@/features/team-management/components/activity-tab';
import { DepartmentsTab } from '@/features/team-management/components/departments-tab';
import { InviteMemberDialog } from '@/features/team-management/components/invite-member-dialog';
import { MembersTab } from '@/features/team-management/components/members-tab';
import { OverviewTab } from '@/features/team-management/components/overview-tab';
import { PendingInvitationsCard } from '@/features/team-management/components/pending-invitations-card';
import { PermissionsTab } from '@/features/team-management/components/permissions-tab';
import { SpacesTab } from '@/features/team-management/components/spaces-tab';
import { TeamSummaryCards } from '@/features/team-management/components/team-summary-cards';
import { useTeamManagementParams } from '@/features/team-management/hooks/use-team-management-params';
import { getViewer } from '@/features/team-management/utils/get-viewer';
import { isTeamManagementTab, TEAM_MANAGEMENT_TABS } from '@/features/team-management/utils/team-management-tabs';
import { ActivityList } from '@/features/teams/components/activity-list';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { useMemberDisplay } from '@/features/teams/hooks/use-member-display';
import { useTeamManagementData } from '@/features/teams/hooks/use-team-management-data';

/** The Overview's Recent Activity shows this many events. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * /team-management: the team's figures and the Overview, Members, Spaces, Activity, Departments and Permissions tabs
 * (docs/product-rules.md#team-management: both team management screens in one), with the invite dialogs. The active tab and the invite dialog
 * follow the URL (?tab=…, ?action=invite). Composes the teams, spaces, me and auth features with the team-management
 * feature; their state lives in those features' hooks.
 */
export function TeamManagementRoute() {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const { user } = useSession();
  const role = useRole();
  const viewer = getViewer(user?.id ?? null, role.data);
  const { canManageTeam } = viewer;
  const data = useTeamManagementData({ canManageTeam });
  const memberDisplay = useMemberDisplay();
  const { tab, selectTab, isInviteRequested, setInviteRequested } = useTeamManagementParams();
  // The team's spaces load when their tab is opened.
  const spaces = useSpaces({ queryConfig: { enabled: tab === 'spaces' } });
  const { team, stats, members, departments, invitations, actions } = data;

  const content = (() => {
    if (data.hasNoTeam) return <NoTeamNotice />;
    if (data.isError) {
      return (
        <LoadError
          message={t('teams:errors.loadTeam')}
          retryLabel={t('teams:errors.retry')}
          onRetry={data.retryFailedQueries}
        />
      );
    }
    if (role.isPending || !team || !stats || !members || !departments) return <PageSpinner label={t('loading')} />;

    return (
      <>
        <TeamSummaryCards stats={stats} />
        <Tabs value={tab} onValueChange={(value) => isTeamManagementTab(value) && selectTab(value)} className="gap-4">
          <TabsList aria-label={t('tabs.label')} className="h-auto w-full flex-wrap justify-start sm:w-fit">
            {TEAM_MANAGEMENT_TABS.map((tabName) => (
              <TabsTrigger key={tabName} value={tabName} className="flex-none">
                {t(`tabs.${tabName}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab
              recentActivity={<ActivityList limit={RECENT_ACTIVITY_LIMIT} />}
              canManageTeam={canManageTeam}
              onInviteClick={() => setInviteRequested(true)}
              pendingInvitations={
                canManageTeam ? (
                  <PendingInvitationsCard
                    invitations={invitations.data}
                    isPending={invitations.isPending}
                    isError={invitations.isError}
                    onRetry={() => void invitations.refetch()}
                    revokeInvitation={actions.revokeInvitation}
                    renderRoleBadge={memberDisplay.renderRoleBadge}
                  />
                ) : null
              }
            />
          </TabsContent>
          <TabsContent value="members">
            <MembersTab members={members} viewer={viewer} display={memberDisplay} actions={actions} />
          </TabsContent>
          <TabsContent value="spaces">
            <SpacesTab
              spaces={spaces.data}
              isError={spaces.isError}
              onRetry={() => void spaces.refetch()}
              canManageTeam={canManageTeam}
            />
          </TabsContent>
          <TabsContent value="activity">
            <ActivityTab activity={<ActivityList canLoadMore />} />
          </TabsContent>
          <TabsContent value="departments">
            <DepartmentsTab
              departments={departments}
              members={members}
              canManageTeam={canManageTeam}
              actions={actions}
            />
          </TabsContent>
          <TabsContent value="permissions">
            <PermissionsTab members={members} renderRoleBadge={memberDisplay.renderRoleBadge} />
          </TabsContent>
        </Tabs>
        {canManageTeam ? (
          <InviteMemberDialog
            open={isInviteRequested}
            onOpenChange={setInviteRequested}
            callerRole={viewer.role}
            departments={departments}
            inviteMember={actions.inviteMember}
          />
        ) : null}
      </>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="grid gap-3">
        <BackLink to={paths.chat.getHref()}>{t('backToChat')}</BackLink>
        <div className="grid gap-1">
          <ScreenTitle>{t('title')}</ScreenTitle>
          {team ? (
            <p className="text-muted-foreground">
              {team.name}
              {team.description ? ` · ${team.description}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      {content}
    </div>
  );
}
