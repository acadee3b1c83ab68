import type { ConnectorProvider, Integration, RealtimeEvent } from '@lumen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import { integrationKeys } from '../api/keys';

type IntegrationEvent = Extract<RealtimeEvent, { platform: unknown }>;

type UseIntegrationEventsOptions = {
  /** The server says the provider is connected. */
  onConnected: (provider: ConnectorProvider) => void;
  /** Connecting failed; `error` is the server's text for the user, when it sent one. */
  onConnectionError: (provider: ConnectorProvider, error: string | undefined) => void;
  onSyncError: (provider: ConnectorProvider) => void;
};

function setSyncing(integrations: Integration[] | undefined, provider: ConnectorProvider, syncing: boolean) {
  return integrations?.map((integration) =>
    integration.provider === provider ? { ...integration, syncing } : integration,
  );
}

/**
 * The integration events the server pushes over the app's realtime connection (spec 000 section 4): each sets its card
 * at once (syncing on and off) and re-reads the list for the rest (counts, account, last sync).
 */
export function useIntegrationEvents({ onConnected, onConnectionError, onSyncError }: UseIntegrationEventsOptions) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (!('platform' in event)) return;
    const integrationEvent: IntegrationEvent = event;
    const provider = integrationEvent.platform;
    switch (integrationEvent.type) {
      case 'platform_connected':
        onConnected(provider);
        break;
      case 'platform_connection_error':
        onConnectionError(provider, integrationEvent.error ?? integrationEvent.message);
        break;
      case 'sync_started':
        queryClient.setQueryData(integrationKeys.list, (data: Integration[] | undefined) =>
          setSyncing(data, provider, true),
        );
        break;
      case 'sync_completed':
        queryClient.setQueryData(integrationKeys.list, (data: Integration[] | undefined) =>
          setSyncing(data, provider, false),
        );
        break;
      case 'sync_error':
        queryClient.setQueryData(integrationKeys.list, (data: Integration[] | undefined) =>
          setSyncing(data, provider, false),
        );
        onSyncError(provider);
        break;
      case 'platform_status_changed':
        if (integrationEvent.connected === true) onConnected(provider);
        break;
      case 'platform_disconnected':
        break;
    }
    void queryClient.invalidateQueries({ queryKey: integrationKeys.list });
    if (integrationEvent.type === 'sync_completed' || integrationEvent.type === 'sync_error') {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.failures(provider) });
    }
  });
}
