/**
 * A fixed workload timed before a bench's figures, so runs on different days can be compared: this machine's speed
 * drifts by half or more from one hour to the next (a shared host), and every figure of the benches drifts with it.
 * Two parts, each the median of three rounds: JavaScript (sorting a seeded array of numbers and hashing a buffer) and
 * PGlite (round trips of a one-parameter statement, then a query that aggregates two million generated rows).
 * Lower is faster; a figure is comparable only with the same figure printed by another run.
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';

export interface MachineReference {
  javascriptMs: number;
  pgliteMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timeJavascript(): number {
  const started = performance.now();
  let seed = 7;
  const numbers = new Float64Array(400_000);
  for (let index = 0; index < numbers.length; index++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    numbers[index] = seed;
  }
  numbers.sort();
  createHash('sha256')
    .update(Buffer.alloc(32 * 1024 * 1024, 1))
    .digest();
  return performance.now() - started;
}

async function timePglite(db: PGlite): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < 1_000; index++) await db.query('SELECT $1::int AS n', [index]);
  await db.query('SELECT sum(n % 7) FROM generate_series(1, 2000000) AS n');
  return performance.now() - started;
}

/** Times the fixed workload (about two seconds with an in-memory PGlite). */
export async function measureMachineReference(): Promise<MachineReference> {
  const db = new PGlite();
  try {
    await db.query('SELECT 1');
    const javascript: number[] = [];
    const pglite: number[] = [];
    for (let round = 0; round < 3; round++) {
      javascript.push(timeJavascript());
      pglite.push(await timePglite(db));
    }
    return { javascriptMs: median(javascript), pgliteMs: median(pglite) };
  } finally {
    await db.close();
  }
}

/** The line every bench prints first. */
export async function describeMachineReference(): Promise<string> {
  const reference = await measureMachineReference();
  return `machine reference (fixed work, lower is faster): JavaScript ${reference.javascriptMs.toFixed(0)} ms, PGlite ${reference.pgliteMs.toFixed(0)} ms`;
}
