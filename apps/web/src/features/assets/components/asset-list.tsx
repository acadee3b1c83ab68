import type { DocumentSummary } from '@lumen/contract';
import { FolderOpenIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AssetCard } from './asset-card';

type AssetListProps = {
  documents: DocumentSummary[];
  selectedIds: ReadonlySet<string>;
  onSelectedChange: (documentId: string, isSelected: boolean) => void;
  /** Selects or clears every document shown. */
  onAllSelectedChange: (isSelected: boolean) => void;
  /** Whether a search or filter is narrowing the list (the empty state then suggests changing it). */
  isFiltered: boolean;
  getContentHref: (documentId: string) => string;
  getManageHref: (document: DocumentSummary) => string | null;
  onShare: (document: DocumentSummary) => void;
  /** The document being shared right now, if any. */
  sharingDocumentId: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

/** The documents as cards with 'Select all visible', the empty state and 'Load more'. */
export function AssetList({
  documents,
  selectedIds,
  onSelectedChange,
  onAllSelectedChange,
  isFiltered,
  getContentHref,
  getManageHref,
  onShare,
  sharingDocumentId,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: AssetListProps) {
  const { t } = useTranslation('assets');
  const selectAllRef = useRef<HTMLInputElement>(null);
  const selectedCount = documents.filter((document) => selectedIds.has(document.id)).length;
  const areAllSelected = documents.length > 0 && selectedCount === documents.length;

  // A partly selected list shows the "select all" box as mixed, which only the DOM property can express.
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedCount > 0 && !areAllSelected;
  }, [selectedCount, areAllSelected]);

  if (documents.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <FolderOpenIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="font-medium text-lg">{t('empty.title')}</h2>
        <p className="text-muted-foreground text-sm">{t(isFiltered ? 'empty.filtered' : 'empty.none')}</p>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            ref={selectAllRef}
            type="checkbox"
            className="size-4 accent-primary"
            checked={areAllSelected}
            onChange={(event) => onAllSelectedChange(event.target.checked)}
          />
          {t('list.selectAll')}
        </label>
        <span className="text-muted-foreground" aria-live="polite">
          {t('list.selectedCount', { count: selectedCount })}
        </span>
      </div>
      <ul aria-label={t('list.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {documents.map((document) => (
          <li key={document.id} className="flex [&>article]:flex-1">
            <AssetCard
              document={document}
              isSelected={selectedIds.has(document.id)}
              onSelectedChange={(isSelected) => onSelectedChange(document.id, isSelected)}
              contentHref={getContentHref(document.id)}
              manageHref={getManageHref(document)}
              onShare={() => onShare(document)}
              isSharing={sharingDocumentId === document.id}
            />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={onLoadMore} disabled={isLoadingMore}>
            {isLoadingMore ? <Spinner /> : null}
            {isLoadingMore ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
