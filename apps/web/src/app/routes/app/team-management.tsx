import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import type { MemberDisplay, TeamManagementActions, Viewer } from '@/features/team-management/types';
import { isTeamManagementTab, TEAM_MANAGEMENT_TABS } from '@/features/team-management/utils/team-management-tabs';
import { useCreateInvitation } from '@/features/teams/api/create-invitation';
import { useCreateDepartment, useDeleteDepartment, useRenameDepartment } from '@/features/teams/api/departments';
import { useCurrentTeam } from '@/features/teams/api/get-current-team';
import { useDepartments } from '@/features/teams/api/get-departments';
import { useInvitations } from '@/features/teams/api/get-invitations';
import { useMembers } from '@/features/teams/api/get-members';
import { useTeamStats } from '@/features/teams/api/get-team-stats';
import { useRemoveMember } from '@/features/teams/api/remove-member';
import { useRevokeInvitation } from '@/features/teams/api/revoke-invitation';
import { useUpdateMemberRole } from '@/features/teams/api/update-member-role';
import { ActivityList } from '@/features/teams/components/activity-list';
import { MemberAvatar } from '@/features/teams/components/member-avatar';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { getMemberName } from '@/features/teams/utils/member-name';
import { isApiError } from '@/lib/api-client';

/** The Overview's Recent Activity shows this many events. */
const RECENT_ACTIVITY_LIMIT = 5;

/** What to show instead of the screen when the user has no team (the team query answers 404). */
function NoTeamNotice() {
  const { t } = useTranslation('teamManagement');
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('noTeam.title')}</h2>
        </CardTitle>
        <CardDescription>{t('noTeam.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={paths.workspaceNew.getHref()}>{t('noTeam.action')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /team-management: the team's figures and the Overview, Members, Spaces, Activity, Departments and Permissions tabs
 * (docs/product-rules.md#team-management: both team management screens in one), with the invite dialogs. The active tab
 * and the invite dialog follow the URL (?tab=…, ?action=invite). Composes the teams, spaces, me and auth features with
 * the team-management feature.
 */
export function TeamManagementRoute() {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const { user } = useSession();
  const role = useRole();
  const team = useCurrentTeam();
  const stats = useTeamStats();
  const members = useMembers();
  const departments = useDepartments();
  const canManageTeam = role.data?.canManageTeam ?? false;
  const invitations = useInvitations({ queryConfig: { enabled: canManageTeam } });
  const { tab, selectTab, isInviteRequested, setInviteRequested } = useTeamManagementParams();
  // The team's spaces load when their tab is opened.
  const spaces = useSpaces({ queryConfig: { enabled: tab === 'spaces' } });

  const createInvitation = useCreateInvitation();
  const revokeInvitation = useRevokeInvitation();
  const updateMemberRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const createDepartment = useCreateDepartment();
  const renameDepartment = useRenameDepartment();
  const deleteDepartment = useDeleteDepartment();

  const actions: TeamManagementActions = {
    inviteMember: createInvitation.mutateAsync,
    revokeInvitation: revokeInvitation.mutateAsync,
    changeMemberRole: updateMemberRole.mutateAsync,
    removeMember: removeMember.mutateAsync,
    createDepartment: createDepartment.mutateAsync,
    renameDepartment: renameDepartment.mutateAsync,
    deleteDepartment: deleteDepartment.mutateAsync,
  };

  const viewer: Viewer = {
    userId: user?.id ?? null,
    role: role.data?.role ?? null,
    isAdmin: role.data?.isAdmin ?? false,
    canManageTeam,
  };

  const unknownUser = t('teams:unknownUser');
  const memberDisplay: MemberDisplay = {
    getName: (member) => getMemberName(member, unknownUser),
    renderAvatar: (member, name) => (
      <MemberAvatar name={name} avatarUrl={member.avatarUrl} isActive={member.status === 'active'} />
    ),
    renderRoleBadge: (memberRole) => <RoleBadge role={memberRole} />,
  };

  const teamQueries = [team, stats, members, departments];
  const hasNoTeam = isApiError(team.error) && team.error.status === 404;
  const retryFailedQueries = () => {
    for (const query of teamQueries) if (query.isError) void query.refetch();
  };

  const content = (() => {
    if (hasNoTeam) return <NoTeamNotice />;
    if (teamQueries.some((query) => query.isError)) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-destructive">{t('teams:errors.loadTeam')}</p>
          <Button variant="outline" onClick={retryFailedQueries}>
            {t('teams:errors.retry')}
          </Button>
        </div>
      );
    }
    if (role.isPending || !team.data || !stats.data || !members.data || !departments.data) {
      return <PageSpinner label={t('loading')} />;
    }
    const memberList = members.data;
    const departmentList = departments.data;

    return (
      <>
        <TeamSummaryCards stats={stats.data} />
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
            <MembersTab members={memberList} viewer={viewer} display={memberDisplay} actions={actions} />
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
              departments={departmentList}
              members={memberList}
              canManageTeam={canManageTeam}
              actions={actions}
            />
          </TabsContent>
          <TabsContent value="permissions">
            <PermissionsTab members={memberList} renderRoleBadge={memberDisplay.renderRoleBadge} />
          </TabsContent>
        </Tabs>
        {canManageTeam ? (
          <InviteMemberDialog
            open={isInviteRequested}
            onOpenChange={setInviteRequested}
            callerRole={viewer.role}
            departments={departmentList}
            inviteMember={actions.inviteMember}
          />
        ) : null}
      </>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="grid gap-3">
        <Button variant="ghost" size="sm" className="justify-self-start" asChild>
          <Link to={paths.chat.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('backToChat')}
          </Link>
        </Button>
        <div className="grid gap-1">
          <ScreenTitle>{t('title')}</ScreenTitle>
          {team.data ? (
            <p className="text-muted-foreground">
              {team.data.name}
              {team.data.description ? ` · ${team.data.description}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      {content}
    </div>
  );
}
