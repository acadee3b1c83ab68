import { ROLES, type Role, type TeamMember } from '@lumen/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/native-select';
import { useRunWithToasts } from '../hooks/use-run-with-toasts';
import type { TeamManagementActions } from '../types';

type MemberRoleSelectProps = {
  member: TeamMember;
  memberName: string;
  changeMemberRole: TeamManagementActions['changeMemberRole'];
};

/** An admin's role selector for another member: the change is saved at once (PATCH …/role). */
export function MemberRoleSelect({ member, memberName, changeMemberRole }: MemberRoleSelectProps) {
  const { t } = useTranslation(['teamManagement', 'teams']);
  const runWithToasts = useRunWithToasts();
  // The chosen role shows while it is saved; the refetched member list then confirms it (or the old one comes back).
  const [pendingRole, setPendingRole] = useState<Role | null>(null);

  const changeRole = async (role: Role) => {
    if (role === member.role) return;
    setPendingRole(role);
    await runWithToasts(() => changeMemberRole({ userId: member.userId, role }), {
      success: t('members.roleUpdated'),
      failure: t('members.roleUpdateFailed'),
      logMessage: 'Failed to update user role:',
    });
    setPendingRole(null);
  };

  return (
    <NativeSelect
      aria-label={t('members.changeRole', { name: memberName })}
      className="h-8 w-36"
      value={pendingRole ?? member.role}
      disabled={pendingRole !== null}
      onChange={(event) => {
        const role = ROLES.find((candidate) => candidate === event.target.value);
        if (role) void changeRole(role);
      }}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`teams:roles.${role}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
