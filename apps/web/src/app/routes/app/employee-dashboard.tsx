import { EMPLOYEE_DASHBOARD_ROLES, NO_TEAM_ROLE_STATE } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/hooks/use-session';
import { ActionGrid } from '@/features/dashboards/components/action-card';
import { DashboardHeader } from '@/features/dashboards/components/dashboard-header';
import { DashboardPanel, DashboardSection } from '@/features/dashboards/components/dashboard-section';
import { YourWorkspaceCard } from '@/features/dashboards/components/your-workspace-card';
import { useEmployeeDashboardQuickActions } from '@/features/dashboards/hooks/use-dashboard-actions';
import { getDepartmentLabel, getGreetingName } from '@/features/dashboards/utils/member-labels';
import { useRole } from '@/features/me/api/get-role';
import { useMembers } from '@/features/teams/api/get-members';
import { ActivityList } from '@/features/teams/components/activity-list';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { SharedFileList } from '@/features/work-items/components/shared-file-list';
import { TaskList } from '@/features/work-items/components/task-list';
import { RequireRole } from '../../guards/require-role';
import { DashboardMembers } from './dashboard-members';
import { useWithTeamChatBadge } from './use-team-chat-badge';

const RECENT_ACTIVITY_SIZE = 5;

type MembersQuery = ReturnType<typeof useMembers>;

/** The user's team, role and department (their own entry in the member list; 'General' without a department). */
function YourTeam({ members, userId }: { members: MembersQuery; userId: string | undefined }) {
  const { t } = useTranslation(['dashboards', 'teams']);
  const role = useRole();
  const roleState = role.data ?? NO_TEAM_ROLE_STATE;
  const ownEntry = members.data?.find((member) => member.userId === userId);

  const department = (() => {
    if (members.isPending) return <Spinner label={t('members.loading')} />;
    if (members.isError) return <span className="text-muted-foreground">—</span>;
    return getDepartmentLabel(ownEntry ?? {}, t('teams:general'));
  })();

  return (
    <YourWorkspaceCard
      teamName={roleState.teamName}
      roleBadge={<RoleBadge role={roleState.role} />}
      department={department}
    />
  );
}

function TeamMembers({ members, userId }: { members: MembersQuery; userId: string | undefined }) {
  const { t } = useTranslation(['dashboards', 'teams']);

  return (
    <DashboardPanel title={t('members.title')} description={t('members.employeeDescription')}>
      {/* The whole team, scrolling within the card when it is long. */}
      <DashboardMembers members={members} currentUserId={userId} className="max-h-96 overflow-y-auto pr-1" />
    </DashboardPanel>
  );
}

function EmployeeDashboard() {
  const { t } = useTranslation(['dashboards', 'teams', 'translation']);
  const { user } = useSession();
  const members = useMembers();
  const hasTeam = useRole().data?.hasTeam ?? false;
  const quickActions = useWithTeamChatBadge(useEmployeeDashboardQuickActions(), hasTeam);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <DashboardHeader
        title={t('translation:pages.employeeDashboard')}
        greetingName={getGreetingName(user, t('translation:userMenu.fallbackName'))}
      />

      <YourTeam members={members} userId={user?.id} />

      <DashboardSection title={t('quickActions.title')} description={t('quickActions.description')}>
        <ActionGrid actions={quickActions} />
      </DashboardSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <DashboardPanel title={t('tasks.myTitle')} description={t('tasks.myDescription')}>
          <TaskList scope="me" />
        </DashboardPanel>
        <DashboardPanel title={t('sharedFiles.title')} description={t('sharedFiles.employeeDescription')}>
          <SharedFileList scope="mine" />
        </DashboardPanel>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <TeamMembers members={members} userId={user?.id} />
        <DashboardPanel title={t('teams:activity.title')} description={t('activity.description')}>
          <ActivityList limit={RECENT_ACTIVITY_SIZE} />
        </DashboardPanel>
      </div>
    </div>
  );
}

/**
 * /employee-dashboard (employee, viewer): greeting; the user's team, role and department; Quick Actions; My Tasks and
 * the files shared with the team or the user; the team's members and Recent Activity.
 */
export function EmployeeDashboardRoute() {
  return (
    <RequireRole allowedRoles={EMPLOYEE_DASHBOARD_ROLES}>
      <EmployeeDashboard />
    </RequireRole>
  );
}
