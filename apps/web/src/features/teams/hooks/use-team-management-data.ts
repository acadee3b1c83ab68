import { isApiError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { useCreateDepartment, useDeleteDepartment, useRenameDepartment } from '../api/departments';
import { useCurrentTeam } from '../api/get-current-team';
import { useDepartments } from '../api/get-departments';
import { useInvitations } from '../api/get-invitations';
import { useMembers } from '../api/get-members';
import { useTeamStats } from '../api/get-team-stats';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateMemberRole } from '../api/update-member-role';

/**
 * What the team management screen reads and writes: the team, its figures, members, departments and (for managers)
 * pending invitations, whether they failed or the user has no team, and the team's writes, each rejecting with the
 * ApiError of a failed request.
 */
export function useTeamManagementData({ canManageTeam }: { canManageTeam: boolean }) {
  const team = useCurrentTeam();
  const stats = useTeamStats();
  const members = useMembers();
  const departments = useDepartments();
  const invitations = useInvitations({ queryConfig: { enabled: canManageTeam } });

  const createInvitation = useCreateInvitation();
  const revokeInvitation = useRevokeInvitation();
  const updateMemberRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const createDepartment = useCreateDepartment();
  const renameDepartment = useRenameDepartment();
  const deleteDepartment = useDeleteDepartment();

  const teamQueries = [team, stats, members, departments];
  const retryFailedQueries = () => {
    for (const query of teamQueries) if (query.isError) void query.refetch();
  };

  return {
    team: team.data,
    stats: stats.data,
    members: members.data,
    departments: departments.data,
    invitations,
    // The current team answers 404 only when the user has none.
    hasNoTeam: isApiError(team.error) && team.error.status === 404,
    isError: teamQueries.some((query) => query.isError),
    retryFailedQueries,
    actions: {
      inviteMember: createInvitation.mutateAsync,
      revokeInvitation: revokeInvitation.mutateAsync,
      changeMemberRole: updateMemberRole.mutateAsync,
      removeMember: removeMember.mutateAsync,
      createDepartment: createDepartment.mutateAsync,
      renameDepartment: renameDepartment.mutateAsync,
      deleteDepartment: deleteDepartment.mutateAsync,
    },
  };
}
