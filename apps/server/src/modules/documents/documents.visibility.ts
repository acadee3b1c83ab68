import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { documents, spaceMembers, spaces, userRoles } from '../../db/schema/index.ts';

/**
 * The spaces of the user's team they may view: public ones, private ones they belong to, every one for a team admin
 * (the same rule as the spaces service), as a subquery of space ids.
 */
export function viewableSpaceIds(userId: string) {
  return sql`(
    select ${spaces.id} from ${spaces}
    join ${userRoles} on ${userRoles.teamId} = ${spaces.teamId} and ${userRoles.userId} = ${userId}
    where ${userRoles.role} = 'admin' or not ${spaces.isPrivate} or exists (
      select 1 from ${spaceMembers}
      where ${spaceMembers.spaceId} = ${spaces.id} and ${spaceMembers.userId} = ${userId} and ${spaceMembers.status} = 'active'
    )
  )`;
}

/**
 * THE rule for which documents a user may view, as a condition on the `documents` table. Every read of documents,
 * chunks and search passages goes through it: the user's own documents outside spaces, and the files of the spaces
 * they may view. Shares and connectors extend it here.
 */
export function visibleDocumentsCondition(userId: string, spaceId: string | null = null): SQL {
  // In a space's chat, only that space's documents (still only if the user may view the space).
  if (spaceId) return spaceDocumentsCondition(userId, spaceId);
  return or(
    and(eq(documents.ownerId, userId), isNull(documents.spaceId)),
    sql`${documents.spaceId} in ${viewableSpaceIds(userId)}`,
  ) as SQL;
}

/** The documents of one space (the space chat reads only these), for a user who may view that space. */
export function spaceDocumentsCondition(userId: string, spaceId: string): SQL {
  return and(eq(documents.spaceId, spaceId), sql`${documents.spaceId} in ${viewableSpaceIds(userId)}`) as SQL;
}

/**
 * Which documents a user may delete from the chat: their own, outside spaces. Space files are deleted from the space
 * (space admins only), where the role is checked.
 */
export function deletableDocumentsCondition(userId: string): SQL {
  return and(eq(documents.ownerId, userId), isNull(documents.spaceId)) as SQL;
}
