import type { ConnectorProvider } from '@lumen/contract';
import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Spinner } from '@/components/ui/spinner';
import { useSyncFailures } from '../api/get-sync-failures';

type SyncFailuresProps = { provider: ConnectorProvider; platform: string; failedCount: number };

/** "Show failed items": a disclosure that loads the items the last sync could not read only when opened. */
export function SyncFailures({ provider, platform, failedCount }: SyncFailuresProps) {
  const { t } = useTranslation('integrations');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Collapsible open={isOpen} onOpenChange={setIsOpen} className="grid gap-1">
      <CollapsibleTrigger asChild>
        <Button variant="link" size="sm" className="h-auto self-start p-0 text-xs">
          {isOpen ? t('failures.hide') : t('failures.show', { count: failedCount })}
          <ChevronDownIcon aria-hidden="true" className={isOpen ? 'rotate-180' : undefined} />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent>
        <FailureList provider={provider} platform={platform} />
      </CollapsibleContent>
    </Collapsible>
  );
}

function FailureList({ provider, platform }: { provider: ConnectorProvider; platform: string }) {
  const { t } = useTranslation('integrations');
  const failuresQuery = useSyncFailures({ provider });
  if (failuresQuery.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-xs">
        <Spinner />
        {t('failures.loading')}
      </p>
    );
  }
  if (failuresQuery.isError) {
    return (
      <p role="alert" className="text-destructive text-xs">
        {t('failures.loadError')}
      </p>
    );
  }
  if (failuresQuery.data.length === 0) return <p className="text-muted-foreground text-xs">{t('failures.empty')}</p>;
  return (
    <ul aria-label={t('failures.listLabel', { platform })} className="grid max-h-40 gap-1 overflow-y-auto text-xs">
      {failuresQuery.data.map((failure) => (
        <li key={failure.id} className="rounded border px-2 py-1">
          <span className="block truncate font-medium">{failure.name}</span>
          <span className="block text-muted-foreground">{failure.error}</span>
        </li>
      ))}
    </ul>
  );
}
