import type { Space } from '@lumen/contract';
import { ArrowLeftIcon, MailPlusIcon, MessageSquareIcon, ShieldIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSpace } from '../api/get-space';
import { ActiveBadge } from './active-badge';
import { InviteSpaceMemberDialog } from './invite-space-member-dialog';
import { SpaceFilesCard } from './space-files-card';
import { SpaceMembersCard } from './space-members-card';
import { SpaceNotFound } from './space-not-found';

/** A figure's card (the look of `Card`), one `<div>` around its dt/dd pair. */
const STAT_CARD_CLASS = 'grid gap-1 rounded-xl border bg-card px-6 py-4 text-card-foreground shadow-sm';

type SpaceDetailsProps = {
  spaceId: string;
  /** The signed-in user, not offered their own removal; the route passes it (features do not read the session). */
  currentUserId?: string | null;
  onClose: () => void;
};

/**
 * The opened space: its member count, status, members, files and (for space admins) the Invite Member dialog and each
 * other member's Remove.
 */
export function SpaceDetails({ spaceId, currentUserId = null, onClose }: SpaceDetailsProps) {
  const { t } = useTranslation('spaces');
  const space = useSpace({ spaceId });
  const [isInviteOpen, setIsInviteOpen] = useState(false);

  const backButton = (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onClose}>
      <ArrowLeftIcon aria-hidden="true" />
      {t('management.closeSpace')}
    </Button>
  );

  if (space.isPending) return <PageSpinner label={t('loading')} />;
  if (space.isError) {
    return (
      <div className="grid gap-3">
        {backButton}
        {isApiError(space.error) && space.error.status === 404 ? (
          <SpaceNotFound />
        ) : (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void space.refetch()} />
        )}
      </div>
    );
  }

  const details: Space = space.data;
  const canManageRoles = details.permissions.canManageRoles;
  return (
    <section aria-labelledby="space-details-title" className="grid gap-4">
      {backButton}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="space-details-title" className="font-semibold text-xl">
            {details.name}
          </h2>
          <p className="text-muted-foreground">{details.description || t('noDescription')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={paths.space.getHref(details.slug)}>
              <MessageSquareIcon aria-hidden="true" />
              {t('management.openChat')}
            </Link>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <Link to={paths.roleManagement.getHref(details.id)}>
              <ShieldIcon aria-hidden="true" />
              {t('management.roleSettings')}
            </Link>
          </Button>
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        {/* A dl may hold only dt/dd or one div around each pair, so each card is that div. */}
        <div className={STAT_CARD_CLASS}>
          <dt className="text-muted-foreground text-sm">{t('management.members')}</dt>
          <dd className="font-semibold text-2xl">{details.memberCount}</dd>
        </div>
        <div className={STAT_CARD_CLASS}>
          <dt className="text-muted-foreground text-sm">{t('management.spaceStatus')}</dt>
          <dd>
            <ActiveBadge />
          </dd>
        </div>
      </dl>
      <SpaceMembersCard
        spaceId={details.id}
        spaceName={details.name}
        canRemoveMembers={canManageRoles}
        currentUserId={currentUserId}
        action={
          canManageRoles ? (
            <Button size="sm" onClick={() => setIsInviteOpen(true)}>
              <MailPlusIcon aria-hidden="true" />
              {t('invite.button')}
            </Button>
          ) : null
        }
      />
      <SpaceFilesCard spaceId={details.id} permissions={details.permissions} />
      {canManageRoles ? (
        <InviteSpaceMemberDialog
          spaceId={details.id}
          spaceName={details.name}
          open={isInviteOpen}
          onOpenChange={setIsInviteOpen}
        />
      ) : null}
    </section>
  );
}
