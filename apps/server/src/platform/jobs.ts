import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '../db/schema/index.ts';
import { type Database, isDatabaseUnavailable, rowsOf } from './db.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface JobContext<P> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  /** When true, a failure now is final: the handler should record the outcome for the user. */
  isLastAttempt: boolean;
  /**
   * True when the previous attempt never finished: its process died or its lease ran out. Work it left half done
   * (a sync run marked running) is this attempt's to take over.
   */
  wasInterrupted: boolean;
  /** Aborted when this worker lost the job's lease (another worker may have taken it): stop as soon as you can. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export type JobHandler<P> = (job: JobContext<P>) => Promise<void>;

export interface RegisterOptions<P> {
  /**
   * The lane the kind runs in. Each lane takes its own jobs (`laneConcurrency` at a time, 1 by default), so a long
   * job in one lane (a connector sync) never holds up the jobs of another (an upload's ingestion).
   */
  lane?: string;
  /**
   * Jobs of the lane that may run at once, unless the queue's `laneConcurrency` sets it: a lane of short interactive
   * jobs (answers someone waits for) runs several side by side.
   */
  concurrency?: number;
  /**
   * Called instead of the handler when the job's last attempt was interrupted (its process died or its lease ran
   * out), just before the job is marked failed: record the outcome for the user, as a handler does on its last attempt.
   */
  onAbandoned?: (job: Omit<JobContext<P>, 'isLastAttempt' | 'wasInterrupted' | 'signal'>) => Promise<void>;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction; call `wake()` after it commits. */
  db?: Database;
  runAt?: Date;
  maxAttempts?: number;
  /** Skip (returning null) when a job of this kind with this payload is already waiting. */
  isUnique?: boolean;
  /**
   * With `isUnique` and `runAt`: the job already waiting is moved to this `runAt` when that is later, though never to
   * more than this many ms after it was first enqueued. Work that follows a burst then runs once, after the burst, and
   * at least that often during a long one.
   */
  postponeUpToMs?: number;
  /**
   * Join a job of this kind that waits for its first attempt, whose payload differs only in the array under `key` and
   * has room for this one's items: the items are appended to it (its id is returned) instead of adding a job. Work
   * that arrives while the workers are busy is then done in batches that grow with the backlog, up to `maxItems`.
   */
  joinOn?: { key: string; maxItems: number };
}

export interface JobQueue {
  /** Adds a job; null when `isUnique` found the same job already waiting. */
  enqueue(kind: string, payload: JsonValue, options?: EnqueueOptions): Promise<number | null>;
  register<P>(kind: string, handler: JobHandler<P>, options?: RegisterOptions<P>): void;
  /** Look for due jobs now (called by `enqueue`; call it yourself after enqueueing inside a transaction). */
  wake(): void;
  /** Runs due jobs until none is left (tests). Jobs waiting for a retry later are not waited for. */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  start(): void;
  /** Stops polling and waits for the running jobs to finish. */
  stop(): Promise<void>;
  /** Calls `listener` each time a job of this instance has run (done, failed or put back for a retry). */
  onJobSettled(listener: () => void): void;
}

/** The queue's timings; defaults in `JOB_QUEUE_DEFAULTS`. */
export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How often to look for jobs enqueued elsewhere or due for a retry. */
  pollIntervalMs?: number;
  /** First retry delay; doubles with each attempt up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /**
   * How long a claimed job stays its worker's without news: the worker renews the lease every `heartbeatMs` while the
   * handler runs; a job whose lease ran out (its process died) is handed out again by the next sweep.
   */
  leaseMs?: number;
  heartbeatMs?: number;
  /** How often to hand out jobs whose lease ran out (and forget old finished ones). */
  sweepIntervalMs?: number;
  /** Finished jobs are deleted after this long. */
  keepDoneMs?: number;
  /**
   * True when no other process can work on this database (PGlite: one process owns the data folder). Every job found
   * running at start was then left by a dead process and is handed out again at once, without waiting for its lease.
   */
  isSoleWorker?: boolean;
  /** Jobs run at the same time per lane (lanes not listed: 1). */
  laneConcurrency?: Record<string, number>;
  /**
   * A PostgreSQL NOTIFY channel (a server shared by several instances): each enqueue notifies it, in the enqueuing
   * transaction so the notice leaves at its commit, and every instance listening wakes at once instead of at its next
   * poll. Absent on the embedded database, where the one process wakes itself.
   */
  notifyChannel?: string;
}

/** The channel the instances' job queues wake each other on (issue #13). */
export const JOBS_NOTIFY_CHANNEL = 'lumen_jobs';

export const JOB_QUEUE_DEFAULTS = {
  pollIntervalMs: 1000,
  retryBaseMs: 5000,
  maxRetryDelayMs: 10 * 60_000,
  // A dead worker's job is taken again at most leaseMs + sweepIntervalMs (25 s) after the crash (ADR 0090).
  leaseMs: 20_000,
  heartbeatMs: 5_000,
  sweepIntervalMs: 5_000,
  keepDoneMs: 7 * 24 * 60 * 60_000,
} as const;

/** How often finished jobs older than `keepDoneMs` are deleted. */
const CLEANUP_INTERVAL_MS = 60_000;

/** The lane of kinds registered without one. */
export const DEFAULT_LANE = 'default';

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** The worker that held the job before, when its attempt was cut off (a finished attempt clears it). */
  previousWorker: string | null;
}

interface Registration {
  handler: JobHandler<unknown>;
  onAbandoned: RegisterOptions<unknown>['onAbandoned'];
  lane: string;
}

interface Lane {
  kinds: string[];
  concurrency: number;
  running: Set<Promise<void>>;
  claiming: Promise<void> | null;
  isWakeRequested: boolean;
}

const INTERRUPTED_MESSAGE = 'Interrupted: the worker running this job stopped before finishing it.';

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * A job queue in PostgreSQL that runs the same on PGlite and a server. Each process polls for due jobs of the kinds it
 * has handlers for and claims them with `FOR UPDATE SKIP LOCKED`, so several instances share the table without taking
 * the same job twice. A claimed job is leased: its worker renews the lease while it runs, and a job whose worker died
 * is handed out again once the lease runs out (at once at start on PGlite). Failures are retried with exponential
 * backoff. Kinds run in lanes, each with its own concurrency. Timers are unref'd: the queue never keeps the process
 * alive.
 */
export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const settings = { ...JOB_QUEUE_DEFAULTS, ...definedOnly(options) };
  const { pollIntervalMs, retryBaseMs, maxRetryDelayMs, leaseMs, heartbeatMs, sweepIntervalMs, keepDoneMs } = settings;
  const workerId = randomUUID();
  const registrations = new Map<string, Registration>();
  const lanes = new Map<string, Lane>();
  const log = options.log;
  const settledListeners: Array<() => void> = [];

  let isStarted = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastSweep = 0;
  let lastCleanup = 0;
  let sweeping: Promise<void> | null = null;

  const kindsList = (kinds: string[]): SQL =>
    sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );

  /** The claim is ours while `locked_by` and `attempts` are those we set: a re-claim (even by us) changes attempts. */
  const isOurs = (job: ClaimedJob): SQL =>
    sql`id = ${job.id} AND status = 'running' AND locked_by = ${workerId} AND attempts = ${job.attempts}`;

  async function claim(kinds: string[]): Promise<ClaimedJob | null> {
    if (kinds.length === 0) return null;
    const result = await db.execute(sql`
      UPDATE ${jobs} AS job
      SET status = 'running', attempts = job.attempts + 1, locked_at = now(), locked_by = ${workerId},
          updated_at = now()
      FROM (
        SELECT id, locked_by FROM ${jobs}
        WHERE status = 'pending' AND run_at <= now() AND kind IN (${kindsList(kinds)})
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      ) AS due
      WHERE job.id = due.id
      RETURNING job.id, job.kind, job.payload, job.attempts, job.max_attempts AS "maxAttempts",
                due.locked_by AS "previousWorker"`);
    const [row] = rowsOf<ClaimedJob>(result);
    return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : null;
  }

  /** Marks the job finished, if it is still ours; false when its lease was lost meanwhile (someone else has it). */
  async function finish(job: ClaimedJob, status: 'done' | 'failed', lastError: string | null): Promise<boolean> {
    const result = await db.execute(sql`
      UPDATE ${jobs} SET status = ${status}, last_error = ${lastError}, finished_at = now(), updated_at = now()
      WHERE ${isOurs(job)}
      RETURNING id`);
    return rowsOf(result).length > 0;
  }

  async function retryLater(job: ClaimedJob, lastError: string, delayMs: number): Promise<boolean> {
    const result = await db.execute(sql`
      UPDATE ${jobs}
      SET status = 'pending', last_error = ${lastError}, locked_at = NULL, locked_by = NULL, updated_at = now(),
          run_at = now() + ${delayMs} * interval '1 millisecond'
      WHERE ${isOurs(job)}
      RETURNING id`);
    return rowsOf(result).length > 0;
  }

  /** Renews the lease every `heartbeatMs` while the handler runs; aborts the job's signal when it was lost. */
  function keepLease(job: ClaimedJob, controller: AbortController, jobLog: FastifyBaseLogger): () => void {
    const interval = setInterval(() => {
      db.execute(sql`UPDATE ${jobs} SET locked_at = now() WHERE ${isOurs(job)} RETURNING id`)
        .then((result) => {
          if (rowsOf(result).length > 0 || controller.signal.aborted) return;
          jobLog.warn('job lease lost: another worker may have taken the job');
          controller.abort(new Error('The job lease was lost'));
        })
        // The database may be away for a moment; the next beat tries again (the lease outlives a few misses).
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job lease not renewed'));
    }, heartbeatMs);
    interval.unref();
    return () => clearInterval(interval);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const registration = registrations.get(job.kind);
    const jobLog = log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempts } });
    if (registration && job.attempts > job.maxAttempts) {
      // The last attempt ended with its process: nothing is run again, the owner of the work records the outcome.
      jobLog.error('job failed for good: its last attempt was interrupted');
      try {
        await registration.onAbandoned?.({
          id: job.id,
          kind: job.kind,
          payload: job.payload,
          attempt: job.attempts,
          log: jobLog,
        });
      } catch (error) {
        jobLog.error({ err: error }, 'recording an abandoned job failed');
      }
      await finish(job, 'failed', INTERRUPTED_MESSAGE);
      return;
    }
    const controller = new AbortController();
    const releaseLease = keepLease(job, controller, jobLog);
    try {
      if (!registration) throw new Error(`No handler for job kind ${job.kind}`);
      await registration.handler({
        id: job.id,
        kind: job.kind,
        payload: job.payload,
        attempt: job.attempts,
        isLastAttempt: job.attempts >= job.maxAttempts,
        wasInterrupted: job.previousWorker !== null,
        signal: controller.signal,
        log: jobLog,
      });
      releaseLease();
      if (!(await finish(job, 'done', null)))
        jobLog.warn('job finished after its lease was lost; left to its new worker');
    } catch (error) {
      releaseLease();
      const message = describeError(error);
      if (job.attempts >= job.maxAttempts) {
        jobLog.error({ err: error }, 'job failed for good');
        await finish(job, 'failed', message);
      } else {
        const delayMs = Math.min(maxRetryDelayMs, retryBaseMs * 2 ** (job.attempts - 1));
        jobLog.warn({ err: error, retryInMs: delayMs }, 'job failed, will retry');
        await retryLater(job, message, delayMs);
      }
    }
  }

  /**
   * Hands out again the jobs whose worker vanished (all running ones at start when this process is the only worker;
   * else those whose lease ran out), and forgets old finished ones. `locked_by` stays, so the next claim knows the
   * attempt was interrupted.
   */
  async function sweep(isStart: boolean): Promise<void> {
    lastSweep = Date.now();
    const result = await db.execute(sql`
      UPDATE ${jobs} SET status = 'pending', last_error = ${INTERRUPTED_MESSAGE}, updated_at = now()
      WHERE status = 'running'
        AND (${isStart && options.isSoleWorker === true}::boolean
             OR locked_at < now() - ${leaseMs} * interval '1 millisecond')
      RETURNING id, kind`);
    const handedOut = rowsOf<{ id: number; kind: string }>(result);
    if (handedOut.length > 0) log.warn({ jobs: handedOut }, 'jobs of a stopped worker handed out again');
    // Old finished jobs go once a minute: the lease check runs every few seconds, this delete need not.
    if (lastSweep - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = lastSweep;
    await db.execute(sql`
      DELETE FROM ${jobs} WHERE status = 'done' AND finished_at < now() - ${keepDoneMs} * interval '1 millisecond'`);
  }

  function sweepIfDue(): Promise<void> {
    if (sweeping) return sweeping;
    if (lastSweep !== 0 && Date.now() - lastSweep < sweepIntervalMs) return Promise.resolve();
    const isStart = lastSweep === 0;
    sweeping = sweep(isStart).finally(() => {
      sweeping = null;
    });
    return sweeping;
  }

  function laneOf(name: string): Lane {
    let lane = lanes.get(name);
    if (!lane) {
      lane = {
        kinds: [],
        concurrency: Math.max(1, options.laneConcurrency?.[name] ?? 1),
        running: new Set(),
        claiming: null,
        isWakeRequested: false,
      };
      lanes.set(name, lane);
    }
    return lane;
  }

  /** Claims due jobs of the lane until it is full or none is due; a wake-up meanwhile makes it look again. */
  function fill(lane: Lane): Promise<void> {
    if (isStopped) return Promise.resolve();
    if (lane.claiming) {
      lane.isWakeRequested = true;
      return lane.claiming;
    }
    lane.claiming = (async () => {
      try {
        await sweepIfDue();
        do {
          lane.isWakeRequested = false;
          while (!isStopped && lane.running.size < lane.concurrency) {
            const job = await claim(lane.kinds);
            if (!job) break;
            const running: Promise<void> = run(job)
              .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
              .finally(() => {
                for (const listener of settledListeners) listener();
                lane.running.delete(running);
                if (!isStopped) void fill(lane);
              });
            lane.running.add(running);
          }
        } while (lane.isWakeRequested && !isStopped);
      } catch (error) {
        // The database being away is expected to pass (requests answer 503 meanwhile): polling goes on quietly.
        if (isStopped) return;
        if (isDatabaseUnavailable(error)) {
          log.warn({ err: error }, 'job queue poll failed: the database is unavailable');
        } else {
          log.error({ err: error }, 'job queue poll failed');
        }
      } finally {
        lane.claiming = null;
      }
    })();
    return lane.claiming;
  }

  async function fillAll(): Promise<void> {
    await Promise.all([...lanes.values()].map((lane) => fill(lane)));
  }

  function isBusy(): boolean {
    return [...lanes.values()].some((lane) => lane.running.size > 0 || lane.claiming !== null);
  }

  async function settle(): Promise<void> {
    await Promise.all([...lanes.values()].flatMap((lane) => [...lane.running, lane.claiming]));
  }

  function schedule(): void {
    if (isStopped || !isStarted) return;
    timer = setTimeout(() => {
      timer = null;
      void fillAll().finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  async function countDue(): Promise<number> {
    if (registrations.size === 0) return 0;
    const result = await db.execute(sql`
      SELECT count(*)::int AS count FROM ${jobs}
      WHERE kind IN (${kindsList([...registrations.keys()])})
        AND (status = 'running' OR (status = 'pending' AND run_at <= now()))`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }

  function wake(): void {
    if (!isStarted || isStopped) return;
    setImmediate(() => void fillAll());
  }

  return {
    onJobSettled(listener) {
      settledListeners.push(listener);
    },
    async enqueue(kind, payload, enqueueOptions = {}) {
      const target = enqueueOptions.db ?? db;
      const runAt = enqueueOptions.runAt ?? null;
      const maxAttempts = enqueueOptions.maxAttempts ?? null;
      const json = JSON.stringify(payload);
      if (enqueueOptions.isUnique && enqueueOptions.postponeUpToMs !== undefined && runAt) {
        await target.execute(sql`
          UPDATE ${jobs}
          SET run_at = least(greatest(run_at, ${runAt.toISOString()}::timestamptz),
                             created_at + ${enqueueOptions.postponeUpToMs}::int * interval '1 millisecond'),
              updated_at = now()
          WHERE kind = ${kind} AND status = 'pending' AND attempts = 0 AND payload = ${json}::jsonb`);
      }
      const insert = sql`
        INSERT INTO ${jobs} (kind, payload, run_at, max_attempts)
        SELECT ${kind}, ${json}::jsonb, coalesce(${runAt?.toISOString() ?? null}::timestamptz, now()),
               coalesce(${maxAttempts}::int, 5)
        WHERE (NOT ${enqueueOptions.isUnique ?? false}::boolean OR NOT EXISTS (
          SELECT 1 FROM ${jobs} WHERE kind = ${kind} AND status = 'pending' AND payload = ${json}::jsonb
        ))`;
      const join = enqueueOptions.joinOn;
      // The job joined is locked (SKIP LOCKED: a worker claiming it, or another request joining it, is passed by); a
      // worker that claimed it meanwhile makes it 'running', which the locking read sees, and a new job is added.
      const result = await target.execute(
        join
          ? sql`
        WITH joined AS (
          UPDATE ${jobs} AS j
          SET payload = jsonb_set(j.payload, ARRAY[${join.key}]::text[], (j.payload -> ${join.key}) || (${json}::jsonb -> ${join.key})),
              updated_at = now()
          WHERE j.id = (
            SELECT id FROM ${jobs}
            WHERE kind = ${kind} AND status = 'pending' AND attempts = 0 AND run_at <= now()
              AND jsonb_typeof(payload -> ${join.key}) = 'array'
              AND jsonb_array_length(payload -> ${join.key}) + jsonb_array_length(${json}::jsonb -> ${join.key})
                  <= ${join.maxItems}
              AND payload - ${join.key} = ${json}::jsonb - ${join.key}
            ORDER BY id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          RETURNING j.id
        ),
        inserted AS (${insert} AND NOT EXISTS (SELECT 1 FROM joined) RETURNING id)
        SELECT id FROM joined UNION ALL SELECT id FROM inserted`
          : sql`${insert} RETURNING id`,
      );
      const [row] = rowsOf<{ id: number | string }>(result);
      if (!row) return null;
      // Sent through the enqueuing handle: inside a transaction PostgreSQL delivers it when (and only if) it commits.
      if (options.notifyChannel) await target.execute(sql`SELECT pg_notify(${options.notifyChannel}, ${kind})`);
      if (!enqueueOptions.db) wake();
      return Number(row.id);
    },

    register(kind, handler, registerOptions = {}) {
      if (registrations.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
      const lane = registerOptions.lane ?? DEFAULT_LANE;
      registrations.set(kind, {
        handler: handler as JobHandler<unknown>,
        onAbandoned: registerOptions.onAbandoned as RegisterOptions<unknown>['onAbandoned'],
        lane,
      });
      const target = laneOf(lane);
      target.kinds.push(kind);
      if (registerOptions.concurrency && options.laneConcurrency?.[lane] === undefined) {
        target.concurrency = Math.max(target.concurrency, registerOptions.concurrency);
      }
    },

    wake,

    async drain({ timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await fillAll();
        await settle();
        if ((await countDue()) === 0 && !isBusy()) return;
        if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },

    start() {
      if (isStarted || isStopped) return;
      isStarted = true;
      void fillAll().finally(schedule);
    },

    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await settle();
      await sweeping;
    },
  };
}

/** The options that were given: an explicit `undefined` keeps the default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs`. Modules register their handlers while the app loads; polling starts when the app is ready and
 * stops (after the running jobs) when it closes, before the database does.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: Omit<JobQueueOptions, 'log'> = {}) => {
    const { listen } = app.database;
    const queue = createJobQueue(app.database.db, {
      // PGlite: this process owns the data folder, so whatever is found running at start was left by a crash.
      isSoleWorker: app.database.kind === 'pglite',
      ...(listen ? { notifyChannel: JOBS_NOTIFY_CHANNEL } : {}),
      ...options,
      log: app.log.child({ module: 'jobs' }),
    });
    app.decorate('jobs', queue);
    // A job enqueued on any instance wakes this one within a round trip, not at the next poll.
    // Back from a lost connection, a job enqueued meanwhile is looked for at once rather than at the next poll.
    const stopListening = listen
      ? await listen(
          JOBS_NOTIFY_CHANNEL,
          () => queue.wake(),
          () => queue.wake(),
        )
      : null;
    app.addHook('onReady', async () => queue.start());
    app.addHook('preClose', async () => {
      await stopListening?.();
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
