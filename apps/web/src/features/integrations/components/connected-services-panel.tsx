import { CONNECTOR_PROVIDERS, type ConnectorProvider, type Integration } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useDisconnectIntegration } from '../api/disconnect-integration';
import { useIntegrations } from '../api/get-integrations';
import { integrationKeys } from '../api/keys';
import { useSyncIntegration } from '../api/sync-integration';
import { type PopupTimers, useConnectPopup } from '../hooks/use-connect-popup';
import { useIntegrationEvents } from '../hooks/use-integration-events';
import { getCardState, isConnectedNow } from '../utils/card-state';
import { getProviderName } from '../utils/providers';
import { CustomRequestCard } from './custom-request-card';
import { IntegrationCard } from './integration-card';

export type ConnectedServicesPanelProps = {
  /** Connecting needs a signed-in user (spec 000 section 5). */
  isSignedIn: boolean;
  /** For tests: the popup opener and the clock of the popup flow. */
  openWindow?: (url: string, target: string, features: string) => Window | null;
  timers?: PopupTimers;
  /** Only these providers' cards, without the custom request (a platform's own page, such as /notion). */
  providers?: readonly ConnectorProvider[];
};

function byProviderOrder(a: Integration, b: Integration): number {
  return CONNECTOR_PROVIDERS.indexOf(a.provider) - CONNECTOR_PROVIDERS.indexOf(b.provider);
}

/**
 * The body of the connected-services dialog: one card per provider the server lists, then the custom request. Owns
 * the popup flow, the status poll and the realtime events, and reports failures as toasts (spec 000 section 8).
 */
export function ConnectedServicesPanel({ isSignedIn, openWindow, timers, providers }: ConnectedServicesPanelProps) {
  const { t } = useTranslation('integrations');
  const { errorText } = useServerErrorText();
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: integrationKeys.list });

  const showConnectionFailed = (provider: ConnectorProvider, error: string | undefined) => {
    // One toast per provider: the popup and the server push may both report the same failure.
    toast.error(t('toasts.connectionFailed'), {
      id: `integration-connect-failed-${provider}`,
      description: error || t('toasts.couldNotConnect', { platform: getProviderName(provider) }),
    });
  };
  const showSyncFailed = () =>
    toast.error(t('toasts.syncFailed'), {
      id: 'integration-sync-failed',
      description: t('toasts.syncFailedDescription'),
    });

  const popup = useConnectPopup({
    isSignedIn,
    openWindow,
    timers,
    onResult: (message) => {
      if (!message.ok) showConnectionFailed(message.provider, message.error);
      refreshList();
    },
    onPopupClosed: refreshList,
  });
  const { connectingProviders, stopConnecting } = popup;
  const integrationsQuery = useIntegrations({ isConnecting: connectingProviders.size > 0 });
  useIntegrationEvents({
    onConnected: stopConnecting,
    onConnectionError: (provider, error) => {
      stopConnecting(provider);
      showConnectionFailed(provider, error);
    },
    onSyncError: showSyncFailed,
  });

  // The status poll said connected: the attempt is over.
  const integrations = integrationsQuery.data;
  useEffect(() => {
    for (const integration of integrations ?? []) {
      if (connectingProviders.has(integration.provider) && isConnectedNow(integration)) {
        stopConnecting(integration.provider);
      }
    }
  }, [integrations, connectingProviders, stopConnecting]);

  const sync = useSyncIntegration({ onError: showSyncFailed });
  const disconnect = useDisconnectIntegration();

  const connect = (provider: ConnectorProvider) => {
    const outcome = popup.connect(provider);
    if (outcome === 'signed-out') {
      toast.error(t('toasts.authRequired'), { description: t('toasts.authRequiredDescription') });
    } else if (outcome === 'blocked') {
      toast.error(t('toasts.popupBlocked'));
    }
  };

  const disconnectProvider = async (provider: ConnectorProvider) => {
    try {
      await disconnect.mutateAsync(provider);
    } catch (error) {
      toast.error(t('toasts.disconnectFailed'), { description: errorText(error, t('toasts.couldNotDisconnect')) });
    }
  };

  if (integrationsQuery.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('loading')} className="size-6 text-muted-foreground" />
      </div>
    );
  }
  if (integrationsQuery.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{t('loadError')}</p>
        <Button size="sm" variant="outline" onClick={() => void integrationsQuery.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  return (
    <ul aria-label={t('listLabel')} className="grid max-h-[65vh] gap-3 overflow-y-auto sm:grid-cols-2">
      {[...integrationsQuery.data]
        .filter((integration) => !providers || providers.includes(integration.provider))
        .sort(byProviderOrder)
        .map((integration) => (
          <IntegrationCard
            key={integration.provider}
            integration={integration}
            state={getCardState(integration, connectingProviders.has(integration.provider))}
            onConnect={() => connect(integration.provider)}
            onSync={() => sync.mutate(integration.provider)}
            isSyncRequested={sync.isPending && sync.variables === integration.provider}
            onDisconnect={() => disconnectProvider(integration.provider)}
          />
        ))}
      {providers ? null : <CustomRequestCard />}
    </ul>
  );
}
