import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalysisReply } from './text-analysis-protocol.ts';

/**
 * Passage analysis on a second core (ADR 0095). On the embedded database the indexing statement spent about 40% of
 * its time in `to_tsvector`, on the one thread that also runs every other query. A worker thread with its own
 * in-memory PGlite (the same build, so the same parser, dictionaries and stemmer as the queries meet) computes the
 * vectors while the database indexes the batch before; the statement then only reads them. Whenever the worker cannot
 * answer (still starting, failed to start, died, or refused the text) the answer is null and the statement analyses
 * the text itself, exactly as before: the worker saves time, it never decides what is indexed.
 */

/** A worker that died this many times is not started again: the statement analyses everything itself. */
const MAX_WORKER_STARTS = 3;

/**
 * The worker's module is TypeScript, like the app; a worker does not inherit the app's loader, and Node 20 does not
 * apply `--import` hooks to a worker's entry, so a small script registers tsx and imports it.
 */
function workerBootstrap(): string {
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/package.json')
    .replace(/package\.json$/, 'dist/esm/api/index.mjs');
  const entry = new URL('./text-analysis-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
}

class TextAnalyzer {
  private worker: Worker | null = null;
  private isReady = false;
  /** Settles when the running worker answers (true) or ends before it does (false). */
  private ready: Promise<boolean> | null = null;
  private markReady: ((isReady: boolean) => void) | null = null;
  private starts = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, (vectors: string[] | null) => void>();

  /** The tsvector text of each `title || ' ' || text`, in order, or null when the worker cannot say now. */
  analyze(titles: string[], texts: string[]): Promise<string[] | null> {
    if (texts.length === 0) return Promise.resolve([]);
    const worker = this.worker;
    if (!worker || !this.isReady) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      // Held while a request is out, so a script awaiting only this answer does not end; idle, it never holds the
      // process.
      worker.ref();
      worker.postMessage({ id, titles, texts });
    });
  }

  /** Starts the worker if it is not running; resolves when it answers (true) or cannot start (false). */
  whenReady(): Promise<boolean> {
    if (!this.worker) this.start();
    return this.ready ?? Promise.resolve(false);
  }

  private start(): void {
    if (this.starts >= MAX_WORKER_STARTS) return;
    this.starts += 1;
    try {
      const worker = new Worker(workerBootstrap(), { eval: true });
      worker.unref();
      worker.on('message', (reply: AnalysisReply) => {
        if ('ready' in reply) this.setReady(worker, true);
        else this.settle(reply.id, 'vectors' in reply ? reply.vectors : null);
      });
      worker.on('error', () => this.drop(worker));
      worker.on('exit', () => this.drop(worker));
      this.worker = worker;
      this.isReady = false;
      this.ready = new Promise((resolve) => {
        this.markReady = resolve;
      });
    } catch {
      this.ready = null;
    }
  }

  private setReady(worker: Worker, isReady: boolean): void {
    if (this.worker !== worker) return;
    this.isReady = isReady;
    this.markReady?.(isReady);
    this.markReady = null;
  }

  private settle(id: number, vectors: string[] | null): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker?.unref();
    resolve?.(vectors);
  }

  private drop(worker: Worker): void {
    if (this.worker !== worker) return;
    this.setReady(worker, false);
    this.worker = null;
    this.ready = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, null);
  }
}

const analyzer = new TextAnalyzer();

/**
 * The terms of passages about to be indexed (each `title || ' ' || text` as the indexing statement reads it), as
 * tsvector text, computed on the analysis worker; null when it cannot now (not started, still starting, gone), and
 * the statement then analyses the text.
 */
export function analyzePassages(titles: string[], texts: string[]): Promise<string[] | null> {
  return analyzer.analyze(titles, texts);
}

/**
 * Starts the analysis worker (the app does at boot on the embedded database, so it is ready before the first
 * ingestion: starting takes a few seconds); resolves true once it answers, false if it cannot start.
 */
export function startTextAnalysis(): Promise<boolean> {
  return analyzer.whenReady();
}
