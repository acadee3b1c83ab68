import type { Space } from '@lumen/contract';
import { ArrowLeftIcon, FolderPlusIcon, MailPlusIcon, MessageSquareIcon, ShieldIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ScreenTitle } from '@/components/screen-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useRole } from '@/features/me/api/get-role';
import { useSpace } from '@/features/spaces/api/get-space';
import { useSpaces } from '@/features/spaces/api/get-spaces';
import { CreateSpaceDialog } from '@/features/spaces/components/create-space-dialog';
import { InviteSpaceMemberDialog } from '@/features/spaces/components/invite-space-member-dialog';
import { SpaceFilesCard } from '@/features/spaces/components/space-files-card';
import { SpaceMembersCard } from '@/features/spaces/components/space-members-card';
import { SpaceNotFound } from '@/features/spaces/components/space-not-found';
import { SpaceSummary } from '@/features/spaces/components/space-summary';
import { useAcceptSpaceInvitationFromUrl } from '@/features/spaces/hooks/use-accept-space-invitation-from-url';
import type { TeamMemberOption } from '@/features/spaces/types';
import { filterSpaces } from '@/features/spaces/utils/filter-spaces';
import { useMembers } from '@/features/teams/api/get-members';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { getMemberName } from '@/features/teams/utils/member-name';
import { useUrlParams } from '@/hooks/use-url-params';
import { isApiError } from '@/lib/api-client';
import { isNoTeamError } from '@/lib/server-messages';

/** The query parameter of the opened space. */
const SPACE_PARAM = 'space';

function ActiveBadge() {
  const { t } = useTranslation('spaces');
  return (
    <Badge className="border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">{t('active')}</Badge>
  );
}

/** The opened space: its member count, status, members, files and (for space admins) the Invite Member dialog. */
function SpaceDetails({ spaceId, onClose }: { spaceId: string; onClose: () => void }) {
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
        <Card className="gap-2 py-4">
          <CardContent className="grid gap-1">
            <dt className="text-muted-foreground text-sm">{t('management.members')}</dt>
            <dd className="font-semibold text-2xl">{details.memberCount}</dd>
          </CardContent>
        </Card>
        <Card className="gap-2 py-4">
          <CardContent className="grid gap-1">
            <dt className="text-muted-foreground text-sm">{t('management.spaceStatus')}</dt>
            <dd>
              <ActiveBadge />
            </dd>
          </CardContent>
        </Card>
      </dl>
      <SpaceMembersCard
        spaceId={details.id}
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

/**
 * /spaces-management: every space of the team the user may see, searchable, with Create Space for managers; a space
 * opens in place (?space=<id>) with its members and invitations; ?token=<t> accepts a space invitation (spec 001 §2).
 */
export function SpacesManagementRoute() {
  const { t } = useTranslation(['spaces', 'teams']);
  const { user } = useSession();
  const role = useRole();
  const spaces = useSpaces();
  const canManageTeam = role.data?.canManageTeam ?? false;
  const teamMembers = useMembers({ queryConfig: { enabled: canManageTeam } });
  const { searchParams, updateParams } = useUrlParams();
  const [query, setQuery] = useState('');
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  useAcceptSpaceInvitationFromUrl();

  const openedSpaceId = searchParams.get(SPACE_PARAM);
  const setOpenedSpace = (spaceId: string | null) =>
    // Pushed: Back returns from a space to the list.
    updateParams(
      (params) => {
        if (spaceId) params.set(SPACE_PARAM, spaceId);
        else params.delete(SPACE_PARAM);
      },
      { replace: false },
    );

  const unknownUser = t('teams:unknownUser');
  const pickableMembers: TeamMemberOption[] = (teamMembers.data ?? [])
    .filter((member) => member.status === 'active' && member.userId !== user?.id)
    .map((member) => ({ userId: member.userId, name: getMemberName(member, unknownUser), email: member.email }));

  const spaceList = (() => {
    if (spaces.isPending) return <PageSpinner label={t('loading')} />;
    if (isNoTeamError(spaces.error)) return <NoTeamNotice />;
    if (spaces.isError) {
      return (
        <LoadError message={t('loadSpacesFailed')} retryLabel={t('retry')} onRetry={() => void spaces.refetch()} />
      );
    }
    const shown = filterSpaces(spaces.data, query);
    if (shown.length === 0) {
      const isSearching = query.trim() !== '';
      return (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center">
            <h2 className="font-medium">{t('management.empty')}</h2>
            <p className="text-muted-foreground">
              {isSearching ? t('management.noMatch') : t('management.getStarted')}
            </p>
          </CardContent>
        </Card>
      );
    }
    return (
      <ul aria-label={t('management.title')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((space) => (
          <li key={space.id}>
            <button
              type="button"
              aria-label={t('management.openSpace', { name: space.name })}
              onClick={() => setOpenedSpace(space.id)}
              className="block h-full w-full rounded-xl border bg-card p-5 text-left text-card-foreground shadow-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <SpaceSummary space={space} badges={<ActiveBadge />} />
            </button>
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <ScreenTitle>{t('management.title')}</ScreenTitle>
          <p className="text-muted-foreground">{t('management.description')}</p>
        </div>
        {canManageTeam ? (
          <Button onClick={() => setIsCreateOpen(true)}>
            <FolderPlusIcon aria-hidden="true" />
            {t('management.createSpace')}
          </Button>
        ) : null}
      </div>
      {openedSpaceId ? (
        <SpaceDetails spaceId={openedSpaceId} onClose={() => setOpenedSpace(null)} />
      ) : (
        <Card>
          <CardHeader>
            <Input
              type="search"
              aria-label={t('management.searchLabel')}
              placeholder={t('management.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </CardHeader>
          <CardContent>{spaceList}</CardContent>
        </Card>
      )}
      {canManageTeam ? (
        <CreateSpaceDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} teamMembers={pickableMembers} />
      ) : null}
    </div>
  );
}
