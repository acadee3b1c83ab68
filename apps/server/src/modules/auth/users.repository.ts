import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  inviteCode: string | null;
}

export async function isRegisteredEmail(db: Database, email: string): Promise<boolean> {
  return (await findUserIdByEmail(db, email)) !== null;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return existing?.id ?? null;
}

/** A user's name, address and pending invite code, or null when the account is gone. */
export async function findUserProfile(db: Database, userId: string): Promise<UserProfile | null> {
  const [row] = await db
    .select({ email: user.email, firstName: user.firstName, lastName: user.lastName, inviteCode: user.inviteCode })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}
