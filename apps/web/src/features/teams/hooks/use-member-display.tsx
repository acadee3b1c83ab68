import type { Role, TeamMember } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../components/member-avatar';
import { RoleBadge } from '../components/role-badge';
import { getMemberName } from '../utils/member-name';

/** How the team screens show a member: their display name, avatar with status dot, and role badge. */
export function useMemberDisplay() {
  const { t } = useTranslation('teams');
  const unknownUser = t('unknownUser');
  return {
    getName: (member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>) => getMemberName(member, unknownUser),
    renderAvatar: (member: TeamMember, name: string) => (
      <MemberAvatar name={name} avatarUrl={member.avatarUrl} isActive={member.status === 'active'} />
    ),
    renderRoleBadge: (role: Role) => <RoleBadge role={role} />,
  };
}
