import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatDocumentFailure } from '@lumen/contract/document-failures';
import { type Chunk, chunkPages, type ExtractedPage } from './chunk.ts';
import { ExtractionError, type ExtractOptions, extractPages, TOO_COMPLEX_REASON } from './extract.ts';

/**
 * Extraction on worker threads (ADR 0110). Parsing a document is synchronous work of unbounded size (a DOCX that
 * expands to 300 MB of XML held the event loop for seconds and took a gigabyte), so it runs on a small pool of workers,
 * each with its own heap limit, and a document that takes longer than the time limit has its worker terminated. Either
 * way the document fails with a reason and the server goes on; a lost worker is replaced by the next document.
 */

export interface ExtractionPoolOptions {
  /** Workers running at once; 1 on a 2-core machine (the main thread needs the other core). */
  size?: number;
  /** A worker's V8 heap (old generation) in MB; a document that needs more fails as too complex. */
  maxHeapMb?: number;
  /** Wall-clock time a document may take on its worker (starting the worker included). */
  timeoutMs?: number;
  /** A worker idle this long is ended (it holds the parsers' memory); the next document starts one again. */
  idleMs?: number;
}

export interface IsolatedExtractOptions extends ExtractOptions {
  /** Overrides the pool's time limit for this document. */
  timeoutMs?: number;
}

/** A document for the worker: its bytes are transferred, not copied, to it. */
export interface ExtractionRequest {
  id: number;
  content: ArrayBuffer;
  mimeType: string;
  options: ExtractOptions;
}

/** A document read: its pages and its passages (chunked on the worker too, ADR 0110). */
export interface ExtractedDocument {
  pages: ExtractedPage[];
  chunks: Chunk[];
}

/**
 * More passages than any real document has (a 2,000-page PDF makes about 6,000); text without sentence breaks chunked
 * into tens of thousands held a thread for half a minute and filled the index.
 */
export const MAX_PASSAGES = 20_000;
export const TOO_MANY_PASSAGES_REASON = formatDocumentFailure('tooManyPassages', {
  passages: MAX_PASSAGES.toLocaleString('en-US'),
});

/** Pages and passages of extracted text, or the refusal of a document with too many passages. */
export function chunkExtractedPages(pages: ExtractedPage[]): ExtractedDocument {
  const chunks = chunkPages(pages);
  if (chunks.length > MAX_PASSAGES) throw new ExtractionError(TOO_MANY_PASSAGES_REASON);
  return { pages, chunks };
}

export type ExtractionReply =
  | { ready: true }
  | ({ id: number } & ExtractedDocument)
  /** The file's own fault, shown on the document (an ExtractionError). */
  | { id: number; refusal: string }
  | { id: number; error: string };

const DEFAULTS = {
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxHeapMb: 256,
  timeoutMs: 60_000,
  idleMs: 60_000,
} satisfies Required<ExtractionPoolOptions>;

/** Small text files are read in place: a worker's round trip would cost them more than their reading. */
const IN_PLACE_TYPES = new Set(['text/plain', 'text/markdown']);
const IN_PLACE_MAX_BYTES = 256 * 1024;

/** What a person reads when reading a file took longer than the time limit. */
export const TOO_SLOW_REASON = formatDocumentFailure('tooSlow');
const CRASHED_REASON = formatDocumentFailure('crashed');

/**
 * The worker's module is TypeScript, like the app; Node 20 does not apply `--import` hooks to a worker's entry, so a
 * small script registers tsx and imports it (as the text analysis worker does, ADR 0095).
 */
function workerBootstrap(): string {
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const entry = new URL('./extraction-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
}

interface Task {
  id: number;
  content: Buffer;
  mimeType: string;
  options: IsolatedExtractOptions;
  resolve(document: ExtractedDocument): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its module: a death after this is the document's doing, before it the worker's. */
  isReady: boolean;
  task: Task | null;
  deadline: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

export class ExtractionPool {
  private readonly settings: Required<ExtractionPoolOptions>;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;

  constructor(options: ExtractionPoolOptions = {}) {
    this.settings = { ...DEFAULTS, ...options };
  }

  /**
   * The pages and passages of a document, read on a worker; rejects with an ExtractionError for what the file itself
   * causes.
   */
  extract(content: Buffer, mimeType: string, options: IsolatedExtractOptions = {}): Promise<ExtractedDocument> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, content, mimeType, options, resolve, reject });
      this.dispatch();
    });
  }

  /** Workers running now (for tests: a lost worker is replaced, an idle one ended). */
  get workerCount(): number {
    return this.slots.size;
  }

  /**
   * Ends every worker; documents waiting or running are rejected with a plain error (their job is retried later).
   * The pool stays usable: the next document starts a worker again.
   */
  async close(): Promise<void> {
    const stopped = new Error('Extraction was stopped: the server is shutting down.');
    for (const task of this.queue.splice(0)) task.reject(stopped);
    await Promise.all([...this.slots].map((slot) => this.end(slot, stopped)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((candidate) => candidate.task === null) ?? this.startIfRoom();
      const task = slot ? this.queue.shift() : undefined;
      if (!slot || !task) return;
      this.run(slot, task);
    }
  }

  private startIfRoom(): Slot | null {
    if (this.slots.size >= this.settings.size) return null;
    const worker = new Worker(workerBootstrap(), {
      eval: true,
      resourceLimits: {
        maxOldGenerationSizeMb: this.settings.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(this.settings.maxHeapMb / 8))),
      },
    });
    // Idle, a worker never holds the process open; it is held while it works on a document.
    worker.unref();
    const slot: Slot = { worker, isReady: false, task: null, deadline: null, idleTimer: null };
    worker.on('message', (reply: ExtractionReply) => this.receive(slot, reply));
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', () => this.lose(slot, null));
    this.slots.add(slot);
    return slot;
  }

  private run(slot: Slot, task: Task): void {
    slot.task = task;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.worker.ref();
    // A copy the worker owns: the caller's buffer may be a view of a shared pool, or still be needed (its hash).
    const content = new Uint8Array(task.content.byteLength);
    content.set(task.content);
    const { timeoutMs = this.settings.timeoutMs, ...options } = task.options;
    const request: ExtractionRequest = { id: task.id, content: content.buffer, mimeType: task.mimeType, options };
    slot.worker.postMessage(request, [content.buffer]);
    slot.deadline = setTimeout(() => void this.end(slot, new ExtractionError(TOO_SLOW_REASON)), timeoutMs);
  }

  private receive(slot: Slot, reply: ExtractionReply): void {
    if ('ready' in reply) {
      slot.isReady = true;
      return;
    }
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    this.release(slot);
    if ('pages' in reply) task.resolve({ pages: reply.pages, chunks: reply.chunks });
    else if ('refusal' in reply) task.reject(new ExtractionError(reply.refusal));
    else task.reject(new Error(reply.error));
    this.dispatch();
  }

  /** The slot's document is done: it waits for the next, and ends when none comes for a while. */
  private release(slot: Slot): void {
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.deadline = null;
    slot.task = null;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.end(slot, null), this.settings.idleMs);
    slot.idleTimer.unref();
  }

  /** Terminates a worker; its document (if any) fails with `reason`. */
  private async end(slot: Slot, reason: Error | null): Promise<void> {
    const task = this.forget(slot);
    if (task) task.reject(reason ?? new Error('The extraction worker was ended.'));
    await slot.worker.terminate();
    this.dispatch();
  }

  /** The worker died (out of memory, crashed, failed to start): its document fails, the next starts a new one. */
  private lose(slot: Slot, error: Error | null): void {
    if (!this.slots.has(slot)) return;
    const wasReady = slot.isReady;
    const task = this.forget(slot);
    if (task) task.reject(lossReason(error, wasReady));
    this.dispatch();
  }

  private forget(slot: Slot): Task | null {
    if (!this.slots.delete(slot)) return null;
    if (slot.deadline) clearTimeout(slot.deadline);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = null;
    return task;
  }
}

/**
 * Why a lost worker's document failed. Out of memory, or a crash while it read the document, is the document's
 * doing and fails it for good; a worker that never loaded its module says nothing of the file, so the job is retried.
 */
function lossReason(error: Error | null, wasReady: boolean): Error {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new ExtractionError(TOO_COMPLEX_REASON);
  if (wasReady) return new ExtractionError(CRASHED_REASON);
  return new Error(`The extraction worker could not start: ${error?.message ?? 'it exited'}`);
}

const pool = new ExtractionPool();

/**
 * `extractPages` and chunking on a worker thread, within the worker's memory and time limits: what uploads and syncs
 * call, so no document can hold the server's event loop or memory. Small plain-text files are read in place.
 */
export async function extractDocumentIsolated(
  content: Buffer,
  mimeType: string,
  options: IsolatedExtractOptions = {},
): Promise<ExtractedDocument> {
  if (IN_PLACE_TYPES.has(mimeType) && content.length <= IN_PLACE_MAX_BYTES) {
    const { timeoutMs: _timeoutMs, ...extractOptions } = options;
    return chunkExtractedPages(await extractPages(content, mimeType, extractOptions));
  }
  return pool.extract(content, mimeType, options);
}

/** Ends the shared pool's workers (the app's onClose); a later document starts one again. */
export function closeExtractionPool(): Promise<void> {
  return pool.close();
}
