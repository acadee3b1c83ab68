import { displayName } from '@lumen/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSpaceMembers } from '../api/get-space-members';
import { RemoveSpaceMemberButton } from './remove-space-member-button';
import { SpaceCardHeader } from './space-card-header';
import { SpaceRoleBadge } from './space-role-badge';

type SpaceMembersCardProps = {
  spaceId: string;
  spaceName: string;
  /** Space admins may remove members (the server's rule for DELETE /api/spaces/:id/members/:userId). */
  canRemoveMembers: boolean;
  /** The signed-in user, who is never offered their own removal (the server refuses it); null when unknown. */
  currentUserId: string | null;
  /** The Invite Member button, for space admins. */
  action?: ReactNode;
};

/** The space's active members: name (or email), email, space role and, for space admins, Remove (not themselves). */
export function SpaceMembersCard({
  spaceId,
  spaceName,
  canRemoveMembers,
  currentUserId,
  action,
}: SpaceMembersCardProps) {
  const { t } = useTranslation('spaces');
  const members = useSpaceMembers({ spaceId });

  const content = (() => {
    if (members.isPending) return <Spinner label={t('loading')} />;
    if (members.isError) {
      return (
        <LoadError
          message={t('management.membersLoadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void members.refetch()}
        />
      );
    }
    if (members.data.length === 0) return <p className="text-muted-foreground text-sm">{t('management.noMembers')}</p>;
    return (
      <ul aria-label={t('management.members')} className="grid gap-2">
        {members.data.map((member) => {
          const name = displayName(member);
          const canRemove = canRemoveMembers && member.userId !== currentUserId;
          return (
            <li
              key={member.userId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              aria-label={name}
            >
              <div className="grid min-w-0">
                <span className="truncate font-medium">{name}</span>
                <span className="truncate text-muted-foreground text-sm">{member.email}</span>
              </div>
              <div className="flex items-center gap-2">
                <SpaceRoleBadge role={member.role} />
                {canRemove ? (
                  <RemoveSpaceMemberButton
                    spaceId={spaceId}
                    spaceName={spaceName}
                    userId={member.userId}
                    memberName={name}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  })();

  return (
    <Card>
      <SpaceCardHeader title={t('management.members')} description={t('management.membersDescription')}>
        {action}
      </SpaceCardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
