import { NO_TEAM_ROLE_STATE } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useRole } from '@/features/me/api/get-role';
import { getDashboardPath } from '@/features/me/utils/get-dashboard-path';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { JoinWorkspaceForm } from '@/features/workspace/components/join-workspace-form';
import { WorkspaceLoading } from '@/features/workspace/components/workspace-loading';
import { WorkspaceSetup } from '@/features/workspace/components/workspace-setup';

/**
 * /workspace-new: where the role guards send a user without a team. Create a workspace (the creator is its admin, so
 * the admin dashboard follows) or join one with an invitation link or code. A user with a team goes to their dashboard.
 */
export function WorkspaceNewRoute() {
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const roleQuery = useRole();

  if (roleQuery.isPending) return <WorkspaceLoading />;
  const { hasTeam, role } = roleQuery.data ?? NO_TEAM_ROLE_STATE;
  if (hasTeam) return <Navigate to={getDashboardPath(role)} replace />;

  return (
    <WorkspaceSetup
      title={t('new.title')}
      createForm={
        <CreateTeamForm
          onCreated={(response) => navigate(getDashboardPath(response.roleState.role), { replace: true })}
        />
      }
      joinForm={<JoinWorkspaceForm onJoin={(invitationId) => navigate(paths.acceptInvitation.getHref(invitationId))} />}
    />
  );
}
