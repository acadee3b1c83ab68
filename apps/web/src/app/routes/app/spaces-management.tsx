import { FolderPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/hooks/use-session';
import { useRole } from '@/features/me/api/get-role';
import { useSpaces } from '@/features/spaces/api/get-spaces';
import { ActiveBadge } from '@/features/spaces/components/active-badge';
import { CreateSpaceDialog } from '@/features/spaces/components/create-space-dialog';
import { SpaceDetails } from '@/features/spaces/components/space-details';
import { SpaceSummary } from '@/features/spaces/components/space-summary';
import { useAcceptSpaceInvitationFromUrl } from '@/features/spaces/hooks/use-accept-space-invitation-from-url';
import { useOpenedSpace } from '@/features/spaces/hooks/use-opened-space';
import { filterSpaces } from '@/features/spaces/utils/filter-spaces';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { useTeamMemberOptions } from '@/features/teams/hooks/use-team-member-options';
import { isNoTeamError } from '@/lib/api-client';

/**
 * /spaces-management: every space of the team the user may see, searchable, with Create Space for managers; a space
 * opens in place (?space=<id>) with its members and invitations; ?token=<t> accepts a space invitation
 * (docs/product-rules.md#spaces).
 */
export function SpacesManagementRoute() {
  const { t } = useTranslation(['spaces', 'teams']);
  const { user } = useSession();
  const role = useRole();
  const spaces = useSpaces();
  const canManageTeam = role.data?.canManageTeam ?? false;
  const pickableMembers = useTeamMemberOptions({ isEnabled: canManageTeam, excludedUserId: user?.id });
  const { openedSpaceId, openSpace } = useOpenedSpace();
  const [query, setQuery] = useState('');
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  useAcceptSpaceInvitationFromUrl();

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
              onClick={() => openSpace(space.id)}
              className="block h-full w-full rounded-xl border bg-card p-5 text-left text-card-foreground shadow-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring"
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
        <SpaceDetails spaceId={openedSpaceId} currentUserId={user?.id ?? null} onClose={() => openSpace(null)} />
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
        <CreateSpaceDialog
          open={isCreateOpen}
          onOpenChange={setIsCreateOpen}
          teamMembers={pickableMembers.options ?? []}
        />
      ) : null}
    </div>
  );
}
