import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '../db/schema/index.ts';
import { type Database, rowsOf } from './db.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface JobContext<P> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** When true, a failure now is final: the handler should record the outcome for the user. */
  isLastAttempt: boolean;
  log: FastifyBaseLogger;
}

export type JobHandler<P> = (job: JobContext<P>) => Promise<void>;

export interface EnqueueOptions {
  /** Enqueue inside this transaction; call `wake()` after it commits. */
  db?: Database;
  runAt?: Date;
  maxAttempts?: number;
  /** Skip (returning null) when a job of this kind with this payload is already waiting. */
  isUnique?: boolean;
}

export interface JobQueue {
  /** Adds a job; null when `isUnique` found the same job already waiting. */
  enqueue(kind: string, payload: JsonValue, options?: EnqueueOptions): Promise<number | null>;
  register<P>(kind: string, handler: JobHandler<P>): void;
  /** Look for due jobs now (called by `enqueue`; call it yourself after enqueueing inside a transaction). */
  wake(): void;
  /** Runs due jobs until none is left (tests). Jobs waiting for a retry later are not waited for. */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  start(): void;
  /** Stops polling and waits for the running job to finish. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How often to look for jobs enqueued elsewhere or due for a retry. */
  pollIntervalMs?: number;
  /** First retry delay; doubles with each attempt up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** A running job whose worker has not finished it after this long is handed out again. */
  lockTimeoutMs?: number;
  /** Finished jobs are deleted after this long. */
  keepDoneMs?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

const SWEEP_INTERVAL_MS = 60_000;

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * A job queue in PostgreSQL that runs the same on PGlite and a server. Each process polls for due jobs of the kinds it
 * has handlers for and claims one at a time with `FOR UPDATE SKIP LOCKED`, so several instances share the table
 * without taking the same job twice. Failures are retried with exponential backoff. Timers are unref'd: the queue never
 * keeps the process alive.
 */
export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10 * 60_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 15 * 60_000;
  const keepDoneMs = options.keepDoneMs ?? 7 * 24 * 60 * 60_000;
  const workerId = randomUUID();
  const handlers = new Map<string, JobHandler<unknown>>();
  const log = options.log;

  let isStarted = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pumping: Promise<void> | null = null;
  let isWakeRequested = false;
  let lastSweep = 0;

  const kindsList = (): SQL =>
    sql.join(
      [...handlers.keys()].map((kind) => sql`${kind}`),
      sql`, `,
    );

  async function claim(): Promise<ClaimedJob | null> {
    if (handlers.size === 0) return null;
    const result = await db.execute(sql`
      UPDATE ${jobs}
      SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}, updated_at = now()
      WHERE id = (
        SELECT id FROM ${jobs}
        WHERE status = 'pending' AND run_at <= now() AND kind IN (${kindsList()})
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts AS "maxAttempts"`);
    const [row] = rowsOf<ClaimedJob>(result);
    return row ? { ...row, id: Number(row.id) } : null;
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    const jobLog = log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempts } });
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler({
        id: job.id,
        kind: job.kind,
        payload: job.payload,
        attempt: job.attempts,
        isLastAttempt: job.attempts >= job.maxAttempts,
        log: jobLog,
      });
      await db.execute(sql`
        UPDATE ${jobs} SET status = 'done', last_error = NULL, finished_at = now(), updated_at = now()
        WHERE id = ${job.id}`);
    } catch (error) {
      const message = describeError(error);
      if (job.attempts >= job.maxAttempts) {
        jobLog.error({ err: error }, 'job failed for good');
        await db.execute(sql`
          UPDATE ${jobs} SET status = 'failed', last_error = ${message}, finished_at = now(), updated_at = now()
          WHERE id = ${job.id}`);
      } else {
        const delayMs = Math.min(maxRetryDelayMs, retryBaseMs * 2 ** (job.attempts - 1));
        jobLog.warn({ err: error, retryInMs: delayMs }, 'job failed, will retry');
        await db.execute(sql`
          UPDATE ${jobs}
          SET status = 'pending', last_error = ${message}, locked_at = NULL, locked_by = NULL, updated_at = now(),
              run_at = now() + ${delayMs} * interval '1 millisecond'
          WHERE id = ${job.id}`);
      }
    }
  }

  /** Hands out again jobs whose worker vanished, and forgets old finished ones. */
  async function sweep(): Promise<void> {
    lastSweep = Date.now();
    await db.execute(sql`
      UPDATE ${jobs} SET status = 'pending', locked_at = NULL, locked_by = NULL, updated_at = now()
      WHERE status = 'running' AND locked_at < now() - ${lockTimeoutMs} * interval '1 millisecond'`);
    await db.execute(sql`
      DELETE FROM ${jobs} WHERE status = 'done' AND finished_at < now() - ${keepDoneMs} * interval '1 millisecond'`);
  }

  async function pumpOnce(): Promise<void> {
    if (Date.now() - lastSweep > SWEEP_INTERVAL_MS) await sweep();
    while (!isStopped) {
      const job = await claim();
      if (!job) return;
      await run(job);
    }
  }

  function schedule(): void {
    if (isStopped || !isStarted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      pump();
    }, pollIntervalMs);
    timer.unref();
  }

  /** Runs due jobs one after another; a wake-up during a run makes it look again before it rests. */
  function pump(): Promise<void> {
    if (isStopped) return Promise.resolve();
    if (pumping) {
      isWakeRequested = true;
      return pumping;
    }
    pumping = (async () => {
      try {
        do {
          isWakeRequested = false;
          await pumpOnce();
        } while (isWakeRequested && !isStopped);
      } catch (error) {
        if (!isStopped) log.error({ err: error }, 'job queue poll failed');
      } finally {
        pumping = null;
        schedule();
      }
    })();
    return pumping;
  }

  async function countDue(): Promise<number> {
    if (handlers.size === 0) return 0;
    const result = await db.execute(sql`
      SELECT count(*)::int AS count FROM ${jobs}
      WHERE kind IN (${kindsList()}) AND (status = 'running' OR (status = 'pending' AND run_at <= now()))`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  function wake(): void {
    if (!isStarted || isStopped) return;
    setImmediate(() => void pump());
  }

  return {
    async enqueue(kind, payload, enqueueOptions = {}) {
      const target = enqueueOptions.db ?? db;
      const runAt = enqueueOptions.runAt ?? null;
      const maxAttempts = enqueueOptions.maxAttempts ?? null;
      const json = JSON.stringify(payload);
      const result = await target.execute(sql`
        INSERT INTO ${jobs} (kind, payload, run_at, max_attempts)
        SELECT ${kind}, ${json}::jsonb, coalesce(${runAt?.toISOString() ?? null}::timestamptz, now()),
               coalesce(${maxAttempts}::int, 5)
        WHERE NOT ${enqueueOptions.isUnique ?? false}::boolean OR NOT EXISTS (
          SELECT 1 FROM ${jobs} WHERE kind = ${kind} AND status = 'pending' AND payload = ${json}::jsonb
        )
        RETURNING id`);
      const [row] = rowsOf<{ id: number | string }>(result);
      if (!row) return null;
      if (!enqueueOptions.db) wake();
      return Number(row.id);
    },

    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
      handlers.set(kind, handler as JobHandler<unknown>);
    },

    wake,

    async drain({ timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await pump();
        if ((await countDue()) === 0 && !pumping) return;
        if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    start() {
      if (isStarted || isStopped) return;
      isStarted = true;
      void pump();
    },

    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await pumping;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`. Modules register their handlers while the app loads; polling starts when the app is ready and
 * stops (after the running job) when it closes, before the database does.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: Omit<JobQueueOptions, 'log'> = {}) => {
    const queue = createJobQueue(app.database.db, { ...options, log: app.log.child({ module: 'jobs' }) });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => queue.start());
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
