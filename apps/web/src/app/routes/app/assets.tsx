import type { DocumentSummary, SharedFilePlatform } from '@lumen/contract';
import { SHARED_FILE_PLATFORMS } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { SparklesIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useProcessDocuments } from '@/features/assets/api/process-documents';
import { AssetFiltersBar } from '@/features/assets/components/asset-filters-bar';
import { AssetList } from '@/features/assets/components/asset-list';
import { UploadAssetsDialog } from '@/features/assets/components/upload-assets-dialog';
import { useAssetsParams } from '@/features/assets/hooks/use-assets-params';
import { ALL_FILTER, type AssetFilterValues } from '@/features/assets/utils/asset-filters';
import {
  DOCUMENT_LIST_PAGE_SIZE,
  type DocumentListFilters,
  getDocumentContentHref,
  useDocuments,
} from '@/features/documents/api/get-documents';
import { useUploadFiles } from '@/features/documents/api/upload-files';
import { getUploadErrorMessage } from '@/features/documents/utils/get-upload-error-message';
import { useRole } from '@/features/me/api/get-role';
import { useShareFile } from '@/features/work-items/api/share-file';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';

/** The search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** A shared link names the platform the document came from; uploads and space files have none. */
function toSharedFilePlatform(document: DocumentSummary): SharedFilePlatform | null {
  return (SHARED_FILE_PLATFORMS as readonly string[]).includes(document.source)
    ? (document.source as SharedFilePlatform)
    : null;
}

/** The document's content as a full URL, which works outside the app (a shared link, the clipboard). */
function getAbsoluteContentUrl(documentId: string): string {
  return new URL(getDocumentContentHref(documentId), window.location.origin).href;
}

/**
 * /assets: the document hub (spec 001 §2 "Document Management / Assets", made real). Searches and filters the user's
 * documents on the server, uploads files, shares a document's link with the team (managers) or copies it, and sends
 * selected documents to processing. `?filter=processed|unprocessed` and `?action=upload` come from the sidebar.
 * Composes the documents, work-items and me features with the assets feature.
 */
export function AssetsRoute() {
  const { t } = useTranslation('assets');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const role = useRole();
  const canManageTeam = role.data?.canManageTeam ?? false;
  const { processed, setProcessed, isUploadRequested, setUploadRequested } = useAssetsParams();

  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<AssetFilterValues['platform']>(ALL_FILTER);
  const [type, setType] = useState<AssetFilterValues['type']>(ALL_FILTER);
  const searchedText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: DocumentListFilters = {
    q: searchedText,
    source: platform === ALL_FILTER ? undefined : platform,
    type: type === ALL_FILTER ? undefined : type,
    processed: processed === ALL_FILTER ? undefined : processed,
  };
  const isFiltered = Object.values(filters).some(Boolean);
  const documents = useDocuments(DOCUMENT_LIST_PAGE_SIZE, { filters, pollWhileIndexing: true });
  const shownDocuments = documents.data?.pages.flatMap((page) => page.documents) ?? [];

  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  // Only what is on screen is processed: a document hidden by a filter since it was ticked stays out.
  const selectedShownIds = shownDocuments.filter((document) => selectedIds.has(document.id)).map(({ id }) => id);

  const refreshDocuments = () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });

  const processDocuments = useProcessDocuments({
    onSuccess: async (processedDocuments) => {
      toast.success(t('process.started', { count: processedDocuments.length }));
      setSelectedIds(new Set());
      await refreshDocuments();
    },
    onError: (error) => {
      toast.error(isApiError(error) && error.serverMessage ? error.serverMessage : t('process.failed'));
    },
  });

  const processSelected = () => {
    if (selectedShownIds.length === 0) {
      toast.error(t('process.noneSelected'));
      return;
    }
    processDocuments.mutate(selectedShownIds);
  };

  const shareFile = useShareFile();
  const [sharingDocumentId, setSharingDocumentId] = useState<string | null>(null);

  const shareDocument = async (document: DocumentSummary) => {
    const url = getAbsoluteContentUrl(document.id);
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
      await shareFile.mutateAsync({ title: document.title, url, platform: toSharedFilePlatform(document) });
      toast.success(t('share.success'));
    } catch {
      toast.error(t('share.failed'));
    } finally {
      setSharingDocumentId(null);
    }
  };

  const upload = useUploadFiles();

  const loadMore = async () => {
    const result = await documents.fetchNextPage();
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
    setSelectedIds(isSelected ? new Set(shownDocuments.map((document) => document.id)) : new Set());
  };

  const content = (() => {
    // A failed next page keeps the documents already shown (and says so in a toast).
    if (documents.isError && !documents.data) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-destructive">{t('loadFailed')}</p>
          <Button variant="outline" onClick={() => void documents.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    if (documents.isPending) return <PageSpinner label={t('loading')} />;
    return (
      <AssetList
        documents={shownDocuments}
        selectedIds={selectedIds}
        onSelectedChange={changeSelected}
        onAllSelectedChange={changeAllSelected}
        isFiltered={isFiltered}
        getContentHref={getDocumentContentHref}
        getManageHref={(document) =>
          canManageTeam && document.spaceId ? paths.roleManagement.getHref(document.spaceId) : null
        }
        onShare={(document) => void shareDocument(document)}
        sharingDocumentId={sharingDocumentId}
        hasMore={documents.hasNextPage}
        isLoadingMore={documents.isFetchingNextPage}
        onLoadMore={() => void loadMore()}
      />
    );
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <BackLink to={paths.chat.getHref()}>{t('backToChat')}</BackLink>
          {canManageTeam ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={paths.teamManagement.getHref()}>
                <UsersIcon aria-hidden="true" />
                {t('manage')}
              </Link>
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <ScreenTitle>{t('title')}</ScreenTitle>
            <p className="text-muted-foreground">{t('subtitle')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={processSelected} disabled={processDocuments.isPending}>
              {processDocuments.isPending ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
              {t('actions.process')}
            </Button>
            <Button onClick={() => setUploadRequested(true)}>
              <UploadIcon aria-hidden="true" />
              {t('actions.upload')}
            </Button>
          </div>
        </div>
      </div>
      <AssetFiltersBar
        values={{ search, platform, type, processed }}
        onSearchChange={setSearch}
        onPlatformChange={setPlatform}
        onTypeChange={setType}
        onProcessedChange={setProcessed}
      />
      {content}
      <UploadAssetsDialog
        open={isUploadRequested}
        onOpenChange={setUploadRequested}
        uploadFile={(file) => upload.mutateAsync([file])}
        describeError={(error) => getUploadErrorMessage(tCommon, error)}
        onFilesUploaded={(count) => {
          toast.success(t('upload.succeeded', { count }));
          void refreshDocuments();
        }}
      />
    </div>
  );
}
