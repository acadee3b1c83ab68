import { displayName, ROLES, type Role, type SpaceMember } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useSetSpaceMemberRole } from '../api/set-space-member-role';
import type { TeamMemberOption } from '../types';
import { SpaceRoleBadge } from './space-role-badge';

/** The select's value of a team member without a role in the space. */
const NO_ROLE = '';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

type UserRolesCardProps = {
  spaceId: string;
  /** Every team member, each with a selector (space admins). */
  teamMembers: TeamMemberOption[];
  spaceMembers: SpaceMember[];
  currentUserId: string | null;
};

/**
 * Space admins' User Roles card (docs/product-rules.md#spaces, role management): every team member with their space
 * role; 'No role' when they have none, and choosing a role creates the assignment.
 */
export function UserRolesCard({ spaceId, teamMembers, spaceMembers, currentUserId }: UserRolesCardProps) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const setRole = useSetSpaceMemberRole();
  const roleByUser = new Map(spaceMembers.map((member) => [member.userId, member.role]));

  const changeRole = async (userId: string, role: Role) => {
    try {
      await setRole.mutateAsync({ spaceId, userId, role });
      toast.success(t('roleManagement.roleUpdated'));
    } catch (error) {
      console.error('Failed to update space role:', error);
      toast.error(errorText(error, t('roleManagement.roleUpdateFailed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('roleManagement.usersTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('roleManagement.usersDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {teamMembers.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('roleManagement.noUsers')}</p>
        ) : (
          <ul aria-label={t('roleManagement.usersTitle')} className="grid gap-2">
            {teamMembers.map((member) => {
              const role = roleByUser.get(member.userId);
              const isUpdating = setRole.isPending && setRole.variables?.userId === member.userId;
              return (
                <li
                  key={member.userId}
                  aria-label={member.name}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
                >
                  <div className="grid min-w-0">
                    <span className="truncate font-medium">
                      {member.name}
                      {member.userId === currentUserId ? (
                        <span className="ml-2 text-muted-foreground text-xs">({t('roleManagement.you')})</span>
                      ) : null}
                    </span>
                    <span className="truncate text-muted-foreground text-sm">{member.email}</span>
                  </div>
                  <NativeSelect
                    aria-label={t('roleManagement.roleLabel', { name: member.name })}
                    className="w-44"
                    value={role ?? NO_ROLE}
                    disabled={isUpdating}
                    onChange={(event) => {
                      const chosen = event.target.value;
                      if (isRole(chosen) && chosen !== role) void changeRole(member.userId, chosen);
                    }}
                  >
                    {role ? null : (
                      <option value={NO_ROLE} disabled>
                        {t('roleManagement.noRole')}
                      </option>
                    )}
                    {ROLES.map((option) => (
                      <option key={option} value={option}>
                        {t(`roles.${option}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What members who are not space admins see instead: the space's members and roles, marked 'View Only'. */
export function ReadOnlyRolesCard({ spaceMembers }: { spaceMembers: SpaceMember[] }) {
  const { t } = useTranslation('spaces');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('roleManagement.membersTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('roleManagement.membersDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {spaceMembers.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('roleManagement.noUsers')}</p>
        ) : (
          <ul aria-label={t('roleManagement.membersTitle')} className="grid gap-2">
            {spaceMembers.map((member) => {
              const name = displayName(member);
              return (
                <li
                  key={member.userId}
                  aria-label={name}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
                >
                  <div className="grid min-w-0">
                    <span className="truncate font-medium">{name}</span>
                    <span className="truncate text-muted-foreground text-sm">{member.email}</span>
                  </div>
                  <div className="flex items-center gap-2">
                    <SpaceRoleBadge role={member.role} />
                    <Badge variant="outline">{t('roleManagement.viewOnly')}</Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
