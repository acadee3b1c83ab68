import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSpace } from '@/features/spaces/api/get-space';
import { useSpaceMembers } from '@/features/spaces/api/get-space-members';
import { FilePermissionsCard } from '@/features/spaces/components/file-permissions-card';
import { SpaceFilesCard } from '@/features/spaces/components/space-files-card';
import { SpaceNotFound } from '@/features/spaces/components/space-not-found';
import { ReadOnlyRolesCard, UserRolesCard } from '@/features/spaces/components/user-roles-card';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { useTeamMemberOptions } from '@/features/teams/hooks/use-team-member-options';
import { isApiError, isNoTeamError } from '@/lib/api-client';

/** The role cards: space admins get a selector per team member, everyone else the members marked 'View Only'. */
function RolesSection({ spaceId, canManageRoles }: { spaceId: string; canManageRoles: boolean }) {
  const { t } = useTranslation(['spaces', 'teams']);
  const { user } = useSession();
  const spaceMembers = useSpaceMembers({ spaceId });
  const teamMembers = useTeamMemberOptions({ isEnabled: canManageRoles });
  const queries = canManageRoles ? [spaceMembers, teamMembers] : [spaceMembers];

  if (queries.some((query) => query.isError)) {
    return (
      <LoadError
        message={t('roleManagement.usersLoadFailed')}
        retryLabel={t('retry')}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  }
  if (!spaceMembers.data || (canManageRoles && !teamMembers.options)) return <Spinner label={t('loading')} />;
  if (!canManageRoles) return <ReadOnlyRolesCard spaceMembers={spaceMembers.data} />;
  return (
    <UserRolesCard
      spaceId={spaceId}
      teamMembers={teamMembers.options ?? []}
      spaceMembers={spaceMembers.data}
      currentUserId={user?.id ?? null}
    />
  );
}

/**
 * /role-management/{spaceId}: who may do what in a space (docs/product-rules.md#spaces, role management). Space admins
 * assign roles; everyone sees their own file permissions and the file management card (its actions follow their space
 * role).
 */
export function RoleManagementRoute() {
  const { t } = useTranslation('spaces');
  const { spaceId = '' } = useParams();
  const space = useSpace({ spaceId });

  const content = (() => {
    if (space.isPending) return <p className="text-muted-foreground">{t('loading')}</p>;
    if (space.isError) {
      if (isNoTeamError(space.error)) return <NoTeamNotice />;
      if (isApiError(space.error) && space.error.status === 404) return <SpaceNotFound />;
      return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void space.refetch()} />;
    }
    return (
      <>
        <header className="flex items-start gap-3">
          <ShieldCheckIcon className="mt-1 size-6 text-primary-text" aria-hidden="true" />
          <div className="grid gap-1">
            <h1 className="font-semibold text-2xl tracking-tight">{space.data.name}</h1>
            <p className="text-muted-foreground">{t('roleManagement.subtitle')}</p>
          </div>
        </header>
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <RolesSection spaceId={space.data.id} canManageRoles={space.data.permissions.canManageRoles} />
          <aside aria-label={t('roleManagement.permissionsTitle')}>
            <FilePermissionsCard space={space.data} />
          </aside>
        </div>
        <SpaceFilesCard spaceId={space.data.id} permissions={space.data.permissions} />
      </>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <BackLink to={paths.spaces.getHref()} className="self-start">
        {t('backToSpaces')}
      </BackLink>
      {content}
    </div>
  );
}
