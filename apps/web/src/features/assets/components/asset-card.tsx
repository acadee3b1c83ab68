import { AI_PROCESSED_TAG, type DocumentSummary } from '@lumen/contract';
import { DownloadIcon, ExternalLinkIcon, FileTextIcon, Settings2Icon, Share2Icon, SparklesIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { formatFileSize } from '@/lib/format-file-size';
import { cn } from '@/lib/utils';
import { getDocumentTypeFilter, getFileExtensionLabel } from '../utils/describe-document';
import { AssetStatusBadge } from './asset-status-badge';

export type AssetCardProps = {
  document: DocumentSummary;
  isSelected: boolean;
  onSelectedChange: (isSelected: boolean) => void;
  /** Where the original file is served (inline when the browser can show it). */
  contentHref: string;
  /** The space's role management, for managers of a space file; null hides the Manage action. */
  manageHref: string | null;
  onShare: () => void;
  isSharing: boolean;
};

/** One document of the hub: what it is, where it came from, its status and tags, with a checkbox and its actions. */
export function AssetCard({
  document,
  isSelected,
  onSelectedChange,
  contentHref,
  manageHref,
  onShare,
  isSharing,
}: AssetCardProps) {
  const { t, i18n } = useTranslation('assets');
  const titleId = useId();
  const typeFilter = getDocumentTypeFilter(document.mimeType);
  const typeLabel = typeFilter ? t(`types.${typeFilter}`) : (getFileExtensionLabel(document.title) ?? t('types.other'));
  const size = document.fileSize === null ? t('card.unknownSize') : formatFileSize(document.fileSize);
  const details = [
    { label: t('card.type'), value: typeLabel },
    { label: t('card.size'), value: size },
    { label: t('card.platform'), value: t(`platforms.${document.source}`) },
    { label: t('card.modified'), value: formatDateTime(document.updatedAt, i18n.language) },
  ];

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs transition-colors',
        isSelected && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-primary"
          checked={isSelected}
          onChange={(event) => onSelectedChange(event.target.checked)}
          aria-label={t('list.select', { title: document.title })}
        />
        <FileTextIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={titleId} className="truncate font-medium" title={document.title}>
            {document.title}
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <AssetStatusBadge status={document.status} error={document.error} />
            {document.tags.map((tag) => (
              <Badge key={tag} variant={tag === AI_PROCESSED_TAG ? 'secondary' : 'outline'}>
                {tag === AI_PROCESSED_TAG ? <SparklesIcon aria-hidden="true" /> : null}
                {tag}
              </Badge>
            ))}
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {details.map((detail) => (
          <div key={detail.label} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{detail.label}</dt>
            <dd className="truncate">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={contentHref} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            {t('actions.view')}
          </a>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={contentHref} download={document.title}>
            <DownloadIcon aria-hidden="true" />
            {t('actions.download')}
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={onShare} disabled={isSharing}>
          <Share2Icon aria-hidden="true" />
          {t('actions.share')}
        </Button>
        {manageHref ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={manageHref}>
              <Settings2Icon aria-hidden="true" />
              {t('actions.manage')}
            </Link>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
