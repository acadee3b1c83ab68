import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { WorkspaceMemberRow } from '../types';
import { PanelCard } from './panel-card';

/** How many members the compact list shows; Team Management has them all. */
export const TEAM_PREVIEW_SIZE = 8;

type TeamPanelProps = {
  members: WorkspaceMemberRow[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
};

/** Team Management (managers): a compact member list, with the way to the full screen and to invite someone. */
export function TeamPanel({ members, isPending, isError, onRetry }: TeamPanelProps) {
  const { t } = useTranslation('workspace');
  const shown = members.slice(0, TEAM_PREVIEW_SIZE);
  const hiddenCount = members.length - shown.length;

  const content = (() => {
    if (isPending) return <Spinner label={t('loading')} className="my-4 text-muted-foreground" />;
    if (isError) return <LoadError message={t('team.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
    if (members.length === 0) return <p className="text-muted-foreground text-sm">{t('team.empty')}</p>;
    return (
      <div className="grid grid-cols-1 gap-3">
        <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
          {shown.map((member) => (
            <li key={member.id} className="flex items-center gap-3 rounded-lg border p-3">
              {member.avatar}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-sm">{member.name}</p>
                <p className="truncate text-muted-foreground text-xs">{member.department}</p>
              </div>
              {member.roleBadge}
            </li>
          ))}
        </ul>
        {hiddenCount > 0 ? (
          <Link
            to={paths.teamManagement.getHref({ tab: 'members' })}
            className="text-primary-text text-sm underline-offset-4 hover:underline"
          >
            {t('team.more', { total: hiddenCount })}
          </Link>
        ) : null}
      </div>
    );
  })();

  return (
    <PanelCard
      title={t('team.title')}
      description={t('team.description')}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={paths.teamManagement.getHref({ action: 'invite' })}>
              <UserPlusIcon aria-hidden="true" />
              {t('team.invite')}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.teamManagement.getHref()}>
              <UsersIcon aria-hidden="true" />
              {t('team.manage')}
            </Link>
          </Button>
        </div>
      }
    >
      {content}
    </PanelCard>
  );
}
