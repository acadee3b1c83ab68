import type { Role } from '@lumen/contract';
import { and, eq } from 'drizzle-orm';
import { spaceMembers, spaces, teams, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { membershipCacheOf } from './membership-cache.ts';

export interface Membership {
  teamId: string;
  role: Role;
}

/** A membership with its team's name (what /api/me/role shows). */
export interface TeamMembership extends Membership {
  teamName: string;
}

export type SpaceRow = typeof spaces.$inferSelect;

/**
 * The user's team and role; every team query is scoped by this team id. Answered from the membership cache when the
 * handle has one (ADR 0115); what it returns is frozen, since the same object answers later requests.
 */
export async function findMembership(db: Database, userId: string): Promise<TeamMembership | null> {
  const cache = membershipCacheOf(db);
  const cached = cache?.lookup(userId);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({ teamId: userRoles.teamId, role: userRoles.role, teamName: teams.name })
    .from(userRoles)
    .innerJoin(teams, eq(teams.id, userRoles.teamId))
    .where(eq(userRoles.userId, userId))
    .limit(1);
  if (!row) return null;
  const membership = Object.freeze(row);
  cache?.store(userId, membership, generation);
  return membership;
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
