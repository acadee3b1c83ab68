import {
  type ConnectionStatus,
  PLATFORM_LABELS,
  STORAGE_PROVIDERS,
  type StorageProvider,
  savedFileMimeType,
} from '@lumen/contract';
import { ConnectorHttpError, type RemoteItem } from './connector-driver.ts';
import { findConnection, listConnectionStatuses } from './integrations.repository.ts';
import { connectableDriver, enqueueSync, type IntegrationsRuntime } from './integrations.service.ts';
import { connectionTokens, RECONNECT_MESSAGE, ReconnectRequiredError } from './tokens.ts';

/**
 * What the assistant's save_to_storage tool uses of the integrations (ADR 0083): which stores the user has connected,
 * and saving one text file to one of them with that connection's tokens (refreshed, or `needs_reconnect`, as for a
 * sync). A saved file is not indexed here: the sync queued right after it brings it back like any other file.
 */

export interface StorageConnection {
  provider: StorageProvider;
  status: ConnectionStatus;
  /** The driver takes a folder path ('/Reports'); Google Drive's takes only a folder id. */
  acceptsFolderPaths: boolean;
}

/** How each driver's upload reads `folder` (drivers/*.ts). */
const ACCEPTS_FOLDER_PATHS: Record<StorageProvider, boolean> = {
  'google-drive': false,
  onedrive: true,
  dropbox: true,
};

export interface CloudFile {
  name: string;
  text: string;
  /** The provider's folder id or path; the store's root when null. */
  folder: string | null;
}

export type CloudSaveResult =
  | { status: 'saved'; name: string; url: string | null }
  | { status: 'not-connected' }
  | { status: 'needs-reconnect'; message: string }
  | { status: 'refused'; message: string };

export interface CloudFileStore {
  /** The user's connections to file stores this server can use, in STORAGE_PROVIDERS order. */
  listStorageConnections(userId: string): Promise<StorageConnection[]>;
  /** Uploads the file to the user's store and queues a sync of that connection. */
  saveFile(userId: string, provider: StorageProvider, file: CloudFile): Promise<CloudSaveResult>;
}

/** Words for the user: the status, never the provider's answer (it may quote the request). */
function describeRefusal(provider: StorageProvider, error: ConnectorHttpError): string {
  const label = PLATFORM_LABELS[provider];
  if (error.status === null) return `${label} could not be reached. Please try again later.`;
  if (error.status === 413) return `The file is too large for ${label}.`;
  if (error.status === 429) return `${label} asked us to slow down. Please try again in a moment.`;
  return `${label} did not accept the file (HTTP ${error.status}).`;
}

export function createCloudFileStore(
  rt: Pick<IntegrationsRuntime, 'db' | 'secrets' | 'realtime' | 'jobs' | 'log' | 'connectors' | 'drivers'>,
): CloudFileStore {
  return {
    async listStorageConnections(userId) {
      const rows = await listConnectionStatuses(rt.db, userId, STORAGE_PROVIDERS);
      return STORAGE_PROVIDERS.flatMap((provider) => {
        const row = rows.find((candidate) => candidate.provider === provider);
        // A connection this server can no longer use (its client removed from the config) cannot take a file.
        return row && connectableDriver(rt, provider)
          ? [{ provider, status: row.status, acceptsFolderPaths: ACCEPTS_FOLDER_PATHS[provider] }]
          : [];
      });
    },

    async saveFile(userId, provider, file) {
      const connection = await findConnection(rt.db, userId, provider);
      const driver = connectableDriver(rt, provider);
      // STORAGE_PROVIDERS holds only file stores, whose drivers all upload.
      const upload = driver?.upload?.bind(driver);
      if (!connection || !driver || !upload) return { status: 'not-connected' };
      if (connection.status === 'needs_reconnect') return { status: 'needs-reconnect', message: RECONNECT_MESSAGE };
      let saved: RemoteItem;
      try {
        saved = await connectionTokens(rt, connection, driver).call((accessToken) =>
          upload(accessToken, {
            name: file.name,
            content: Buffer.from(file.text, 'utf8'),
            mimeType: savedFileMimeType(file.name),
            folder: file.folder,
          }),
        );
      } catch (error) {
        // tokens.ts has marked the connection and told the user's screens.
        if (error instanceof ReconnectRequiredError) return { status: 'needs-reconnect', message: RECONNECT_MESSAGE };
        if (error instanceof ConnectorHttpError) {
          rt.log.warn({ provider, status: error.status, reason: error.message }, 'saving a file was refused');
          return { status: 'refused', message: describeRefusal(provider, error) };
        }
        throw error;
      }
      await enqueueSync(rt, connection.id);
      return { status: 'saved', name: saved.name, url: saved.webUrl };
    },
  };
}
