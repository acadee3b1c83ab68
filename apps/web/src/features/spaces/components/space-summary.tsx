import type { Space } from '@lumen/contract';
import { FileTextIcon, LockIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

type SpaceSummaryProps = {
  space: Space;
  /** The spaces page shows the file count too; Spaces Management shows members only. */
  showFileCount?: boolean;
  /** Badges after the name (Private, Active). */
  badges?: ReactNode;
  /** The element the name renders in: a heading by default. */
  headingId?: string;
  /** Lets a card that is one link describe itself with the description. */
  descriptionId?: string;
};

/** A space's name, description (or 'No description provided') and counts, the content of the spaces' cards. */
export function SpaceSummary({ space, showFileCount = false, badges, headingId, descriptionId }: SpaceSummaryProps) {
  const { t } = useTranslation('spaces');
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold leading-none">
          {space.name}
        </h3>
        {space.isPrivate ? (
          <Badge variant="secondary">
            <LockIcon aria-hidden="true" />
            {t('private')}
          </Badge>
        ) : null}
        {badges}
      </div>
      <p id={descriptionId} className="line-clamp-2 text-muted-foreground text-sm">
        {space.description || t('noDescription')}
      </p>
      <div className="flex flex-wrap gap-4 text-muted-foreground text-xs">
        <span className="inline-flex items-center gap-1">
          <UsersIcon className="size-3.5" aria-hidden="true" />
          {t('memberCount', { count: space.memberCount })}
        </span>
        {showFileCount ? (
          <span className="inline-flex items-center gap-1">
            <FileTextIcon className="size-3.5" aria-hidden="true" />
            {t('fileCount', { count: space.fileCount })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
