import { and, eq, sql } from 'drizzle-orm';
import { teamDailyActivity, teamDailyQueries } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/**
 * The analytics' daily rollups (ADR 0109): members active per team and UTC day, and questions to the assistant per day
 * with a histogram of how long they took. The `audit.scan` job adds each audit entry once, in the transaction that
 * moves its position; client events add their senders as they arrive.
 */

/** Response-time bucket bounds in ms; migration 0030 backfills with the same list. Bucket i: [bound i-1, bound i). */
export const ANSWER_TIME_BOUNDS_MS = [
  100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 30000, 60000,
] as const;
const BUCKET_COUNT = ANSWER_TIME_BOUNDS_MS.length + 1;

/** The bucket of a duration: how many bounds it reaches (PostgreSQL's width_bucket over the same bounds). */
export function bucketOf(durationMs: number): number {
  return ANSWER_TIME_BOUNDS_MS.filter((bound) => durationMs >= bound).length;
}

/** The p-th percentile of a histogram, interpolated within its bucket; null for an empty one. */
export function percentileOfBuckets(buckets: readonly number[], p: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = (p / 100) * total;
  let below = 0;
  for (const [index, count] of buckets.entries()) {
    if (count > 0 && below + count >= rank) {
      const lower = index === 0 ? 0 : (ANSWER_TIME_BOUNDS_MS[index - 1] ?? 0);
      // The open last bucket has no upper bound: its lower one stands for it.
      const upper = ANSWER_TIME_BOUNDS_MS[index] ?? lower;
      return lower + (upper - lower) * Math.max(0, Math.min(1, (rank - below) / count));
    }
    below += count;
  }
  return ANSWER_TIME_BOUNDS_MS.at(-1) ?? null;
}

export function emptyBuckets(): number[] {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/** Sums histograms bucket by bucket (rows written before a bound was added are shorter). */
export function addBuckets(into: number[], more: readonly number[]): number[] {
  for (const [index, count] of more.entries()) into[index] = (into[index] ?? 0) + count;
  return into;
}

export const dayOfTime = (time: Date): string => time.toISOString().slice(0, 10);

export interface RollupEntry {
  teamId: string;
  userId: string | null;
  action: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/** Members seen on a day: kept once each. */
export async function recordActivity(db: Database, rows: Array<{ teamId: string; day: string; userId: string }>) {
  if (rows.length === 0) return;
  const unique = [...new Map(rows.map((row) => [`${row.teamId} ${row.day} ${row.userId}`, row])).values()];
  for (let start = 0; start < unique.length; start += 1000) {
    await db
      .insert(teamDailyActivity)
      .values(unique.slice(start, start + 1000))
      .onConflictDoNothing();
  }
}

/** Adds audit entries to the rollups (the scan calls this with each batch it reads, under its lock). */
export async function applyRollups(db: Database, entries: readonly RollupEntry[]): Promise<void> {
  await recordActivity(
    db,
    entries.flatMap((entry) =>
      entry.userId ? [{ teamId: entry.teamId, day: dayOfTime(entry.createdAt), userId: entry.userId }] : [],
    ),
  );
  const days = new Map<
    string,
    { teamId: string; day: string; answered: number; declined: number; buckets: number[] }
  >();
  for (const entry of entries) {
    if (entry.action !== 'ai_query') continue;
    const day = dayOfTime(entry.createdAt);
    const key = `${entry.teamId} ${day}`;
    const tally = days.get(key) ?? { teamId: entry.teamId, day, answered: 0, declined: 0, buckets: emptyBuckets() };
    if (entry.metadata.isAnswered === true) tally.answered += 1;
    else tally.declined += 1;
    const duration = entry.metadata.durationMs;
    if (typeof duration === 'number' && Number.isFinite(duration)) {
      const bucket = bucketOf(duration);
      tally.buckets[bucket] = (tally.buckets[bucket] ?? 0) + 1;
    }
    days.set(key, tally);
  }
  for (const tally of days.values()) {
    const [existing] = await db
      .select({
        answered: teamDailyQueries.answered,
        declined: teamDailyQueries.declined,
        buckets: teamDailyQueries.durationBuckets,
      })
      .from(teamDailyQueries)
      .where(and(eq(teamDailyQueries.teamId, tally.teamId), eq(teamDailyQueries.day, tally.day)))
      .for('update');
    const values = {
      teamId: tally.teamId,
      day: tally.day,
      answered: (existing?.answered ?? 0) + tally.answered,
      declined: (existing?.declined ?? 0) + tally.declined,
      durationBuckets: addBuckets(addBuckets(emptyBuckets(), existing?.buckets ?? []), tally.buckets),
    };
    await db
      .insert(teamDailyQueries)
      .values(values)
      .onConflictDoUpdate({
        target: [teamDailyQueries.teamId, teamDailyQueries.day],
        set: { answered: values.answered, declined: values.declined, durationBuckets: values.durationBuckets },
      });
  }
}

/** The rollups of a team from a day on. */
export async function readDailyQueries(db: Database, teamId: string, fromDay: string) {
  return db
    .select({
      day: teamDailyQueries.day,
      answered: teamDailyQueries.answered,
      declined: teamDailyQueries.declined,
      buckets: teamDailyQueries.durationBuckets,
    })
    .from(teamDailyQueries)
    .where(and(eq(teamDailyQueries.teamId, teamId), sql`${teamDailyQueries.day} >= ${fromDay}`));
}

export async function readDailyActiveMembers(db: Database, teamId: string, fromDay: string) {
  return db
    .select({ day: teamDailyActivity.day, count: sql<number>`count(*)::int` })
    .from(teamDailyActivity)
    .where(and(eq(teamDailyActivity.teamId, teamId), sql`${teamDailyActivity.day} >= ${fromDay}`))
    .groupBy(teamDailyActivity.day);
}
