import { EMPLOYEE_DASHBOARD_ROLES, NO_TEAM_ROLE_STATE, type TeamMember } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/hooks/use-session';
import { ActionGrid } from '@/features/dashboards/components/action-card';
import { DashboardHeader } from '@/features/dashboards/components/dashboard-header';
import { DashboardPanel, DashboardSection } from '@/features/dashboards/components/dashboard-section';
import { LoadError } from '@/features/dashboards/components/load-error';
import { MemberRow } from '@/features/dashboards/components/member-row';
import { useEmployeeDashboardQuickActions } from '@/features/dashboards/hooks/use-dashboard-actions';
import { getDepartmentLabel, getGreetingName } from '@/features/dashboards/utils/member-labels';
import { useRole } from '@/features/me/api/get-role';
import { useMembers } from '@/features/teams/api/get-members';
import { ActivityList } from '@/features/teams/components/activity-list';
import { MemberAvatar } from '@/features/teams/components/member-avatar';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { getMemberName } from '@/features/teams/utils/member-name';
import { RequireRole } from '../../guards/require-role';

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
    <DashboardSection title={t('yourWorkspace.title')} description={t('yourWorkspace.description')}>
      <Card className="py-4">
        <CardContent className="px-4">
          <dl className="flex flex-wrap gap-x-10 gap-y-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('yourWorkspace.team')}</dt>
              <dd className="font-medium">{roleState.teamName}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('yourWorkspace.role')}</dt>
              <dd>
                <RoleBadge role={roleState.role} />
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('yourWorkspace.department')}</dt>
              <dd className="font-medium">{department}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </DashboardSection>
  );
}

function TeamMembers({ members, userId }: { members: MembersQuery; userId: string | undefined }) {
  const { t } = useTranslation(['dashboards', 'teams']);

  const renderMember = (member: TeamMember) => {
    const name = getMemberName(member, t('teams:unknownUser'));
    return (
      <MemberRow
        key={member.userId}
        avatar={<MemberAvatar name={name} avatarUrl={member.avatarUrl} isActive={member.status === 'active'} />}
        name={name}
        badge={<RoleBadge role={member.role} />}
        isCurrentUser={member.userId === userId}
      />
    );
  };

  const content = (() => {
    if (members.isPending) return <Spinner className="size-5 text-muted-foreground" label={t('members.loading')} />;
    if (members.isError) return <LoadError message={t('members.loadFailed')} onRetry={() => void members.refetch()} />;
    if (members.data.length === 0) return <p className="text-muted-foreground text-sm">{t('members.empty')}</p>;
    // The whole team, scrolling within the card when it is long.
    return <ul className="grid max-h-96 gap-3 overflow-y-auto pr-1">{members.data.map(renderMember)}</ul>;
  })();

  return (
    <DashboardPanel title={t('members.title')} description={t('members.employeeDescription')}>
      {content}
    </DashboardPanel>
  );
}

function EmployeeDashboard() {
  const { t } = useTranslation(['dashboards', 'teams', 'translation']);
  const { user } = useSession();
  const members = useMembers();
  const quickActions = useEmployeeDashboardQuickActions();

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
        <TeamMembers members={members} userId={user?.id} />
        <DashboardPanel title={t('teams:activity.title')} description={t('activity.description')}>
          <ActivityList limit={RECENT_ACTIVITY_SIZE} />
        </DashboardPanel>
      </div>
    </div>
  );
}

/**
 * /employee-dashboard (employee, viewer): greeting; the user's team, role and department; Quick Actions; the team's
 * members and Recent Activity.
 */
export function EmployeeDashboardRoute() {
  return (
    <RequireRole allowedRoles={EMPLOYEE_DASHBOARD_ROLES}>
      <EmployeeDashboard />
    </RequireRole>
  );
}
