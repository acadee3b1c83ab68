import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/**
 * 'Loading workspace...' with a spinner, while the role state is read (docs/product-rules.md#workspace-and-dashboard).
 */
export function WorkspaceLoading() {
  const { t } = useTranslation('workspace');
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3">
      <Spinner className="size-8 text-muted-foreground" />
      <p className="text-muted-foreground text-sm">{t('loading')}</p>
    </div>
  );
}
