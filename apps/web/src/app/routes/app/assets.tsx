import { useQueryClient } from '@tanstack/react-query';
import { SparklesIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AssetFiltersBar } from '@/features/assets/components/asset-filters-bar';
import { AssetList } from '@/features/assets/components/asset-list';
import { UploadAssetsDialog } from '@/features/assets/components/upload-assets-dialog';
import { useAssetFilters } from '@/features/assets/hooks/use-asset-filters';
import { useAssetHub } from '@/features/assets/hooks/use-asset-hub';
import { useAssetsParams } from '@/features/assets/hooks/use-assets-params';
import { DOCUMENT_LIST_PAGE_SIZE, getDocumentContentHref, useDocuments } from '@/features/documents/api/get-documents';
import { useUploadFiles } from '@/features/documents/api/upload-files';
import { getUploadErrorMessage } from '@/features/documents/utils/get-upload-error-message';
import { useRole } from '@/features/me/api/get-role';
import { useShareFile } from '@/features/work-items/api/share-file';
import { DOCUMENTS_QUERY_KEY } from '@/lib/query-keys';

/**
 * /assets: the document hub (docs/product-rules.md#document-hub: the sample screen made real). Searches and filters the user's
 * documents on the server, uploads files, shares a document's link with the team (managers) or copies it, and sends
 * selected documents to processing. `?filter=processed|unprocessed` and `?action=upload` come from the sidebar.
 * Composes the documents, work-items and me features with the assets feature, whose hooks hold the screen's state.
 */
export function AssetsRoute() {
  const { t } = useTranslation('assets');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const role = useRole();
  const canManageTeam = role.data?.canManageTeam ?? false;
  const { isUploadRequested, setUploadRequested } = useAssetsParams();
  const filters = useAssetFilters();
  const documents = useDocuments(DOCUMENT_LIST_PAGE_SIZE, { filters: filters.query, pollWhileIndexing: true });
  const shownDocuments = documents.data?.pages.flatMap((page) => page.documents) ?? [];
  const shareFile = useShareFile();
  const upload = useUploadFiles();
  const hub = useAssetHub({
    documents: shownDocuments,
    canManageTeam,
    shareLink: shareFile.mutateAsync,
    getContentHref: getDocumentContentHref,
    refreshDocuments: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
    loadNextPage: documents.fetchNextPage,
  });

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
        selectedIds={hub.selectedIds}
        onSelectedChange={hub.changeSelected}
        onAllSelectedChange={hub.changeAllSelected}
        isFiltered={filters.isFiltered}
        getContentHref={getDocumentContentHref}
        getManageHref={(document) =>
          canManageTeam && document.spaceId ? paths.roleManagement.getHref(document.spaceId) : null
        }
        onShare={(document) => void hub.shareDocument(document)}
        sharingDocumentId={hub.sharingDocumentId}
        hasMore={documents.hasNextPage}
        isLoadingMore={documents.isFetchingNextPage}
        onLoadMore={() => void hub.loadMore()}
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
            <Button variant="outline" onClick={hub.processSelected} disabled={hub.isProcessing}>
              {hub.isProcessing ? <Spinner /> : <SparklesIcon aria-hidden="true" />}
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
        values={filters.values}
        onSearchChange={filters.setSearch}
        onPlatformChange={filters.setPlatform}
        onTypeChange={filters.setType}
        onProcessedChange={filters.setProcessed}
      />
      {content}
      <UploadAssetsDialog
        open={isUploadRequested}
        onOpenChange={setUploadRequested}
        uploadFile={(file) => upload.mutateAsync([file])}
        describeError={(error) => getUploadErrorMessage(tCommon, error)}
        onFilesUploaded={hub.reportUploads}
      />
    </div>
  );
}
