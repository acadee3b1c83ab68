import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { MemberRow } from '@/features/dashboards/components/member-row';
import { getDepartmentLabel } from '@/features/dashboards/utils/member-labels';
import type { useMembers } from '@/features/teams/api/get-members';
import { MemberAvatar } from '@/features/teams/components/member-avatar';
import { RoleBadge } from '@/features/teams/components/role-badge';
import { getMemberName } from '@/features/teams/utils/member-name';
import { cn } from '@/lib/utils';

type DashboardMembersProps = {
  members: ReturnType<typeof useMembers>;
  currentUserId: string | undefined;
  /** Lists only the first members (a preview); all of them without it. */
  limit?: number;
  /** Shows each member's department (or 'General') under the name. */
  showDepartment?: boolean;
  className?: string;
};

/**
 * The member list of the admin and employee dashboards: loading, failed with a retry, empty, or one row per member.
 * Lives with the routes because it joins the dashboards feature's row to the teams feature's avatar and role badge.
 */
export function DashboardMembers({
  members,
  currentUserId,
  limit,
  showDepartment = false,
  className,
}: DashboardMembersProps) {
  const { t } = useTranslation(['dashboards', 'teams']);

  if (members.isPending) return <Spinner className="size-5 text-muted-foreground" label={t('members.loading')} />;
  if (members.isError) {
    return (
      <LoadError message={t('members.loadFailed')} retryLabel={t('retry')} onRetry={() => void members.refetch()} />
    );
  }
  if (members.data.length === 0) return <p className="text-muted-foreground text-sm">{t('members.empty')}</p>;
  return (
    <ul className={cn('grid gap-3', className)}>
      {members.data.slice(0, limit).map((member) => {
        const name = getMemberName(member, t('teams:unknownUser'));
        return (
          <MemberRow
            key={member.userId}
            avatar={<MemberAvatar name={name} avatarUrl={member.avatarUrl} isActive={member.status === 'active'} />}
            name={name}
            detail={showDepartment ? getDepartmentLabel(member, t('teams:general')) : undefined}
            badge={<RoleBadge role={member.role} />}
            isCurrentUser={member.userId === currentUserId}
          />
        );
      })}
    </ul>
  );
}
