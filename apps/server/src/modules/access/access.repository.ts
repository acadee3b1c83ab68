import type { Role } from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { spaceMembers, spaces, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export interface Membership {
  teamId: string;
  role: Role;
}

export type SpaceRow = typeof spaces.$inferSelect;

/** The user's team and role; every team query is scoped by this team id. */
export async function findMembership(db: Database, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ teamId: userRoles.teamId, role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row ?? null;
}

/** One space of the team by id or slug, with the user's active space role (null when they are not a member). */
export async function findTeamSpaceWithRole(
  db: Database,
  teamId: string,
  userId: string,
  where: { id: string } | { slug: string },
): Promise<{ space: SpaceRow; spaceRole: Role | null } | null> {
  const condition = 'id' in where ? eq(spaces.id, where.id) : eq(spaces.slug, where.slug);
  const [row] = await db
    .select({ space: spaces, spaceRole: spaceMembers.role })
    .from(spaces)
    .leftJoin(
      spaceMembers,
      and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, userId), eq(spaceMembers.status, 'active')),
    )
    .where(and(eq(spaces.teamId, teamId), condition))
    .limit(1);
  return row ?? null;
}
