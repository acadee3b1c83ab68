import { FolderPlusIcon, FoldersIcon, MessageSquareIcon, Share2Icon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** What the tab shows of a team space (the route maps the spaces feature's spaces to this). */
export type TeamSpace = {
  id: string;
  name: string;
  /** The space's URL name, for Open Chat. */
  slug: string;
  description: string | null;
  memberCount: number;
};

type SpacesTabProps = {
  /** The team's spaces; undefined while they load. */
  spaces: TeamSpace[] | undefined;
  isError: boolean;
  onRetry: () => void;
  canManageTeam: boolean;
};

/** The chosen space's actions: Add Member, Share File and Open Chat. */
function SpaceActions({ space }: { space: TeamSpace }) {
  const { t } = useTranslation('teamManagement');
  return (
    <nav aria-label={t('spaces.actionsLabel', { name: space.name })} className="flex flex-wrap gap-2 border-t pt-3">
      <Button variant="outline" size="sm" asChild>
        <Link to={paths.spacesManagement.getHref({ space: space.id })}>
          <UserPlusIcon aria-hidden="true" />
          {t('spaces.addMember')}
        </Link>
      </Button>
      <Button variant="outline" size="sm" asChild>
        {/* The Share File form (team, space or member) lives on the admin dashboard. */}
        <Link to={paths.adminDashboard.getHref()}>
          <Share2Icon aria-hidden="true" />
          {t('spaces.shareFile')}
        </Link>
      </Button>
      <Button size="sm" asChild>
        <Link to={paths.space.getHref(space.slug)}>
          <MessageSquareIcon aria-hidden="true" />
          {t('spaces.openChat')}
        </Link>
      </Button>
    </nav>
  );
}

/**
 * Spaces (docs/product-rules.md#team-management): the team's spaces with name, description and member count; choosing
 * one shows its actions. 'No spaces created yet.' when there are none; managers get 'Create Space'.
 */
export function SpacesTab({ spaces, isError, onRetry, canManageTeam }: SpacesTabProps) {
  const { t } = useTranslation('teamManagement');
  const [selectedSpaceId, setSelectedSpaceId] = useState<string | null>(null);

  const createButton = canManageTeam ? (
    <Button asChild>
      <Link to={paths.spacesNew.getHref()}>
        <FolderPlusIcon aria-hidden="true" />
        {t('spaces.createSpace')}
      </Link>
    </Button>
  ) : null;

  const content = (() => {
    if (isError) return <LoadError message={t('spaces.loadFailed')} retryLabel={t('spaces.retry')} onRetry={onRetry} />;
    if (!spaces) return <Spinner label={t('loading')} />;
    if (spaces.length === 0) {
      return (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <FoldersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">{t('spaces.empty')}</p>
          {createButton}
        </div>
      );
    }
    return (
      <div className="grid gap-4">
        <ul aria-label={t('spaces.listLabel')} className="grid gap-3 sm:grid-cols-2">
          {spaces.map((space) => {
            const isSelected = space.id === selectedSpaceId;
            return (
              <li
                key={space.id}
                className={cn('grid gap-3 rounded-lg border p-4', isSelected && 'border-primary ring-1 ring-primary')}
              >
                <button
                  type="button"
                  aria-pressed={isSelected}
                  aria-label={t('spaces.select', { name: space.name })}
                  onClick={() => setSelectedSpaceId(isSelected ? null : space.id)}
                  className="grid gap-1 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:ring-ring"
                >
                  <span className="font-medium">{space.name}</span>
                  <span className="line-clamp-2 text-muted-foreground text-sm">
                    {space.description || t('spaces.noDescription')}
                  </span>
                  <span className="inline-flex items-center gap-1 text-muted-foreground text-xs">
                    <UsersIcon className="size-3.5" aria-hidden="true" />
                    {t('spaces.memberCount', { count: space.memberCount })}
                  </span>
                </button>
                {isSelected ? <SpaceActions space={space} /> : null}
              </li>
            );
          })}
        </ul>
        {createButton ? <div>{createButton}</div> : null}
      </div>
    );
  })();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('spaces.title')}</h2>
        </CardTitle>
        <CardDescription>{t('spaces.description')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
