import { eq, sql } from 'drizzle-orm';
import { userPreferences } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferencesValues = Omit<PreferencesRow, 'userId' | 'updatedAt'>;

export async function findPreferences(db: Database, userId: string): Promise<PreferencesRow | null> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row ?? null;
}

export async function upsertPreferences(db: Database, userId: string, values: PreferencesValues): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}
