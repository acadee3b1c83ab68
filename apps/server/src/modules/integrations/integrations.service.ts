import {
  CONNECTOR_PROVIDERS,
  type ConnectorProvider,
  type IntegrationList,
  PROVIDER_CREDENTIAL_VARIABLES,
  type SyncFailureList,
} from '@lumen/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config, ConnectorsConfig } from '../../config.ts';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Actor } from '../../platform/request-user.ts';
import { createSecretBox, type SecretBox } from '../../platform/secrets.ts';
import { deleteSourceDocuments } from '../documents/index.ts';
import type { IndexFollowUps } from '../search/index.ts';
import type { ConnectorDriver, ConnectorRegistry } from './connector-driver.ts';
import { platformEvent } from './events.ts';
import { integrationAudit } from './integration-audit.ts';
import {
  deleteConnection,
  findConnection,
  findLastRunFailures,
  listConnectionSummaries,
  listSyncableConnectionIds,
} from './integrations.repository.ts';

export interface IntegrationsDeps {
  db: Database;
  connectors: ConnectorsConfig;
  secrets: SecretBox;
  drivers: ConnectorRegistry;
}

/** How the sync waits and retries; tests make the waits instant. */
export interface SyncSettings {
  /** The longest Retry-After the sync honours, in seconds (a provider may ask for minutes). */
  retryAfterCapSeconds: number;
  /** Tries of one provider call that failed with 429, 5xx or a network error, after the first. */
  maxRetries: number;
  /** A running run whose heartbeat is older than this was left by a process that died. */
  staleRunMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  retryAfterCapSeconds: 30,
  maxRetries: 3,
  staleRunMs: 10 * 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Everything the connect flow and the sync use, built once per app. */
export interface IntegrationsRuntime extends IntegrationsDeps {
  appUrl: string;
  jobs: JobQueue;
  realtime: Realtime;
  log: FastifyBaseLogger;
  sync: SyncSettings;
  /** What indexing a synced file sets in motion, as for uploads: its vectors and PGlite's index maintenance. */
  indexFollowUps: IndexFollowUps;
}

export const SYNC_JOB = 'integrations.sync';

export function createIntegrationsRuntime(
  app: FastifyInstance,
  input: { config: Config; drivers: ConnectorRegistry; sync?: Partial<SyncSettings> },
): IntegrationsRuntime {
  return {
    db: app.database.db,
    connectors: input.config.connectors,
    secrets: createSecretBox(input.config.SECRET_KEY),
    drivers: input.drivers,
    appUrl: input.config.APP_URL,
    jobs: app.jobs,
    realtime: app.realtime,
    log: app.log.child({ module: 'integrations' }),
    sync: { ...DEFAULT_SYNC_SETTINGS, ...input.sync },
    indexFollowUps: { jobs: app.jobs, database: app.database, embeddings: app.embeddings },
  };
}

/** The provider's driver when the provider can be connected: configured on this server and a driver exists. */
export function connectableDriver(
  deps: Pick<IntegrationsDeps, 'connectors' | 'drivers'>,
  provider: ConnectorProvider,
): ConnectorDriver | null {
  const driver = deps.drivers.get(provider);
  if (!driver || !configuredProviders(deps.connectors)[provider] || !driver.isConfigured()) return null;
  return driver;
}

/** Which providers the server holds client credentials for. */
export function configuredProviders(connectors: ConnectorsConfig): Record<ConnectorProvider, boolean> {
  return {
    'google-drive': connectors.googleDrive !== null,
    onedrive: connectors.onedrive !== null,
    dropbox: connectors.dropbox !== null,
    slack: connectors.slack !== null,
    notion: connectors.notion !== null,
    confluence: connectors.confluence !== null,
  };
}

/** Every provider for the signed-in user: configured, connected, and what the last syncs did. Never a token. */
export async function listIntegrations(
  deps: Pick<IntegrationsDeps, 'db' | 'connectors' | 'drivers'>,
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
        configured: connectableDriver(deps, provider) !== null,
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
 * Removes the user's connection to the provider with its stored tokens and sync runs, and the documents its syncs
 * brought in (they leave search, the assistant and the asset list). The grant is revoked at the provider first where
 * the driver can (best effort). Only the user's own: another user's connection is as absent as none (404).
 */
export async function disconnectIntegration(
  rt: Pick<IntegrationsRuntime, 'db' | 'secrets' | 'drivers' | 'realtime' | 'log'>,
  actor: Actor,
  provider: ConnectorProvider,
): Promise<void> {
  const { userId } = actor;
  const connection = await findConnection(rt.db, userId, provider);
  if (!connection) throw AppError.of('INTEGRATION_NOT_CONNECTED');
  const driver = rt.drivers.get(provider);
  const sealed = connection.encryptedRefreshToken ?? connection.encryptedAccessToken;
  if (driver?.revoke && sealed) {
    try {
      await driver.revoke(rt.secrets.decrypt(sealed));
    } catch (error) {
      // Only the error's kind and message: a driver's message never holds the token, the error object might.
      rt.log.warn({ provider, reason: error instanceof Error ? error.message : 'unknown' }, 'revoke failed');
    }
  }
  const isDeleted = await rt.db.transaction(async (tx) => {
    if (!(await deleteConnection(tx, userId, provider))) return false;
    await deleteSourceDocuments(tx, { ownerId: userId, source: provider });
    const audit = integrationAudit(connection, 'integration_disconnect', {
      actor,
      accountEmail: connection.accountEmail,
    });
    await writeAuditEntry(tx, audit.actor, audit.entry);
    return true;
  });
  if (!isDeleted) throw AppError.of('INTEGRATION_NOT_CONNECTED');
  await rt.realtime.publishToUser(userId, platformEvent('platform_disconnected', provider, { connected: false }));
}

/** The connected connection of the user, or INTEGRATION_NOT_CONNECTED (another user's is as absent as none). */
async function requireConnection(db: Database, userId: string, provider: ConnectorProvider) {
  const connection = await findConnection(db, userId, provider);
  if (!connection) throw AppError.of('INTEGRATION_NOT_CONNECTED');
  return connection;
}

/**
 * Queues a sync of the user's connection now (POST /:provider/sync). A connection waiting to be connected again
 * cannot sync (INTEGRATION_NEEDS_RECONNECT). `queued` is false when one was already waiting.
 */
export async function requestSync(
  rt: Pick<IntegrationsRuntime, 'db' | 'jobs'>,
  userId: string,
  provider: ConnectorProvider,
): Promise<{ queued: boolean }> {
  const connection = await requireConnection(rt.db, userId, provider);
  if (connection.status === 'needs_reconnect') throw AppError.of('INTEGRATION_NEEDS_RECONNECT');
  return { queued: await enqueueSync(rt, connection.id) };
}

export async function enqueueSync(rt: Pick<IntegrationsRuntime, 'jobs'>, connectionId: string): Promise<boolean> {
  return (await rt.jobs.enqueue(SYNC_JOB, { connectionId }, { isUnique: true, maxAttempts: 3 })) !== null;
}

/** Queues a sync of every connection that can sync (the schedule); an already waiting one is not queued twice. */
export async function enqueueScheduledSyncs(rt: Pick<IntegrationsRuntime, 'db' | 'jobs'>): Promise<number> {
  let queued = 0;
  for (const connectionId of await listSyncableConnectionIds(rt.db)) {
    if (await enqueueSync(rt, connectionId)) queued += 1;
  }
  return queued;
}

/** The items the last sync of the user's connection could not read. */
export async function listSyncFailures(
  db: Database,
  userId: string,
  provider: ConnectorProvider,
): Promise<SyncFailureList> {
  const connection = await requireConnection(db, userId, provider);
  return { failures: await findLastRunFailures(db, connection.id) };
}
