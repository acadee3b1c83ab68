import { ArrowLeftIcon, FileTextIcon, LayersIcon, SettingsIcon, UsersIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSpaceBySlug } from '@/features/spaces/api/get-space-by-slug';
import { SpaceNotFound } from '@/features/spaces/components/space-not-found';
import { useSpaceMarks } from '@/features/spaces/hooks/use-space-marks';
import { isApiError } from '@/lib/api-client';

const HELP_ITEMS = ['search', 'answer', 'summarize', 'find'] as const;

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

/**
 * /spaces/{spaceName}: a space by its URL name (spec 001 §2, Space chat) with its real member and file counts. The
 * space's chat box and file list belong to later issues and are not shown.
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

  const { name, description, memberCount, fileCount } = space.data;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header className="flex items-start gap-3">
        <BackToChatButton />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="truncate font-semibold text-2xl tracking-tight">{name}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
        </div>
        <Button variant="outline" size="icon" asChild>
          <Link to={paths.roleManagement.getHref(space.data.id)} aria-label={t('space.settings')}>
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
      </section>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <LayersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="font-semibold text-xl">{t('space.welcomeTitle', { name })}</h2>
          <p className="text-muted-foreground">{t('space.welcomeText')}</p>
          <ul aria-label={t('space.helpLabel')} className="grid gap-1 text-left text-sm">
            {HELP_ITEMS.map((item) => (
              <li key={item} className="list-inside list-disc">
                {t(`space.help.${item}`)}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
