import type { Role } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { teams, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** The user's role row joined with its team, or null when they have no team. */
export async function findRoleWithTeam(
  db: Database,
  userId: string,
): Promise<{ role: Role; teamId: string; teamName: string } | null> {
  const [row] = await db
    .select({ role: userRoles.role, teamId: teams.id, teamName: teams.name })
    .from(userRoles)
    .innerJoin(teams, eq(teams.id, userRoles.teamId))
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row ?? null;
}
