import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { type DatabaseHandle, rowsOf } from './db.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';

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
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      jobs.register('test.long', async () => {
        resolve();
        await new Promise<void>((r) => {
          release = r;
        });
        finished += 1;
      });
    });
    jobs.start();
    await jobs.enqueue('test.long', { n: 1 });
    await jobs.enqueue('test.long', { n: 2 });
    await started;
    const stopping = jobs.stop();
    release();
    await stopping;
    expect(finished).toBe(1);
    await jobs.enqueue('test.long', { n: 3 });
    await new Promise((r) => setTimeout(r, 60));
    expect(finished).toBe(1);
  });
});
