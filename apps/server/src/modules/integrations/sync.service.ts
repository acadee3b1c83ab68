import { createHash } from 'node:crypto';
import { PLATFORM_LABELS } from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FailedSyncItem } from '../../db/schema/index.ts';
import {
  deleteSourceDocuments,
  deleteSyncedItem,
  deleteSyncedItemsNotListed,
  ExtractionError,
  extractDocumentIsolated,
  findSourceVersions,
  type IngestTextInput,
  ingestTexts,
  isIngestFailure,
  joinPreparedTexts,
  markSyncedItemsListed,
  type PreparedTexts,
  prepareTexts,
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
import { integrationAudit } from './integration-audit.ts';
import {
  type ConnectionRow,
  commitSyncPage,
  findConnectionById,
  finishSyncRun,
  type PageCounts,
  replaceConnectionAccessGroups,
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

/**
 * Downloads and extractions in flight at once: a provider call mostly waits on the network, so a few in parallel keep
 * the indexer busy, far below what providers allow one user.
 */
const FETCH_CONCURRENCY = 6;

/**
 * A window of items is fetched together and then indexed in one ingestTexts call while the next window downloads.
 * It closes at this many items or this many listed bytes, so at most two windows of content are held at once however
 * large the page (an item of unknown size counts as 1 MB).
 */
const WINDOW_ITEMS = 256;
const WINDOW_BYTES = 32 * 1024 * 1024;
const UNKNOWN_ITEM_BYTES = 1024 * 1024;

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
    if (!(await refreshAccessGroups(rt, connection, driver, tokens))) return;
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
    await finishSyncRun(
      rt.db,
      { connectionId: connection.id, runId: run.id, error: null, connectionStatus: 'connected' },
      integrationAudit(connection, 'integration_sync', { filesSynced }),
    );
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
    await finishSyncRun(
      rt.db,
      { connectionId: connection.id, runId: run.id, error: message, connectionStatus: 'error' },
      integrationAudit(connection, 'integration_sync', { filesSynced, error: message }),
    );
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

/**
 * Handles one page's items. A run of listed items between deletions is fetched with FETCH_CONCURRENCY downloads in
 * flight and indexed window by window, the next window downloading while one is indexed; a deletion applies after the
 * items listed before it. A failed item is counted and recorded, and the page goes on.
 */
async function syncPage(rt: IntegrationsRuntime, context: PageContext, items: RemoteItem[]): Promise<PageCounts> {
  const { connection } = context;
  const identity = { ownerId: connection.userId, source: connection.provider };
  const counts: PageCounts = { seen: 0, indexed: 0, failed: [] };
  let listed: RemoteItem[] = [];
  for (const item of items) {
    context.signal?.throwIfAborted();
    counts.seen += 1;
    if (!item.deleted) {
      listed.push(item);
      continue;
    }
    await syncListedItems(rt, context, listed, counts);
    listed = [];
    await deleteSyncedItem(rt.db, { ...identity, externalId: item.id, withDescendants: item.removesDescendants });
  }
  await syncListedItems(rt, context, listed, counts);
  return counts;
}

/** An item fetched and extracted, ready to index, or the reason it cannot be. */
type FetchedItem = { item: RemoteItem; input: IngestTextInput } | { item: RemoteItem; failure: string };

/** A window's items as fetched, and the readable ones chunked and analysed, ready to index. */
interface FetchedWindow {
  fetched: FetchedItem[];
  prepared: PreparedTexts;
}

/** Emails and access-group keys alike are compared in lower case (the keys by `accessGroupKeysOf` too). */
function sharedWithOf(item: RemoteItem): string[] {
  return [...new Set(item.sharedWith.map((entry) => entry.toLowerCase()))];
}

/**
 * The access-group keys a driver reported that its provider may claim (ADR 0103): its own prefix and no `@`, so a
 * driver can never grant what an email or another source's group stands for. Lower case, as `sharedWithOf`.
 */
export function accessGroupKeysOf(provider: ConnectorDriver['provider'], keys: readonly string[]): string[] {
  const prefix = `${provider}:`;
  return [...new Set(keys.map((key) => key.toLowerCase()))].filter(
    (key) => key.startsWith(prefix) && key.length > prefix.length && !key.includes('@'),
  );
}

/**
 * Reads the access groups the connection's account holds at the source now and stores them in place of the last
 * sync's, before any document is handled: who may see teammates' documents follows the source at every sync. False when
 * the connection was removed meanwhile.
 */
async function refreshAccessGroups(
  rt: IntegrationsRuntime,
  connection: ConnectionRow,
  driver: ConnectorDriver,
  tokens: ConnectionTokens,
): Promise<boolean> {
  const listAccessGroups = driver.listAccessGroups?.bind(driver);
  if (!listAccessGroups) return true;
  const keys = await withRetries(rt, () => tokens.call((token) => listAccessGroups(token)));
  return replaceConnectionAccessGroups(rt.db, connection, accessGroupKeysOf(connection.provider, keys));
}

/**
 * Items listed as present: an unchanged version only updates who may see it; the others are fetched and indexed. An
 * item listed twice is handled once, as listed last.
 */
async function syncListedItems(
  rt: IntegrationsRuntime,
  context: PageContext,
  listed: RemoteItem[],
  counts: PageCounts,
): Promise<void> {
  if (listed.length === 0) return;
  const { connection } = context;
  const identity = { ownerId: connection.userId, source: connection.provider };
  const latest = new Map<string, RemoteItem>();
  for (const item of listed) {
    latest.delete(item.id);
    latest.set(item.id, item);
  }
  const items = [...latest.values()];
  const versions = await findSourceVersions(
    rt.db,
    identity,
    items.map((item) => item.id),
  );
  const toFetch: RemoteItem[] = [];
  for (const item of items) {
    if (item.version !== null && versions.get(item.id) === item.version) {
      // Unchanged content: not fetched, but who may see it can have changed at the source.
      await updateSyncedItemFields(
        rt.db,
        { ...identity, externalId: item.id },
        { sharedWith: sharedWithOf(item), url: item.webUrl, modifiedAt: item.modifiedAt, teamId: connection.teamId },
      );
      continue;
    }
    toFetch.push(item);
  }
  const windows = splitIntoWindows(toFetch);
  let next: Promise<FetchedWindow> | null = windows[0] ? fetchWindow(rt, context, windows[0]) : null;
  try {
    for (let index = 0; next; index += 1) {
      const fetched = await next;
      // Taken over by another worker: nothing more is indexed here.
      context.signal?.throwIfAborted();
      const following = windows[index + 1];
      next = following ? fetchWindow(rt, context, following) : null;
      // Awaited in the next turn (or below); marked handled now, as it may fail while this window is indexed.
      next?.catch(() => undefined);
      await indexWindow(rt, context, fetched, counts);
      if (Date.now() - context.heartbeat.at >= HEARTBEAT_INTERVAL_MS) {
        await touchSyncRun(rt.db, context.runId);
        context.heartbeat.at = Date.now();
      }
    }
  } finally {
    // The run fails: downloads still in flight end before it is closed.
    await next?.catch(() => undefined);
  }
}

/** Consecutive items in windows of at most WINDOW_ITEMS items and WINDOW_BYTES listed bytes (one larger item alone). */
function splitIntoWindows(items: RemoteItem[]): RemoteItem[][] {
  const windows: RemoteItem[][] = [];
  let current: RemoteItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = item.size ?? UNKNOWN_ITEM_BYTES;
    if (current.length > 0 && (current.length >= WINDOW_ITEMS || bytes + size > WINDOW_BYTES)) {
      windows.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) windows.push(current);
  return windows;
}

/**
 * Fetches and extracts a window's items, FETCH_CONCURRENCY at a time, in the window's order whatever order they
 * finish in, and prepares each readable one for indexing as soon as it is extracted: its passages go to the analysis
 * worker (ADR 0095) while the others download, so the window is ready when the one before is indexed (analysed only
 * at the end, the database waited for the worker). An item's own failure is recorded with it; an error that fails the
 * run (throttling or an outage after the retries, a refused grant) stops taking new items and is thrown once those in
 * flight have ended.
 */
async function fetchWindow(rt: IntegrationsRuntime, context: PageContext, items: RemoteItem[]): Promise<FetchedWindow> {
  const fetched: FetchedItem[] = new Array(items.length);
  const preparing: Array<Promise<PreparedTexts>> = new Array(items.length);
  const state: { next: number; runError: { error: unknown } | null } = { next: 0, runError: null };
  const work = async () => {
    while (state.runError === null && state.next < items.length && !context.signal?.aborted) {
      const index = state.next;
      state.next += 1;
      const item = items[index] as RemoteItem;
      try {
        const input = await fetchItem(rt, context, item);
        fetched[index] = { item, input };
        preparing[index] = prepareTexts(rt.db, [input]);
        // Awaited with the others below; marked handled now, as the window may still be downloading if it fails.
        preparing[index]?.catch(() => undefined);
      } catch (error) {
        if (!(error instanceof ItemError)) {
          state.runError ??= { error };
          return;
        }
        fetched[index] = { item, failure: error.message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, items.length) }, work));
  const prepared = joinPreparedTexts(await Promise.all(preparing.filter((entry) => entry !== undefined)));
  if (state.runError) throw state.runError.error;
  return { fetched, prepared };
}

/** What the user reads for a file the index refused (the database's own message stays in the log). */
const NOT_INDEXED_MESSAGE = 'The file could not be indexed.';

/** Indexes a fetched window in one ingestTexts call and records its outcomes in the window's order. */
async function indexWindow(
  rt: IntegrationsRuntime,
  { connection }: PageContext,
  { fetched, prepared }: FetchedWindow,
  counts: PageCounts,
): Promise<void> {
  const outcomes = await ingestTexts(rt.db, prepared);
  // Every document of the window refused points at the database rather than the files: the run fails, and the page
  // (its cursor not committed) is handled again by the next run.
  const [firstOutcome] = outcomes;
  if (firstOutcome && isIngestFailure(firstOutcome) && outcomes.every(isIngestFailure)) throw firstOutcome.error;
  const indexedIds: string[] = [];
  let position = 0;
  for (const entry of fetched) {
    if ('failure' in entry) {
      counts.failed.push(failedItem(entry.item, entry.failure));
      continue;
    }
    const outcome = outcomes[position];
    position += 1;
    if (!outcome || isIngestFailure(outcome)) {
      rt.log.warn(
        { provider: connection.provider, reason: describe(outcome?.error) },
        'a synced file could not be indexed',
      );
      counts.failed.push(failedItem(entry.item, NOT_INDEXED_MESSAGE));
      continue;
    }
    counts.indexed += 1;
    if (outcome.isIndexed) indexedIds.push(outcome.documentId);
  }
  await scheduleIndexFollowUps(rt.indexFollowUps, indexedIds);
}

function failedItem(item: RemoteItem, error: string): FailedSyncItem {
  return { id: item.id, name: item.name, error };
}

/** Downloads and extracts one item: what ingestTexts takes, or an ItemError when this item cannot be read. */
async function fetchItem(
  rt: IntegrationsRuntime,
  { connection, driver, tokens }: PageContext,
  item: RemoteItem,
): Promise<IngestTextInput> {
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
  let read: Awaited<ReturnType<typeof extractDocumentIsolated>>;
  try {
    read = await extractDocumentIsolated(content.content, mimeType ?? '');
  } catch (error) {
    throw new ItemError(error instanceof ExtractionError ? error.message : 'The file could not be read.');
  }
  return {
    ownerId: connection.userId,
    source: connection.provider,
    externalId: item.id,
    title: item.name,
    mimeType,
    ...read,
    contentHash: createHash('sha256').update(content.content).digest('hex'),
    teamId: connection.teamId,
    url: item.webUrl,
    modifiedAt: item.modifiedAt,
    sharedWith: sharedWithOf(item),
    sourceVersion: item.version,
  };
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
