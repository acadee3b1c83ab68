import type { SharedFile } from '@lumen/contract';
import { ExternalLinkIcon, FileTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format-date';
import { useSharedFiles } from '../api/get-shared-files';
import type { SharedFileScope } from '../api/keys';

function SharedFileItem({ file, showAudience }: { file: SharedFile; showAudience: boolean }) {
  const { t, i18n } = useTranslation('dashboards');
  const audience = file.sharedWithUserId
    ? t('sharedFiles.sharedWith', { name: file.sharedWithName ?? t('sharedFiles.unknownUser') })
    : file.spaceName
      ? t('sharedFiles.sharedWithSpace', { name: file.spaceName })
      : t('sharedFiles.wholeTeam');
  return (
    <li className="flex items-start gap-3 rounded-md border p-3">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary-text">
        <FileTextIcon className="size-4" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <a
          href={file.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-sm underline-offset-4 hover:underline"
        >
          <span className="truncate">{file.title}</span>
          <ExternalLinkIcon className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t('sharedFiles.opensInNewTab')}</span>
        </a>
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          {file.platform ? <Badge variant="secondary">{t(`sharedFiles.platforms.${file.platform}`)}</Badge> : null}
          <span>{t('sharedFiles.sharedBy', { name: file.sharerName ?? t('sharedFiles.unknownUser') })}</span>
          <time dateTime={file.createdAt}>{formatDate(file.createdAt, i18n.language)}</time>
          {showAudience ? <span>{audience}</span> : null}
        </div>
      </div>
    </li>
  );
}

type SharedFileListProps = {
  /** 'mine': shared with the team or the user; 'all' (managers): every share of the team. */
  scope: SharedFileScope;
  /** Shows whom each file was shared with (the managers' list). */
  showAudience?: boolean;
};

/** The shared links, newest first: loading, failed with a retry, empty, or one row per link (opening a new tab). */
export function SharedFileList({ scope, showAudience = false }: SharedFileListProps) {
  const { t } = useTranslation('dashboards');
  const files = useSharedFiles({ scope });

  if (files.isPending) return <Spinner className="size-5 text-muted-foreground" label={t('sharedFiles.loading')} />;
  if (files.isError) {
    return (
      <LoadError message={t('sharedFiles.loadFailed')} retryLabel={t('retry')} onRetry={() => void files.refetch()} />
    );
  }
  if (files.data.length === 0) return <p className="text-muted-foreground text-sm">{t('sharedFiles.empty')}</p>;
  return (
    <ul className="grid max-h-96 gap-2 overflow-y-auto pr-1" aria-label={t('sharedFiles.title')}>
      {files.data.map((file) => (
        <SharedFileItem key={file.id} file={file} showAudience={showAudience} />
      ))}
    </ul>
  );
}
