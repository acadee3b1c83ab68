import { eq, or, sql } from 'drizzle-orm';
import { signInFailures } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** An address's count after an attempt was added, and how long its window still runs. */
export interface CountedAttempt {
  count: number;
  windowLeftMs: number;
}

/** Whether the row's window (started at `window_start`, `windowMs` long) has ended, by the database's clock. */
function hasWindowEnded(windowMs: number) {
  return sql`${signInFailures.windowStart} <= now() - make_interval(secs => ${windowMs}::double precision / 1000)`;
}

/**
 * Counts one more sign-in attempt for the address in one statement, so instances sharing the database count together
 * and parallel attempts cannot all slip under the limit: a window that has ended starts again at this attempt.
 */
export async function countSignInAttempt(db: Database, emailKey: string, windowMs: number): Promise<CountedAttempt> {
  const hasEnded = hasWindowEnded(windowMs);
  const [row] = await db
    .insert(signInFailures)
    .values({ emailKey, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: signInFailures.emailKey,
      set: {
        windowStart: sql`CASE WHEN ${hasEnded} THEN now() ELSE ${signInFailures.windowStart} END`,
        count: sql`CASE WHEN ${hasEnded} THEN 1 ELSE ${signInFailures.count} + 1 END`,
      },
    })
    .returning({
      count: signInFailures.count,
      windowLeftMs: sql<string>`ceil(extract(epoch from ${signInFailures.windowStart} - now()) * 1000 + ${windowMs}::double precision)`,
    });
  if (!row) throw new Error('the sign-in attempt was not counted');
  return { count: row.count, windowLeftMs: Math.max(0, Number(row.windowLeftMs)) };
}

/** Takes back an attempt that turned out not to be a wrong password (the address was not confirmed, an outage). */
export async function uncountSignInAttempt(db: Database, emailKey: string): Promise<void> {
  await db
    .update(signInFailures)
    .set({ count: sql`greatest(${signInFailures.count} - 1, 0)` })
    .where(eq(signInFailures.emailKey, emailKey));
}

/** Forgets the address's failures (it signed in or reset its password), and every window that has ended. */
export async function clearSignInFailures(db: Database, emailKey: string, windowMs: number): Promise<void> {
  await db.delete(signInFailures).where(or(eq(signInFailures.emailKey, emailKey), hasWindowEnded(windowMs)));
}
