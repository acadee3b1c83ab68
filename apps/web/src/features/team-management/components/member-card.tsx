import type { TeamMember } from '@lumen/contract';
import { Building2Icon, CalendarIcon, UserMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { useRunWithToasts } from '../hooks/use-run-with-toasts';
import type { MemberDisplay, TeamManagementActions, Viewer } from '../types';
import { getDepartmentLabel } from '../utils/department-label';
import { MemberRoleSelect } from './member-role-select';

type MemberCardProps = {
  member: TeamMember;
  viewer: Viewer;
  display: MemberDisplay;
  actions: Pick<TeamManagementActions, 'changeMemberRole' | 'removeMember'>;
};

/**
 * A member: avatar with status dot, name, email, role badge, custom role, department (or 'General') and joined date.
 * An admin may change the role of anyone but themselves; a manager may remove anyone but themselves and the admins
 * (the server enforces the same rules).
 */
export function MemberCard({ member, viewer, display, actions }: MemberCardProps) {
  const { t, i18n } = useTranslation(['teamManagement', 'teams']);
  const runWithToasts = useRunWithToasts();
  const name = display.getName(member);
  const isSelf = viewer.userId !== null && member.userId === viewer.userId;
  const canChangeRole = viewer.isAdmin && !isSelf;
  const canRemove = viewer.canManageTeam && !isSelf && member.role !== 'admin';

  const remove = () =>
    runWithToasts(() => actions.removeMember(member.userId), {
      success: t('members.removed'),
      failure: t('members.removeFailed'),
      logMessage: 'Failed to remove team member:',
    });

  return (
    <article aria-label={name} className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex items-start gap-3">
        {display.renderAvatar(member, name)}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium">{name}</h3>
            {isSelf ? <Badge variant="secondary">{t('members.you')}</Badge> : null}
          </div>
          <p className="truncate text-muted-foreground text-sm">{member.email}</p>
        </div>
        {canRemove ? (
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:text-destructive"
                aria-label={t('members.removeLabel', { name })}
              >
                <UserMinusIcon aria-hidden="true" />
              </Button>
            }
            title={t('members.removeTitle')}
            description={t('members.removeDescription', { name })}
            cancelLabel={t('cancel')}
            confirmLabel={t('members.remove')}
            onConfirm={remove}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {display.renderRoleBadge(member.role)}
        {member.customRole ? <Badge variant="outline">{member.customRole}</Badge> : null}
        <Badge variant="outline">
          <Building2Icon aria-hidden="true" />
          {getDepartmentLabel(member, t('teams:general'))}
        </Badge>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <CalendarIcon className="size-3" aria-hidden="true" />
          {t('members.joined', { date: formatDate(member.joinedAt, i18n.language) })}
        </p>
        {canChangeRole ? (
          <MemberRoleSelect member={member} memberName={name} changeMemberRole={actions.changeMemberRole} />
        ) : null}
      </div>
    </article>
  );
}
