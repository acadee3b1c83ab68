import { createHash } from 'node:crypto';
import { PLATFORM_LABELS } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FailedSyncItem } from '../../db/schema/index.ts';
import {
  deleteSourceDocuments,
  deleteSyncedItem,
  deleteSyncedItemsNotListed,
  ExtractionError,
  extractPages,
  findSourceVersions,
  ingestText,
  markSyncedItemsListed,
  updateSyncedItemFields,
} from '../documents/index.ts';
import { scheduleIndexFollowUps } from '../search/index.ts';
import {
  type ChangePage,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type RemoteItem,
} from './connector-driver.ts';
import { platformEvent } from './events.ts';
import {
  type ConnectionRow,
  commitSyncPage,
  findConnectionById,
  finishSyncRun,
  type PageCounts,
  startSyncRun,
  touchSyncRun,
} from './integrations.repository.ts';
import type { IntegrationsRuntime } from './integrations.service.ts';
import { type ConnectionTokens, connectionTokens, ReconnectRequiredError } from './tokens.ts';

/** The types the sync reads (extract.ts); anything else is recorded as a failed item without being downloaded. */
const READABLE_TYPES = new Set([
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/html',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** For a listing that names no usable type (OneDrive and Dropbox may say octet-stream): the name's extension. */
const READABLE_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Google's own formats are exported by the driver to a readable type, so they are fetched. */
const EXPORTED_TYPE_PREFIX = 'application/vnd.google-apps.';

/** The larger files are not downloaded: the same limit as an upload. */
const MAX_ITEM_BYTES = 50 * 1024 * 1024;

export const SYNC_FAILED_MESSAGE = 'File synchronization failed.';

/**
 * How often a run moves its heartbeat while it handles items (each committed page moves it too). A run is taken for
 * dead after minutes without one, so an UPDATE per item (about 5% of a first sync's time) bought nothing.
 */
const HEARTBEAT_INTERVAL_MS = 5000;

function baseMimeType(mimeType: string | null): string | null {
  return mimeType ? (mimeType.split(';')[0] ?? '').trim().toLowerCase() || null : null;
}

function isReadable(mimeType: string | null): boolean {
  return mimeType !== null && READABLE_TYPES.has(mimeType);
}

/**
 * The type the sync reads an item as: its own when readable; else, when the type says nothing precise (none,
 * octet-stream, another text/*), the one its name's extension stands for; else its own (then it is not read).
 */
function readableType(mimeType: string | null, name: string): string | null {
  const base = baseMimeType(mimeType);
  if (isReadable(base)) return base;
  const isVague = base === null || base === 'application/octet-stream' || base.startsWith('text/');
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const byName = extension ? READABLE_BY_EXTENSION[extension] : undefined;
  return isVague && byName ? byName : base;
}

/** An item failed; the sync records it and goes on. */
class ItemError extends Error {}

/**
 * The `integrations.sync` job: one run of one connection. At most one runs per connection (`startSyncRun`); the feed
 * is read page by page from the stored cursor, and each handled page commits its cursor and counts in one transaction,
 * so a run that dies resumes where the last page ended (ingestion is idempotent per item). Failures of single items
 * are recorded on the run; a provider that keeps failing ends the run as failed (`sync_error`); a refused grant ends
 * it with the connection needing a reconnect.
 */
export interface RunSyncOptions {
  /**
   * The job's previous attempt was cut off (its process died, its lease ran out): a run still marked running is the
   * one it left, so it is taken over at once instead of after `staleRunMs`.
   */
  isTakingOver?: boolean;
  /** Aborted when the job was taken from this worker: the run stops without committing or finishing anything. */
  signal?: AbortSignal;
}

export async function runSync(
  rt: IntegrationsRuntime,
  connectionId: string,
  log: FastifyBaseLogger,
  options: RunSyncOptions = {},
): Promise<void> {
  const connection = await findConnectionById(rt.db, connectionId);
  if (!connection || connection.status === 'needs_reconnect') return;
  const driver = rt.drivers.get(connection.provider);
  if (!driver) {
    log.warn({ provider: connection.provider }, 'sync skipped: no driver for the provider');
    return;
  }
  const staleBefore = new Date(options.isTakingOver ? Date.now() : Date.now() - rt.sync.staleRunMs);
  const run = await startSyncRun(rt.db, connection.id, staleBefore);
  if (!run) {
    log.info({ connectionId }, 'sync skipped: another sync of this connection is running');
    return;
  }
  const provider = connection.provider;
  const publish = (event: Parameters<typeof platformEvent>[0], fields: Parameters<typeof platformEvent>[2] = {}) =>
    rt.realtime.publishToUser(connection.userId, platformEvent(event, provider, fields));
  await publish('sync_started', { message: `Syncing ${PLATFORM_LABELS[provider]}...` });

  const tokens = connectionTokens(rt, connection, driver);
  const identity = { ownerId: connection.userId, source: provider };
  let filesSynced = 0;
  const heartbeat = { at: Date.now() };
  try {
    let cursor = connection.cursor;
    // Set while a full listing runs: from the connection when the committed cursor continues one (a run that died
    // mid-listing resumes it, its earlier pages' stamps still count), else from the page that starts one.
    let listingStartedAt = connection.listingStartedAt;
    let hasRestarted = false;
    for (;;) {
      let page: ChangePage;
      try {
        page = await withRetries(rt, () => tokens.call((token) => driver.listChanges(token, cursor)));
      } catch (error) {
        if (!(error instanceof ConnectorCursorResetError) || cursor === null || hasRestarted) throw error;
        // The provider dropped the cursor: start over with a full listing, whose sweep finds what went meanwhile.
        log.info({ provider, reason: error.message }, 'sync restarts with a full listing: the cursor was reset');
        hasRestarted = true;
        cursor = null;
        // A listing the dead cursor was continuing is abandoned: only the new one's stamps count.
        listingStartedAt = null;
        continue;
      }
      if (page.startsFullListing) listingStartedAt = new Date();
      const counts = await syncPage(
        rt,
        { connection, driver, tokens, runId: run.id, heartbeat, signal: options.signal },
        page.items,
      );
      options.signal?.throwIfAborted();
      if (listingStartedAt) {
        // Stamped before the cursor moves on: a run that dies here lists this page again and stamps it again.
        const listedIds = page.items.filter((item) => !item.deleted).map((item) => item.id);
        await markSyncedItemsListed(rt.db, identity, listedIds, listingStartedAt);
        if (!page.hasMore) {
          // The listing is complete: what it did not report was deleted at the source while no cursor told us.
          const removed = await deleteSyncedItemsNotListed(rt.db, identity, listingStartedAt);
          if (removed > 0) log.info({ provider, removed }, 'full listing removed documents gone at the source');
        }
      }
      const isCommitted = await commitSyncPage(rt.db, {
        connectionId: connection.id,
        runId: run.id,
        cursor: page.nextCursor,
        counts,
        listingStartedAt: page.hasMore ? listingStartedAt : null,
      });
      if (!isCommitted) {
        // Disconnected meanwhile: what this page brought in goes too.
        await deleteSourceDocuments(rt.db, { ownerId: connection.userId, source: provider });
        return;
      }
      filesSynced += counts.indexed;
      heartbeat.at = Date.now();
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    await finishSyncRun(rt.db, {
      connectionId: connection.id,
      runId: run.id,
      error: null,
      connectionStatus: 'connected',
    });
    await publish('sync_completed', { files_synced: filesSynced, connected: true });
  } catch (error) {
    if (options.signal?.aborted) {
      // Another worker has the job and runs the connection's sync now: this run's state is its business.
      log.warn({ provider }, 'sync stopped: its job was taken over by another worker');
      return;
    }
    if (error instanceof ReconnectRequiredError) {
      // The connection is already `needs_reconnect` and its user was told (tokens.ts).
      await finishSyncRun(rt.db, {
        connectionId: connection.id,
        runId: run.id,
        error: error.message,
        connectionStatus: null,
      });
      return;
    }
    log.warn({ provider, reason: describe(error) }, 'sync failed');
    const message = `${SYNC_FAILED_MESSAGE} ${userFacingReason(error)}`.trim();
    await finishSyncRun(rt.db, {
      connectionId: connection.id,
      runId: run.id,
      error: message,
      connectionStatus: 'error',
    });
    await publish('sync_error', { error: message, files_synced: filesSynced });
  }
}

interface PageContext {
  connection: ConnectionRow;
  driver: ConnectorDriver;
  tokens: ConnectionTokens;
  runId: string;
  /** When the run's heartbeat was last moved (ms since the epoch). */
  heartbeat: { at: number };
  signal: AbortSignal | undefined;
}

/** Handles one page's items; a failed item is counted and recorded, and the page goes on. */
async function syncPage(rt: IntegrationsRuntime, context: PageContext, items: RemoteItem[]): Promise<PageCounts> {
  const { connection } = context;
  const identity = { ownerId: connection.userId, source: connection.provider };
  const versions = await findSourceVersions(
    rt.db,
    identity,
    items.filter((item) => !item.deleted).map((item) => item.id),
  );
  const counts: PageCounts = { seen: 0, indexed: 0, failed: [] };
  for (const item of items) {
    context.signal?.throwIfAborted();
    counts.seen += 1;
    if (item.deleted) {
      await deleteSyncedItem(rt.db, { ...identity, externalId: item.id, withDescendants: item.removesDescendants });
      continue;
    }
    const sharedWith = [...new Set(item.sharedWith.map((email) => email.toLowerCase()))];
    if (item.version !== null && versions.get(item.id) === item.version) {
      // Unchanged content: not fetched, but who may see it can have changed at the source.
      await updateSyncedItemFields(
        rt.db,
        { ...identity, externalId: item.id },
        { sharedWith, url: item.webUrl, modifiedAt: item.modifiedAt, teamId: connection.teamId },
      );
      continue;
    }
    try {
      await syncItem(rt, context, item, sharedWith);
      counts.indexed += 1;
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      counts.failed.push(failedItem(item, error.message));
    }
    if (Date.now() - context.heartbeat.at >= HEARTBEAT_INTERVAL_MS) {
      await touchSyncRun(rt.db, context.runId);
      context.heartbeat.at = Date.now();
    }
  }
  return counts;
}

function failedItem(item: RemoteItem, error: string): FailedSyncItem {
  return { id: item.id, name: item.name, error };
}

async function syncItem(
  rt: IntegrationsRuntime,
  { connection, driver, tokens }: PageContext,
  item: RemoteItem,
  sharedWith: string[],
): Promise<void> {
  const listedType = readableType(item.mimeType, item.name);
  const isExported = listedType?.startsWith(EXPORTED_TYPE_PREFIX) ?? false;
  if (!isExported && !isReadable(listedType)) {
    throw new ItemError(`Files of type ${listedType ?? 'unknown'} cannot be read.`);
  }
  if (item.size !== null && item.size > MAX_ITEM_BYTES) {
    throw new ItemError(`The file is larger than ${MAX_ITEM_BYTES / 1024 / 1024} MB.`);
  }
  let content: Awaited<ReturnType<ConnectorDriver['fetchContent']>>;
  try {
    content = await withRetries(rt, () => tokens.call((token) => driver.fetchContent(token, item)));
  } catch (error) {
    // A file the provider will not hand out (403, 404, 410) fails alone; throttling and outages fail the run.
    if (error instanceof ConnectorHttpError && !error.isRetryable) {
      throw new ItemError(`The file could not be downloaded (HTTP ${error.status}).`);
    }
    throw error;
  }
  const mimeType = readableType(content.mimeType, item.name);
  if (!isReadable(mimeType)) throw new ItemError(`Files of type ${mimeType ?? 'unknown'} cannot be read.`);
  let pages: Awaited<ReturnType<typeof extractPages>>;
  try {
    pages = await extractPages(content.content, mimeType ?? '');
  } catch (error) {
    throw new ItemError(error instanceof ExtractionError ? error.message : 'The file could not be read.');
  }
  const result = await ingestText(rt.db, {
    ownerId: connection.userId,
    source: connection.provider,
    externalId: item.id,
    title: item.name,
    mimeType,
    pages,
    contentHash: createHash('sha256').update(content.content).digest('hex'),
    teamId: connection.teamId,
    url: item.webUrl,
    modifiedAt: item.modifiedAt,
    sharedWith,
    sourceVersion: item.version,
  });
  if (result.isIndexed) await scheduleIndexFollowUps(rt.indexFollowUps, result.documentId);
}

/**
 * Runs a provider call again after a 429, a 5xx or a network failure: after the provider's Retry-After (capped), else
 * after a short growing pause, at most `maxRetries` more times. Other errors are thrown at once.
 */
export async function withRetries<T>(rt: Pick<IntegrationsRuntime, 'sync'>, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ConnectorHttpError) || !error.isRetryable || attempt >= rt.sync.maxRetries) throw error;
      const seconds = Math.min(rt.sync.retryAfterCapSeconds, error.retryAfterSeconds ?? 2 ** attempt);
      await rt.sync.sleep(seconds * 1000);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

/** A short reason for the card, from what the provider answered (never its body). */
function userFacingReason(error: unknown): string {
  if (error instanceof ConnectorCursorResetError)
    return 'The provider reset its list of changes; the next sync starts over.';
  if (error instanceof ConnectorHttpError) {
    if (error.status === 429) return 'The provider asked us to slow down; the next sync continues.';
    if (error.status === null) return 'The provider could not be reached.';
    return `The provider answered HTTP ${error.status}.`;
  }
  return '';
}
