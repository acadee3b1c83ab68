import type { DocumentStatus, DocumentSummary } from '@lumen/contract';
import { ExternalLinkIcon, FileTextIcon, UploadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentFailureText } from '@/hooks/use-document-failure-text';
import { formatDate } from '@/lib/format-date';
import { formatFileSize } from '@/lib/format-file-size';
import { cn } from '@/lib/utils';
import { getDocumentType } from '../utils/get-document-type';
import { PanelCard } from './panel-card';

type DocumentsPanelProps = {
  documents: DocumentSummary[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Where a document's original file opens. */
  getContentHref: (documentId: string) => string;
};

const STATUS_STYLES: Record<DocumentStatus, string> = {
  pending: 'bg-muted text-muted-foreground',
  processing: 'bg-blue-500/15 text-blue-700 dark:text-blue-300',
  ready: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  failed: 'bg-destructive/15 text-destructive',
};

function DocumentStatusLabel({ status, error }: { status: DocumentStatus; error: string | null }) {
  const { t } = useTranslation('workspace');
  const failureText = useDocumentFailureText();
  return (
    <span
      data-status={status}
      title={status === 'failed' && error ? failureText(error) : undefined}
      className={cn('inline-flex rounded-full px-2 py-0.5 font-medium text-xs', STATUS_STYLES[status])}
    >
      {t(`documents.status.${status}`)}
    </span>
  );
}

/** Document Hub: the user's documents, newest first, each opening its original file; 'Load more' pages on. */
export function DocumentsPanel({
  documents,
  isPending,
  isError,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  getContentHref,
}: DocumentsPanelProps) {
  const { t, i18n } = useTranslation('workspace');
  const unknown = t('documents.unknown');

  const content = (() => {
    if (isPending) return <Spinner label={t('loading')} className="my-4 text-muted-foreground" />;
    if (isError) return <LoadError message={t('documents.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
    if (documents.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <FileTextIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('documents.empty')}</p>
          <p className="max-w-md text-muted-foreground text-sm">{t('documents.emptyHint')}</p>
        </div>
      );
    }
    return (
      <div className="grid grid-cols-1 gap-4">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('documents.columns.title')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('documents.columns.type')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('documents.columns.status')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('documents.columns.size')}
                </th>
                <th scope="col" className="py-2 pl-3 font-medium">
                  {t('documents.columns.date')}
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map((document) => (
                <tr key={document.id} className="border-b last:border-b-0">
                  <td className="max-w-72 py-2 pr-3">
                    <a
                      href={getContentHref(document.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex max-w-full items-center gap-1.5 font-medium underline-offset-4 hover:underline focus-visible:underline"
                    >
                      <span className="truncate">{document.title}</span>
                      <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                      <span className="sr-only">({t('search.opensInNewTab')})</span>
                    </a>
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">
                    {getDocumentType(document.mimeType, document.title) ?? unknown}
                  </td>
                  <td className="px-3 py-2">
                    <DocumentStatusLabel status={document.status} error={document.error} />
                  </td>
                  <td className="px-3 py-2 text-right text-muted-foreground tabular-nums">
                    {document.fileSize === null ? unknown : formatFileSize(document.fileSize)}
                  </td>
                  <td className="whitespace-nowrap py-2 pl-3 text-muted-foreground">
                    <time dateTime={document.createdAt}>{formatDate(document.createdAt, i18n.language)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {hasMore ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={isLoadingMore}
            onClick={onLoadMore}
          >
            {isLoadingMore ? (
              <>
                <Spinner />
                {t('documents.loadingMore')}
              </>
            ) : (
              t('documents.loadMore')
            )}
          </Button>
        ) : null}
      </div>
    );
  })();

  return (
    <PanelCard
      title={t('documents.title')}
      description={t('documents.description')}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to={paths.chat.getHref()}>
            <UploadIcon aria-hidden="true" />
            {t('documents.upload')}
          </Link>
        </Button>
      }
    >
      {content}
    </PanelCard>
  );
}
