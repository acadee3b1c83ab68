import { type FilePermissions, isUuid, NO_FILE_PERMISSIONS, type Role, SPACE_FILE_PERMISSIONS } from '@lumen/contract';
import { type SQL, sql } from 'drizzle-orm';
import { spaceMembers, spaces, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findTeamSpaceWithRole, type Membership, type SpaceRow } from './access.repository.ts';
import { type AccessRule, allOf, anyOf, clause, negate } from './access-rule.ts';
import { requireMembership } from './team-access.ts';

/** What decides whether a user may view a space. */
export interface SpaceViewerFacts {
  /** The user's role in the space's team; null when they belong to another team or none. */
  teamRole: Role | null;
  /** The user's active role in the space; null when they are not a member. */
  spaceRole: Role | null;
  isPrivate: boolean;
}

/** The SQL scope: a condition on the `spaces` table for this user. */
export interface SpaceViewerScope {
  userId: string;
}

const isInSpaceTeam = clause<SpaceViewerFacts, SpaceViewerScope>(
  (facts) => facts.teamRole !== null,
  ({ userId }) =>
    sql`exists (select 1 from ${userRoles} where ${userRoles.teamId} = ${spaces.teamId} and ${userRoles.userId} = ${userId})`,
);

const isTeamAdminOfSpace = clause<SpaceViewerFacts, SpaceViewerScope>(
  (facts) => facts.teamRole === 'admin',
  ({ userId }) =>
    sql`exists (select 1 from ${userRoles} where ${userRoles.teamId} = ${spaces.teamId} and ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin')`,
);

const isPrivateSpace = clause<SpaceViewerFacts, SpaceViewerScope>(
  (facts) => facts.isPrivate,
  () => sql`${spaces.isPrivate}`,
);

const isSpaceMember = clause<SpaceViewerFacts, SpaceViewerScope>(
  (facts) => facts.spaceRole !== null,
  ({ userId }) =>
    sql`exists (select 1 from ${spaceMembers} where ${spaceMembers.spaceId} = ${spaces.id} and ${spaceMembers.userId} = ${userId} and ${spaceMembers.status} = 'active')`,
);

/**
 * THE rule for seeing a space: someone of the space's team who is a team admin (admins act as admin in every space),
 * or the space is public, or they are its member.
 */
export const canViewSpace: AccessRule<SpaceViewerFacts, SpaceViewerScope> = allOf(
  isInSpaceTeam,
  anyOf(isTeamAdminOfSpace, negate(isPrivateSpace), isSpaceMember),
);

/** The spaces a user may view, as a condition on `spaces`. */
export function viewableSpacesCondition(userId: string): SQL {
  return canViewSpace.where({ userId });
}

/** The ids of the spaces a user may view, as a subquery (for conditions on tables that carry a space id). */
export function viewableSpaceIds(userId: string): SQL {
  return sql`(select ${spaces.id} from ${spaces} where ${viewableSpacesCondition(userId)})`;
}

/** The role a user acts with in a space: team admins act as admin everywhere, others with their space role. */
export function effectiveSpaceRole(facts: Pick<SpaceViewerFacts, 'teamRole' | 'spaceRole'>): Role | null {
  if (facts.teamRole === null) return null;
  return facts.teamRole === 'admin' ? 'admin' : facts.spaceRole;
}

/** The space file matrix: what a role may do with a space's files; a non-member may only look at a public space. */
export function spaceFilePermissions(facts: SpaceViewerFacts): FilePermissions {
  if (!canViewSpace.holds(facts)) return NO_FILE_PERMISSIONS;
  const role = effectiveSpaceRole(facts);
  return role ? SPACE_FILE_PERMISSIONS[role] : { ...NO_FILE_PERMISSIONS, canView: true };
}

export interface SpaceAccess {
  membership: Membership;
  space: SpaceRow;
  /** The caller's effective role: team admins act as admin in every space; null for a non-member of a public space. */
  role: Role | null;
  permissions: FilePermissions;
}

/** The caller's access to a space of their team (the space row and their active space role), or null if none. */
export function decideSpaceAccess(membership: Membership, space: SpaceRow, spaceRole: Role | null): SpaceAccess | null {
  const facts: SpaceViewerFacts = { teamRole: membership.role, spaceRole, isPrivate: space.isPrivate };
  if (space.teamId !== membership.teamId || !canViewSpace.holds(facts)) return null;
  return { membership, space, role: effectiveSpaceRole(facts), permissions: spaceFilePermissions(facts) };
}

/**
 * A space of the caller's team that they may view, by id or slug; anything else (another team's space, a private
 * space they are not in, a malformed id) is 404 'Space not found'.
 */
export async function requireSpaceAccess(
  db: Database,
  userId: string,
  where: { id: string } | { slug: string },
): Promise<SpaceAccess> {
  const membership = await requireMembership(db, userId);
  const isValidId = 'slug' in where || isUuid(where.id);
  const found = isValidId ? await findTeamSpaceWithRole(db, membership.teamId, userId, where) : null;
  const access = found ? decideSpaceAccess(membership, found.space, found.spaceRole) : null;
  if (!access) throw AppError.of('SPACE_NOT_FOUND');
  return access;
}

/** Editing a space, its members, roles and invitations: space admins (team admins everywhere). */
export function canManageSpace(access: SpaceAccess): boolean {
  return access.permissions.canManageRoles;
}
