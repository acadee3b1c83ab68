import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, rowsOf } from './db.ts';
import { createJobQueue, JOBS_NOTIFY_CHANNEL, type JobQueue, type RegisterOptions } from './jobs.ts';

const log = Fastify({ logger: { level: 'silent' } }).log;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function jobRow(id: number | null) {
  const result = await database.db.execute(
    sql`SELECT status, attempts, last_error AS "lastError", run_at > now() AS "isLater" FROM jobs WHERE id = ${id}`,
  );
  return rowsOf<{ status: string; attempts: number; lastError: string | null; isLater: boolean }>(result)[0];
}

/** A job a worker claimed and never finished, as a killed process leaves it. */
async function insertRunningJob(kind: string, { attempts = 1, maxAttempts = 5 } = {}): Promise<number> {
  const result = await database.db.execute(sql`
    INSERT INTO jobs (kind, payload, status, attempts, max_attempts, locked_at, locked_by)
    VALUES (${kind}, '{}'::jsonb, 'running', ${attempts}, ${maxAttempts}, now(), 'a-dead-worker')
    RETURNING id`);
  return Number(rowsOf<{ id: number }>(result)[0]?.id);
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A handler that starts and then waits to be released; `afterRelease` runs (or throws) once it is. */
function registerHeld(
  jobs: JobQueue,
  kind: string,
  afterRelease: () => void = () => {},
  options: RegisterOptions<unknown> = {},
) {
  let release: () => void = () => {};
  let isRunning = false;
  const started = new Promise<void>((resolve) => {
    jobs.register(
      kind,
      async () => {
        isRunning = true;
        resolve();
        await new Promise<void>((r) => {
          release = r;
        });
        isRunning = false;
        afterRelease();
      },
      options,
    );
  });
  return { started, release: () => release(), isRunning: () => isRunning };
}

function queue(options: Partial<Parameters<typeof createJobQueue>[1]> = {}): JobQueue {
  return createJobQueue(database.db, { log, pollIntervalMs: 20, retryBaseMs: 10, ...options });
}

describe('job queue', () => {
  it('runs an enqueued job at once and marks it done', async () => {
    const jobs = queue();
    const seen: unknown[] = [];
    jobs.register<{ n: number }>('test.record', async (job) => {
      seen.push(job.payload);
    });
    jobs.start();
    const id = await jobs.enqueue('test.record', { n: 1 });
    await jobs.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    await jobs.stop();
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const jobs = queue();
    const attempts: Array<[number, boolean]> = [];
    jobs.register('test.flaky', async (job) => {
      attempts.push([job.attempt, job.isLastAttempt]);
      if (job.attempt < 3) throw new Error(`transient failure ${job.attempt}`);
    });
    jobs.start();
    const id = await jobs.enqueue('test.flaky', {}, { maxAttempts: 4 });
    for (let wait = 0; wait < 100 && attempts.length < 3; wait += 1) await new Promise((r) => setTimeout(r, 20));
    await jobs.drain();
    expect(attempts).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3 });
    await jobs.stop();
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const jobs = queue();
    jobs.register('test.broken', async () => {
      throw new Error('always broken');
    });
    jobs.start();
    const id = await jobs.enqueue('test.broken', {}, { maxAttempts: 2 });
    for (let wait = 0; wait < 100 && (await jobRow(id))?.status !== 'failed'; wait += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'always broken' });
    await jobs.stop();
  });

  it('waits before a retry', async () => {
    const jobs = queue({ retryBaseMs: 60_000 });
    let runs = 0;
    jobs.register('test.slow-retry', async () => {
      runs += 1;
      throw new Error('try later');
    });
    const id = await jobs.enqueue('test.slow-retry', {});
    await jobs.drain();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'try later', isLater: true });
    await jobs.stop();
  });

  it('adds a unique job only once while it waits', async () => {
    const jobs = queue();
    const later = new Date(Date.now() + 60_000);
    const first = await jobs.enqueue('test.unique', { scope: 'a' }, { isUnique: true, runAt: later });
    const second = await jobs.enqueue('test.unique', { scope: 'a' }, { isUnique: true, runAt: later });
    const other = await jobs.enqueue('test.unique', { scope: 'b' }, { isUnique: true, runAt: later });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
  });

  it('postpones a waiting unique job to a later run time, never past its bound, and never earlier', async () => {
    const jobs = queue();
    const runAtOf = async (id: number | null) => {
      const [row] = rowsOf<{ runAt: string | Date }>(
        await database.db.execute(sql`SELECT run_at AS "runAt" FROM jobs WHERE id = ${id}`),
      );
      if (!row) throw new Error(`job ${id} is gone`);
      return new Date(row.runAt).getTime();
    };
    const options = (inMs: number) => ({
      isUnique: true,
      runAt: new Date(Date.now() + inMs),
      postponeUpToMs: 120_000,
    });
    const id = await jobs.enqueue('test.postponed', {}, options(30_000));
    const first = await runAtOf(id);
    expect(await jobs.enqueue('test.postponed', {}, options(60_000))).toBeNull();
    const moved = await runAtOf(id);
    expect(moved - first).toBeGreaterThan(25_000);
    // An earlier run time leaves it where it is; a much later one stops at two minutes after it was first enqueued.
    await jobs.enqueue('test.postponed', {}, options(1_000));
    expect(await runAtOf(id)).toBe(moved);
    await jobs.enqueue('test.postponed', {}, options(3_600_000));
    const bounded = await runAtOf(id);
    expect(bounded - first).toBeLessThan(120_000);
    expect(bounded - first).toBeGreaterThan(80_000);
    await jobs.stop();
  });

  it('joins work to a job that waits for its first attempt, up to its size, and never to one already taken', async () => {
    const jobs = queue();
    const later = new Date(Date.now() + 60_000);
    const payloadOf = async (id: number | null) =>
      rowsOf<{ payload: { ids: string[]; owner: string } }>(
        await database.db.execute(sql`SELECT payload FROM jobs WHERE id = ${id}`),
      )[0]?.payload;
    const join = { key: 'ids', maxItems: 4 };
    const first = await jobs.enqueue('test.join', { owner: 'a', ids: ['1', '2'] }, { joinOn: join });
    expect(await jobs.enqueue('test.join', { owner: 'a', ids: ['3'] }, { joinOn: join })).toBe(first);
    expect(await payloadOf(first)).toEqual({ owner: 'a', ids: ['1', '2', '3'] });
    // No room for two more: a job of its own. Another owner: never joined.
    const full = await jobs.enqueue('test.join', { owner: 'a', ids: ['4', '5'] }, { joinOn: join });
    const other = await jobs.enqueue('test.join', { owner: 'b', ids: ['6'] }, { joinOn: join });
    expect(new Set([first, full, other]).size).toBe(3);
    // A job waiting for a retry or already running is not joined.
    await database.db.execute(
      sql`UPDATE jobs SET attempts = 1, run_at = ${later.toISOString()}::timestamptz WHERE id = ${first}`,
    );
    await database.db.execute(sql`UPDATE jobs SET status = 'running' WHERE id = ${full}`);
    const fresh = await jobs.enqueue('test.join', { owner: 'a', ids: ['7'] }, { joinOn: join });
    expect([first, full, other]).not.toContain(fresh);
    expect(await payloadOf(first)).toEqual({ owner: 'a', ids: ['1', '2', '3'] });
    expect(await payloadOf(full)).toEqual({ owner: 'a', ids: ['4', '5'] });
    await database.db.execute(sql`DELETE FROM jobs WHERE kind = 'test.join'`);
  });

  it('never runs a job twice when several workers share the table', async () => {
    const runs = new Map<number, number>();
    const workers = [queue(), queue(), queue()];
    for (const jobs of workers) {
      jobs.register<{ n: number }>('test.shared', async (job) => {
        runs.set(job.payload.n, (runs.get(job.payload.n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
      });
    }
    const [producer] = workers;
    for (let n = 0; n < 30; n += 1) await producer?.enqueue('test.shared', { n });
    for (const jobs of workers) jobs.start();
    await Promise.all(workers.map((jobs) => jobs.drain()));
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await Promise.all(workers.map((jobs) => jobs.stop()));
  });

  // Several instances share a PostgreSQL server only: the embedded database has one process, which wakes itself.
  it.skipIf(!process.env.DATABASE_URL)(
    'wakes a worker of another instance through NOTIFY at the commit, long before its next poll',
    async () => {
      const listen = database.listen;
      if (!listen) throw new Error('a PostgreSQL server listens');
      const producer = queue({ pollIntervalMs: 60_000, notifyChannel: JOBS_NOTIFY_CHANNEL });
      const worker = queue({ pollIntervalMs: 60_000 });
      const stopListening = await listen(JOBS_NOTIFY_CHANNEL, () => worker.wake());
      let ranAt = 0;
      worker.register('test.notified', async () => {
        ranAt = Date.now();
      });
      worker.start();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Enqueued in a transaction: the notice leaves at the commit, not before.
      const enqueuedAt = Date.now();
      await database.db.transaction(async (tx) => {
        await producer.enqueue('test.notified', {}, { db: tx });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(ranAt).toBe(0);
      });
      await waitFor(() => ranAt > 0, 5_000);
      expect(ranAt - enqueuedAt).toBeLessThan(5_000);
      await stopListening();
      await worker.stop();
    },
  );

  it('leaves jobs of kinds it has no handler for to other workers', async () => {
    const jobs = queue();
    jobs.register('test.mine', async () => {});
    const id = await jobs.enqueue('test.not-mine', {});
    await jobs.drain();
    expect(await jobRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await jobs.stop();
  });

  it('lets the running job finish when stopped, and takes no new one', async () => {
    const jobs = queue();
    let finished = 0;
    const held = registerHeld(jobs, 'test.long', () => {
      finished += 1;
    });
    jobs.start();
    await jobs.enqueue('test.long', { n: 1 });
    await jobs.enqueue('test.long', { n: 2 });
    await held.started;
    const stopping = jobs.stop();
    held.release();
    await stopping;
    expect(finished).toBe(1);
    await jobs.enqueue('test.long', { n: 3 });
    await new Promise((r) => setTimeout(r, 60));
    expect(finished).toBe(1);
  });

  it('hands out at once at start the jobs a dead process left running, when it is the only worker', async () => {
    const id = await insertRunningJob('test.orphan');
    const jobs = queue({ isSoleWorker: true });
    const seen: Array<[number, boolean]> = [];
    jobs.register('test.orphan', async (job) => {
      seen.push([job.attempt, job.wasInterrupted]);
    });
    await jobs.drain();
    expect(seen).toEqual([[2, true]]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    await jobs.stop();
  });

  it('leaves a running job to its worker until its lease runs out, then takes it over', async () => {
    const id = await insertRunningJob('test.lease');
    const jobs = queue({ leaseMs: 300, sweepIntervalMs: 20 });
    let ranAt = 0;
    jobs.register('test.lease', async () => {
      ranAt = Date.now();
    });
    const startedAt = Date.now();
    jobs.start();
    await waitFor(() => ranAt > 0);
    // The lease was taken just before start: nothing may take it earlier.
    expect(ranAt - startedAt).toBeGreaterThanOrEqual(250);
    await waitFor(async () => (await jobRow(id))?.status === 'done');
    await jobs.stop();
  });

  it('renews the lease while the job runs, so another worker never takes it', async () => {
    const timings = { leaseMs: 150, heartbeatMs: 30, sweepIntervalMs: 20 };
    const workers = [queue(timings), queue(timings)];
    let runs = 0;
    for (const jobs of workers) {
      jobs.register('test.renewed', async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 600));
      });
    }
    const id = (await workers[0]?.enqueue('test.renewed', {})) ?? null;
    for (const jobs of workers) jobs.start();
    await waitFor(async () => (await jobRow(id))?.status === 'done');
    expect(runs).toBe(1);
    await Promise.all(workers.map((jobs) => jobs.stop()));
  });

  it('never lets a worker that lost the lease finish the job it no longer holds', async () => {
    // The first worker stalls (no heartbeat within the lease); the second takes the job over and finishes it.
    const stalled = queue({ leaseMs: 100, heartbeatMs: 60_000, sweepIntervalMs: 20 });
    const rescuer = queue({ leaseMs: 100, sweepIntervalMs: 20 });
    const held = registerHeld(stalled, 'test.taken-over', () => {
      throw new Error('too late');
    });
    const rescued: boolean[] = [];
    rescuer.register('test.taken-over', async (job) => {
      rescued.push(job.wasInterrupted);
    });
    const id = await stalled.enqueue('test.taken-over', {}, { maxAttempts: 3 });
    stalled.start();
    await held.started;
    rescuer.start();
    await waitFor(async () => (await jobRow(id))?.status === 'done');
    held.release();
    await stalled.stop();
    expect(rescued).toEqual([true]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    await rescuer.stop();
  });

  it('aborts the signal of a job whose lease was lost', async () => {
    const jobs = queue({ heartbeatMs: 30 });
    let signal: AbortSignal | undefined;
    jobs.register('test.lost', async (job) => {
      signal = job.signal;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
    });
    const id = await jobs.enqueue('test.lost', {});
    jobs.start();
    await waitFor(() => signal !== undefined);
    // Someone else claims it (as a sweep plus another worker's claim would).
    await database.db.execute(sql`UPDATE jobs SET locked_by = 'another-worker' WHERE id = ${id}`);
    await waitFor(() => signal?.aborted === true);
    await jobs.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'running' });
  });

  it('gives up a job whose last attempt was interrupted, and lets its owner record the outcome', async () => {
    const id = await insertRunningJob('test.crashes-every-time', { attempts: 2, maxAttempts: 2 });
    const jobs = queue({ isSoleWorker: true });
    let handled = 0;
    const abandoned: unknown[] = [];
    jobs.register(
      'test.crashes-every-time',
      async () => {
        handled += 1;
      },
      {
        onAbandoned: async (job) => {
          abandoned.push(job.payload);
        },
      },
    );
    await jobs.drain();
    expect(handled).toBe(0);
    expect(abandoned).toEqual([{}]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/^Interrupted/) });
    await jobs.stop();
  });

  it('runs the jobs of another lane while a long job holds its own', async () => {
    const jobs = queue();
    const long = registerHeld(jobs, 'test.long-sync', () => {}, { lane: 'test-sync' });
    const quickDoneWhileLong: boolean[] = [];
    jobs.register('test.quick', async () => {
      quickDoneWhileLong.push(long.isRunning());
    });
    jobs.start();
    const longId = await jobs.enqueue('test.long-sync', {});
    await long.started;
    await jobs.enqueue('test.quick', { n: 1 });
    await jobs.enqueue('test.quick', { n: 2 });
    await waitFor(() => quickDoneWhileLong.length === 2);
    expect(quickDoneWhileLong).toEqual([true, true]);
    expect(await jobRow(longId)).toMatchObject({ status: 'running' });
    long.release();
    await jobs.drain();
    expect(await jobRow(longId)).toMatchObject({ status: 'done' });
    await jobs.stop();
  });

  it('runs up to the lane concurrency at once', async () => {
    const jobs = queue({ laneConcurrency: { wide: 3 } });
    let active = 0;
    let peak = 0;
    jobs.register(
      'test.wide',
      async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 50));
        active -= 1;
      },
      { lane: 'wide' },
    );
    for (let n = 0; n < 6; n += 1) await jobs.enqueue('test.wide', { n });
    await jobs.drain();
    expect(peak).toBe(3);
    await jobs.stop();
  });
});
