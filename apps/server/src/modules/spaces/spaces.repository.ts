import type { Role } from '@lumen/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { files, spaceInvitations, spaceMembers, spaces, teamEmployees, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { viewableSpacesCondition } from '../access/index.ts';

export type SpaceRow = typeof spaces.$inferSelect;
export type SpaceInvitationRow = typeof spaceInvitations.$inferSelect;

export interface SpaceCounts {
  memberCount: number;
  fileCount: number;
}

export interface SpaceWithCounts extends SpaceCounts {
  space: SpaceRow;
  /** The caller's active space role, if any. */
  memberRole: Role | null;
}

const memberCount = sql<number>`(select count(*)::int from ${spaceMembers} where ${spaceMembers.spaceId} = ${spaces.id} and ${spaceMembers.status} = 'active')`;
const fileCount = sql<number>`(select count(*)::int from ${files} where ${files.spaceId} = ${spaces.id})`;

/** The team's spaces the user may view (the access module's rule), with counts and their space role; newest first. */
export async function listVisibleSpaces(db: Database, teamId: string, userId: string): Promise<SpaceWithCounts[]> {
  return db
    .select({ space: spaces, memberCount, fileCount, memberRole: spaceMembers.role })
    .from(spaces)
    .leftJoin(
      spaceMembers,
      and(eq(spaceMembers.spaceId, spaces.id), eq(spaceMembers.userId, userId), eq(spaceMembers.status, 'active')),
    )
    .where(and(eq(spaces.teamId, teamId), viewableSpacesCondition(userId)))
    .orderBy(desc(spaces.createdAt));
}

export async function countSpaceMembersAndFiles(db: Database, spaceId: string): Promise<SpaceCounts> {
  const [row] = await db
    .select({
      memberCount: sql<number>`(select count(*)::int from ${spaceMembers} where ${spaceMembers.spaceId} = ${spaceId} and ${spaceMembers.status} = 'active')`,
      fileCount: sql<number>`(select count(*)::int from ${files} where ${files.spaceId} = ${spaceId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { memberCount: 0, fileCount: 0 };
}

export async function insertSpace(
  db: Database,
  values: {
    teamId: string;
    name: string;
    slug: string;
    description: string | null;
    isPrivate: boolean;
    createdBy: string;
  },
): Promise<SpaceRow> {
  const [row] = await db.insert(spaces).values(values).returning();
  if (!row) throw new Error('space not created');
  return row;
}

export async function updateSpace(
  db: Database,
  spaceId: string,
  values: { name?: string; slug?: string; description?: string | null },
): Promise<void> {
  await db
    .update(spaces)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(spaces.id, spaceId));
}

export async function deleteSpace(db: Database, spaceId: string): Promise<void> {
  await db.delete(spaces).where(eq(spaces.id, spaceId));
}

export async function countTeamSpaces(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(spaces).where(eq(spaces.teamId, teamId));
  return row?.value ?? 0;
}

/** Adds or updates a member's role (a user with no role gets an assignment). */
export async function upsertSpaceMember(
  db: Database,
  values: { spaceId: string; userId: string; role: Role; addedBy: string },
): Promise<void> {
  await db
    .insert(spaceMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [spaceMembers.spaceId, spaceMembers.userId],
      set: { role: values.role, status: 'active' },
    });
}

export async function deleteSpaceMember(db: Database, spaceId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)))
    .returning({ id: spaceMembers.id });
  return deleted.length > 0;
}

export async function listSpaceMembers(db: Database, spaceId: string) {
  return db
    .select({
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      avatarUrl: user.image,
      role: spaceMembers.role,
      status: spaceMembers.status,
      addedBy: spaceMembers.addedBy,
      addedAt: spaceMembers.addedAt,
    })
    .from(spaceMembers)
    .innerJoin(user, eq(user.id, spaceMembers.userId))
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.status, 'active')))
    .orderBy(desc(spaceMembers.addedAt));
}

export async function findSpaceMemberRole(db: Database, spaceId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: spaceMembers.role })
    .from(spaceMembers)
    .where(and(eq(spaceMembers.spaceId, spaceId), eq(spaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Which of these user ids are active members of the team. */
export async function filterActiveTeamMembers(db: Database, teamId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: teamEmployees.userId })
    .from(teamEmployees)
    .where(
      and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.status, 'active'), inArray(teamEmployees.userId, userIds)),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function insertSpaceInvitation(
  db: Database,
  values: { token: string; spaceId: string; email: string; role: Role; invitedBy: string; expiresAt: Date },
): Promise<SpaceInvitationRow> {
  const [row] = await db.insert(spaceInvitations).values(values).returning();
  if (!row) throw new Error('space invitation not created');
  return row;
}

export async function findSpaceInvitationByToken(
  db: Database,
  token: string,
): Promise<(SpaceInvitationRow & { teamId: string; spaceName: string }) | null> {
  const [row] = await db
    .select({ invitation: spaceInvitations, teamId: spaces.teamId, spaceName: spaces.name })
    .from(spaceInvitations)
    .innerJoin(spaces, eq(spaces.id, spaceInvitations.spaceId))
    .where(and(eq(spaceInvitations.token, token), isNull(spaceInvitations.acceptedAt)))
    .limit(1)
    .for('update', { of: spaceInvitations });
  return row ? { ...row.invitation, teamId: row.teamId, spaceName: row.spaceName } : null;
}

export async function markSpaceInvitationAccepted(db: Database, id: string, userId: string): Promise<void> {
  await db
    .update(spaceInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(spaceInvitations.id, id));
}

/** The team's spaces the user may see whose name or description contains the text. */
export async function searchVisibleSpaces(
  db: Database,
  teamId: string,
  userId: string,
  pattern: string,
  limit: number,
) {
  return db
    .select({ id: spaces.id, name: spaces.name, slug: spaces.slug, description: spaces.description })
    .from(spaces)
    .where(
      and(
        eq(spaces.teamId, teamId),
        viewableSpacesCondition(userId),
        or(sql`${spaces.name} ilike ${pattern}`, sql`${spaces.description} ilike ${pattern}`),
      ),
    )
    .orderBy(spaces.name)
    .limit(limit);
}
