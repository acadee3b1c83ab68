import type { DocumentStatus } from '@lumen/contract';
import { AlertCircleIcon, CheckCircle2Icon, Clock3Icon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useDocumentFailureText } from '@/hooks/use-document-failure-text';
import { cn } from '@/lib/utils';

const STATUS_STYLES: Record<DocumentStatus, { icon: typeof Clock3Icon; className: string }> = {
  pending: { icon: Clock3Icon, className: 'bg-muted text-muted-foreground' },
  processing: { icon: Loader2Icon, className: 'bg-sky-500/15 text-sky-700 dark:text-sky-300 [&>svg]:animate-spin' },
  ready: { icon: CheckCircle2Icon, className: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  failed: { icon: AlertCircleIcon, className: 'bg-destructive/15 text-destructive' },
};

/** A document's indexing status as the list last fetched it (the list refetches while any is unfinished). */
export function AssetStatusBadge({ status, error }: { status: DocumentStatus; error: string | null }) {
  const { t } = useTranslation('assets');
  const failureText = useDocumentFailureText();
  const { icon: Icon, className } = STATUS_STYLES[status];
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', className)}
      title={status === 'failed' && error ? failureText(error) : undefined}
    >
      <Icon aria-hidden="true" />
      {t(`status.${status}`)}
    </Badge>
  );
}
