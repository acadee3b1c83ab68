import { NO_TEXT_FOUND } from '@lumen/contract';
import { AlertCircleIcon, CheckCircle2Icon, Clock3Icon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentFailureText } from '@/hooks/use-document-failure-text';
import { cn } from '@/lib/utils';
import { useDocument } from '../api/get-document';

const badgeClassName = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] font-medium';

/** A document's indexing status, polled until it is final: pending, processing, ready (or 'no text found'), failed. */
export function DocumentStatusBadge({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const failureText = useDocumentFailureText();
  const { data: document, isError } = useDocument({ documentId });

  if (!document) {
    if (!isError) return null;
    return <span className={cn(badgeClassName, 'bg-background/30')}>{t('documents.status.unknown')}</span>;
  }
  const { status } = document;
  return (
    <span data-testid="document-status" data-status={status} className="inline-flex flex-wrap items-center gap-1">
      {status === 'pending' ? (
        <span className={cn(badgeClassName, 'bg-background/30')}>
          <Clock3Icon aria-hidden="true" className="size-3" />
          {t('documents.status.pending')}
        </span>
      ) : null}
      {status === 'processing' ? (
        <span className={cn(badgeClassName, 'bg-background/30')}>
          <Loader2Icon aria-hidden="true" className="size-3 animate-spin" />
          {t('documents.status.processing')}
        </span>
      ) : null}
      {status === 'ready' ? (
        <span className={cn(badgeClassName, 'bg-emerald-500/20')}>
          <CheckCircle2Icon aria-hidden="true" className="size-3" />
          {t('documents.status.ready')}
        </span>
      ) : null}
      {status === 'ready' && document.error === NO_TEXT_FOUND ? (
        <span className={cn(badgeClassName, 'bg-amber-500/20')}>{t('documents.status.noText')}</span>
      ) : null}
      {status === 'failed' ? (
        <span className={cn(badgeClassName, 'bg-destructive/20')}>
          <AlertCircleIcon aria-hidden="true" className="size-3" />
          {t('documents.status.failed', {
            reason: document.error === null ? t('documents.status.unknownReason') : failureText(document.error),
          })}
        </span>
      ) : null}
    </span>
  );
}
