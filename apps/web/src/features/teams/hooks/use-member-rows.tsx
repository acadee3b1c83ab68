import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../api/get-members';
import { MemberAvatar } from '../components/member-avatar';
import { RoleBadge } from '../components/role-badge';
import { getMemberName } from '../utils/member-name';

/**
 * The team's members as list rows: display name, email, department (else the custom one, else 'General'), avatar
 * with status dot and role badge; with the members query's state.
 */
export function useMemberRows() {
  const { t } = useTranslation('teams');
  const members = useMembers();
  const rows = useMemo(
    () =>
      (members.data ?? []).map((member) => {
        const name = getMemberName(member, t('unknownUser'));
        return {
          id: member.userId,
          name,
          email: member.email,
          department: member.department ?? member.customDepartment ?? t('general'),
          avatar: (
            <MemberAvatar
              name={name}
              avatarUrl={member.avatarUrl}
              isActive={member.status === 'active'}
              className="size-9"
            />
          ),
          roleBadge: <RoleBadge role={member.role} />,
        };
      }),
    [members.data, t],
  );
  return { rows, isPending: members.isPending, isError: members.isError, refetch: members.refetch };
}
