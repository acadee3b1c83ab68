import type { DocumentSummary, SharedFilePlatform } from '@lumen/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useProcessDocuments } from '../api/process-documents';
import { toAbsoluteUrl, toSharedFilePlatform } from '../utils/shared-link';

type AssetHubOptions = {
  /** The documents on screen (every loaded page). */
  documents: readonly DocumentSummary[];
  canManageTeam: boolean;
  /** Shares a link with the whole team (a shared file); rejects when it is refused. */
  shareLink: (link: { title: string; url: string; platform: SharedFilePlatform | null }) => Promise<unknown>;
  /** Where a document's original file opens, as a path of this app. */
  getContentHref: (documentId: string) => string;
  /** Refetches the documents' lists and statuses. */
  refreshDocuments: () => Promise<unknown>;
  /** Loads the next page of documents. */
  loadNextPage: () => Promise<{ isFetchNextPageError: boolean }>;
};

/**
 * The document hub's actions: the ticked documents, sending them to processing, sharing a document's link (with the
 * team for managers, to the clipboard for everyone else), loading more, and the toast after an upload. The route
 * passes in the documents and the other features' writes, since features do not import each other.
 */
export function useAssetHub({
  documents,
  canManageTeam,
  shareLink,
  getContentHref,
  refreshDocuments,
  loadNextPage,
}: AssetHubOptions) {
  const { t } = useTranslation('assets');
  const { errorText } = useServerErrorText();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [sharingDocumentId, setSharingDocumentId] = useState<string | null>(null);
  // Only what is on screen is processed: a document hidden by a filter since it was ticked stays out.
  const selectedShownIds = documents.filter((document) => selectedIds.has(document.id)).map(({ id }) => id);

  const processDocuments = useProcessDocuments({
    onSuccess: async (processedDocuments) => {
      toast.success(t('process.started', { count: processedDocuments.length }));
      setSelectedIds(new Set());
      await refreshDocuments();
    },
    onError: (error) => {
      toast.error(errorText(error, t('process.failed')));
    },
  });

  const processSelected = () => {
    if (selectedShownIds.length === 0) {
      toast.error(t('process.noneSelected'));
      return;
    }
    processDocuments.mutate(selectedShownIds);
  };

  const shareDocument = async (document: DocumentSummary) => {
    const url = toAbsoluteUrl(getContentHref(document.id));
    if (!canManageTeam) {
      // Only managers may share with the whole team; everyone else gets the link to pass on themselves.
      try {
        await navigator.clipboard.writeText(url);
        toast.success(t('share.linkCopied'));
      } catch {
        toast.error(t('share.copyFailed'));
      }
      return;
    }
    setSharingDocumentId(document.id);
    try {
      await shareLink({ title: document.title, url, platform: toSharedFilePlatform(document) });
      toast.success(t('share.success'));
    } catch {
      toast.error(t('share.failed'));
    } finally {
      setSharingDocumentId(null);
    }
  };

  const loadMore = async () => {
    const result = await loadNextPage();
    if (result.isFetchNextPageError) toast.error(t('list.loadMoreFailed'));
  };

  const changeSelected = (documentId: string, isSelected: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (isSelected) next.add(documentId);
      else next.delete(documentId);
      return next;
    });
  };

  const changeAllSelected = (isSelected: boolean) => {
    setSelectedIds(isSelected ? new Set(documents.map((document) => document.id)) : new Set());
  };

  const reportUploads = (count: number) => {
    toast.success(t('upload.succeeded', { count }));
    void refreshDocuments();
  };

  return {
    selectedIds,
    changeSelected,
    changeAllSelected,
    processSelected,
    isProcessing: processDocuments.isPending,
    shareDocument,
    sharingDocumentId,
    loadMore,
    reportUploads,
  };
}
