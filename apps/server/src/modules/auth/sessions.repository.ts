import { eq } from 'drizzle-orm';
import { session } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** Ends one session, whoever it belongs to (a sign-in replaces the session its browser held). */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}
