import { ADMIN_DASHBOARD_ROLES, NO_TEAM_ROLE_STATE } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { ActionGrid } from '@/features/dashboards/components/action-card';
import { DashboardHeader } from '@/features/dashboards/components/dashboard-header';
import { DashboardPanel, DashboardSection } from '@/features/dashboards/components/dashboard-section';
import { TeamStatCards } from '@/features/dashboards/components/team-stat-cards';
import { useAdminDashboardQuickActions } from '@/features/dashboards/hooks/use-dashboard-actions';
import { getGreetingName } from '@/features/dashboards/utils/member-labels';
import { useRole } from '@/features/me/api/get-role';
import { useSpaces } from '@/features/spaces/api/get-spaces';
import { useMembers } from '@/features/teams/api/get-members';
import { useTeamStats } from '@/features/teams/api/get-team-stats';
import { ActivityList } from '@/features/teams/components/activity-list';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { getMemberName } from '@/features/teams/utils/member-name';
import { NewTaskDialog } from '@/features/work-items/components/new-task-dialog';
import { ShareFileDialog } from '@/features/work-items/components/share-file-dialog';
import { SharedFileList } from '@/features/work-items/components/shared-file-list';
import { TaskList } from '@/features/work-items/components/task-list';
import type { WorkItemMember } from '@/features/work-items/types';
import { RequireRole } from '../../guards/require-role';
import { DashboardMembers } from './dashboard-members';
import { useWithTeamChatBadge } from './use-team-chat-badge';

/** How many members the preview lists; 'View all' opens the full list in team management. */
const MEMBERS_PREVIEW_SIZE = 5;
const RECENT_ACTIVITY_SIZE = 5;

function MembersPreview({ currentUserId }: { currentUserId: string | undefined }) {
  const { t } = useTranslation(['dashboards', 'teams']);
  const members = useMembers();

  return (
    <DashboardPanel
      title={t('members.title')}
      description={t('members.adminDescription')}
      action={
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to={paths.teamManagement.getHref({ tab: 'members' })}>{t('members.viewAll')}</Link>
        </Button>
      }
    >
      <DashboardMembers members={members} currentUserId={currentUserId} limit={MEMBERS_PREVIEW_SIZE} showDepartment />
    </DashboardPanel>
  );
}

/** Team Tasks and the team's shared files, with the New Task and Share File dialogs. */
function WorkItemsPanels() {
  const { t } = useTranslation(['dashboards', 'teams']);
  const members = useMembers();
  // Tasks and shares go to active members only (the server refuses anyone else).
  const spaces = useSpaces();
  const spaceOptions = (spaces.data ?? []).map((space) => ({ id: space.id, name: space.name }));
  const assignable: WorkItemMember[] = (members.data ?? [])
    .filter((member) => member.status === 'active')
    .map((member) => ({ userId: member.userId, name: getMemberName(member, t('teams:unknownUser')) }));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DashboardPanel
        title={t('tasks.teamTitle')}
        description={t('tasks.teamDescription')}
        action={<NewTaskDialog members={assignable} />}
      >
        <TaskList scope="all" showAssignee canDelete />
      </DashboardPanel>
      <DashboardPanel
        title={t('sharedFiles.title')}
        description={t('sharedFiles.adminDescription')}
        action={<ShareFileDialog members={assignable} spaces={spaceOptions} />}
      >
        <SharedFileList scope="all" showAudience />
      </DashboardPanel>
    </div>
  );
}

function AdminDashboard() {
  const { t } = useTranslation(['dashboards', 'teams', 'translation']);
  const { user } = useSession();
  const role = useRole();
  const roleState = role.data ?? NO_TEAM_ROLE_STATE;
  const stats = useTeamStats();
  const quickActions = useWithTeamChatBadge(useAdminDashboardQuickActions(roleState.isAdmin), roleState.hasTeam);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <DashboardHeader
        title={t('translation:pages.adminDashboard')}
        greetingName={getGreetingName(user, t('translation:userMenu.fallbackName'))}
      >
        {roleState.teamName ? <span className="font-medium">{roleState.teamName}</span> : null}
        <RoleBadge role={roleState.role} />
      </DashboardHeader>

      <TeamStatCards
        stats={stats.data}
        isPending={stats.isPending}
        isError={stats.isError}
        onRetry={() => void stats.refetch()}
        metrics={['members', 'activeProjects', 'aiQueriesToday', 'departments', 'pendingInvitations']}
      />

      <DashboardSection title={t('quickActions.title')} description={t('quickActions.description')}>
        <ActionGrid actions={quickActions} />
      </DashboardSection>

      <WorkItemsPanels />

      <div className="grid gap-6 lg:grid-cols-2">
        <MembersPreview currentUserId={user?.id} />
        <DashboardPanel title={t('teams:activity.title')} description={t('activity.description')}>
          <ActivityList limit={RECENT_ACTIVITY_SIZE} />
        </DashboardPanel>
      </div>
    </div>
  );
}

/**
 * /admin-dashboard (admin, team_lead): greeting, the team's figures with pending invitations, Quick Actions (Audit
 * Logs for admins only), Team Tasks and shared files with their New Task and Share File dialogs, the newest members
 * and Recent Activity.
 */
export function AdminDashboardRoute() {
  return (
    <RequireRole allowedRoles={ADMIN_DASHBOARD_ROLES}>
      <AdminDashboard />
    </RequireRole>
  );
}
