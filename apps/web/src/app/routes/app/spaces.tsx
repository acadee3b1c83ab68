import type { Space } from '@lumen/contract';
import { FolderPlusIcon, FoldersIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/load-error';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRole } from '@/features/me/api/get-role';
import { useSpaces } from '@/features/spaces/api/get-spaces';
import { SpaceSummary } from '@/features/spaces/components/space-summary';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { isNoTeamError } from '@/lib/api-client';

/** A space's card as one link: named by the space's name it shows first, described by its description. */
function SpaceCardLink({ space }: { space: Space }) {
  const headingId = useId();
  const descriptionId = useId();
  return (
    <Link
      to={paths.space.getHref(space.slug)}
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      className="block h-full rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring"
    >
      <SpaceSummary space={space} showFileCount headingId={headingId} descriptionId={descriptionId} />
    </Link>
  );
}

/**
 * /spaces: the user's spaces as cards leading to each space; managers may create one (docs/product-rules.md#spaces). Without a team,
 * the way to create or join a workspace.
 */
export function SpacesRoute() {
  const { t } = useTranslation('spaces');
  const role = useRole();
  const spaces = useSpaces();
  const canManageTeam = role.data?.canManageTeam ?? false;

  const createButton = canManageTeam ? (
    <Button asChild>
      <Link to={paths.spacesNew.getHref()}>
        <FolderPlusIcon aria-hidden="true" />
        {t('list.createSpace')}
      </Link>
    </Button>
  ) : null;

  const content = (() => {
    if (spaces.isPending) return <PageSpinner label={t('loading')} />;
    // A user without a team has no spaces yet: lead them to create or join a workspace.
    if (isNoTeamError(spaces.error)) return <NoTeamNotice />;
    if (spaces.isError) {
      return (
        <LoadError message={t('loadSpacesFailed')} retryLabel={t('retry')} onRetry={() => void spaces.refetch()} />
      );
    }
    if (spaces.data.length === 0) {
      return (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
            <FoldersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="font-medium">{t('list.empty')}</h2>
            <p className="text-muted-foreground">{canManageTeam ? t('list.emptyManager') : t('list.emptyMember')}</p>
            {createButton}
          </CardContent>
        </Card>
      );
    }
    return (
      <ul aria-label={t('list.listLabel')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {spaces.data.map((space) => (
          <li key={space.id}>
            <SpaceCardLink space={space} />
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="grid gap-3">
        <BackLink to={paths.chat.getHref()}>{t('backToChat')}</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <ScreenTitle>{t('list.title')}</ScreenTitle>
            <p className="text-muted-foreground">{t('list.description')}</p>
          </div>
          {spaces.data && spaces.data.length > 0 ? createButton : null}
        </div>
      </div>
      {content}
    </div>
  );
}
