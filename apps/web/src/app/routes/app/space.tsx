import type { Space } from '@lumen/contract';
import { ArrowLeftIcon, FileTextIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSpaceBySlug } from '@/features/spaces/api/get-space-by-slug';
import { useSpaceFiles } from '@/features/spaces/api/get-space-files';
import { SpaceFilesCard } from '@/features/spaces/components/space-files-card';
import { SpaceNotFound } from '@/features/spaces/components/space-not-found';
import { useSpaceMarks } from '@/features/spaces/hooks/use-space-marks';
import { NoTeamNotice } from '@/features/teams/components/no-team-notice';
import { isApiError, isNoTeamError } from '@/lib/api-client';
import { SpaceChat } from './space-chat';

function BackToChatButton() {
  const { t } = useTranslation('spaces');
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link to={paths.chat.getHref()} aria-label={t('space.back')}>
        <ArrowLeftIcon aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** The info bar shows the names of this many newest files, then '+N more'. */
const INFO_BAR_FILE_LIMIT = 3;

/** The loaded space: header, info bar (counts and newest files), the file management card and the space's chat. */
function SpaceScreen({ space }: { space: Space }) {
  const { t } = useTranslation('spaces');
  const { id, name, description, memberCount, fileCount, permissions } = space;
  const files = useSpaceFiles({ spaceId: id, queryConfig: { enabled: permissions.canView } });
  const fileList = files.data ?? [];
  const shownFiles = fileList.slice(0, INFO_BAR_FILE_LIMIT);
  const hiddenFileCount = fileList.length - shownFiles.length;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header className="flex items-start gap-3">
        <BackToChatButton />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="truncate font-semibold text-2xl tracking-tight">{name}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        <Button variant="outline" size="icon" asChild>
          <Link to={paths.roleManagement.getHref(id)} aria-label={t('space.settings')}>
            <SettingsIcon aria-hidden="true" />
          </Link>
        </Button>
      </header>
      <section
        aria-label={t('space.infoLabel')}
        className="flex flex-wrap items-center gap-4 rounded-lg border bg-muted/40 px-4 py-2 text-sm"
      >
        <span className="inline-flex items-center gap-1.5">
          <UsersIcon className="size-4" aria-hidden="true" />
          {t('memberCount', { count: memberCount })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <FileTextIcon className="size-4" aria-hidden="true" />
          {t('fileCount', { count: fileCount })}
        </span>
        {shownFiles.length > 0 ? (
          <ul aria-label={t('files.infoListLabel')} className="flex flex-wrap items-center gap-2">
            {shownFiles.map((file) => (
              <li key={file.id}>
                <Badge variant="outline" className="max-w-48">
                  <span className="truncate">{file.filename}</span>
                </Badge>
              </li>
            ))}
            {hiddenFileCount > 0 ? (
              <li className="text-muted-foreground text-xs">{t('files.moreFiles', { count: hiddenFileCount })}</li>
            ) : null}
          </ul>
        ) : null}
      </section>
      <SpaceFilesCard spaceId={id} permissions={permissions} />
      {/* Keyed by space: a chat (and its transport) never carries over to another space. */}
      <SpaceChat key={id} spaceId={id} spaceName={name} files={fileList} />
    </div>
  );
}

/**
 * /spaces/{spaceName}: a space by its URL name (docs/product-rules.md#spaces, #space-chat): its counts and newest files, the file
 * management card and the chat that answers from the space's files, with the user's conversations of the space.
 */
export function SpaceRoute() {
  const { t } = useTranslation('spaces');
  const { spaceName = '' } = useParams();
  const space = useSpaceBySlug({ slug: spaceName });
  const { setUnread } = useSpaceMarks();
  const spaceId = space.data?.id;

  // Opening a space clears its 'Mark as unread' flag from the chat sidebar.
  useEffect(() => {
    if (spaceId) setUnread(spaceId, false);
  }, [spaceId, setUnread]);

  if (space.isPending) return <PageSpinner label={t('loading')} />;
  if (space.isError) {
    if (isNoTeamError(space.error)) return <NoTeamNotice />;
    if (isApiError(space.error) && space.error.status === 404) {
      return (
        <SpaceNotFound
          action={
            <Button variant="outline" asChild>
              <Link to={paths.chat.getHref()}>{t('backToChat')}</Link>
            </Button>
          }
        />
      );
    }
    return <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void space.refetch()} />;
  }

  return <SpaceScreen space={space.data} />;
}
