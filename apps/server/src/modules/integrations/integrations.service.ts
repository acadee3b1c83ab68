import {
  CONNECTOR_PROVIDERS,
  type ConnectorProvider,
  type IntegrationList,
  PROVIDER_CREDENTIAL_VARIABLES,
} from '@lumen/contract';
import type { ConnectorsConfig } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { ConnectorRegistry } from './connector-driver.ts';
import { deleteConnection, listConnectionSummaries } from './integrations.repository.ts';

export interface IntegrationsDeps {
  db: Database;
  connectors: ConnectorsConfig;
  secrets: SecretBox;
  drivers: ConnectorRegistry;
}

/** Which providers the server holds client credentials for; the ones without a driver yet have none. */
export function configuredProviders(connectors: ConnectorsConfig): Record<ConnectorProvider, boolean> {
  return {
    'google-drive': connectors.googleDrive !== null,
    onedrive: connectors.onedrive !== null,
    dropbox: connectors.dropbox !== null,
    slack: false,
    notion: false,
    confluence: false,
  };
}

/** Every provider for the signed-in user: configured, connected, and what the last syncs did. Never a token. */
export async function listIntegrations(
  deps: Pick<IntegrationsDeps, 'db' | 'connectors'>,
  userId: string,
): Promise<IntegrationList> {
  const configured = configuredProviders(deps.connectors);
  const connections = new Map(
    (await listConnectionSummaries(deps.db, userId)).map((connection) => [connection.provider, connection]),
  );
  return {
    integrations: CONNECTOR_PROVIDERS.map((provider) => {
      const connection = connections.get(provider);
      return {
        provider,
        configured: configured[provider],
        connected: connection !== undefined,
        status: connection?.status ?? null,
        account: connection ? { email: connection.accountEmail, name: connection.accountName } : null,
        lastSyncedAt: connection?.lastSyncedAt?.toISOString() ?? null,
        syncing: connection?.isSyncing ?? false,
        lastError: connection?.lastError ?? null,
        missingVariables: configured[provider] ? [] : [...PROVIDER_CREDENTIAL_VARIABLES[provider]],
        counts: {
          seen: connection?.itemsSeen ?? 0,
          indexed: connection?.itemsIndexed ?? 0,
          failed: connection?.itemsFailed ?? 0,
        },
      };
    }),
  };
}

/**
 * Removes the user's connection to the provider with its stored tokens and sync runs. Only the user's own: another
 * user's connection is as absent as none (404). The documents a sync brought in are removed by the sync slice (ADR 0080).
 */
export async function disconnectIntegration(db: Database, userId: string, provider: ConnectorProvider): Promise<void> {
  if (!(await deleteConnection(db, userId, provider))) throw AppError.of('INTEGRATION_NOT_CONNECTED');
}
