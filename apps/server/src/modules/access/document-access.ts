import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  connectionAccessGroups,
  documents,
  searchScopes,
  spaceMembers,
  spaces,
  user,
  userRoles,
} from '../../db/schema/index.ts';
import { type AccessRule, allOf, anyOf, clause, negate } from './access-rule.ts';
import { canViewSpace, type SpaceViewerFacts, spaceFilePermissions, viewableSpaceIds } from './space-access.ts';

/** What decides whether a user may view a document. */
export interface DocumentViewerFacts {
  isOwner: boolean;
  /**
   * A synced document whose source shares it with the viewer (`documents.shared_with` names the viewer's account
   * email, or an access group the viewer's own connection to the source belongs to: a Slack channel they are in, a
   * Confluence space they can read; ADR 0103), and the viewer is a member of the document's team (the team its owner
   * connected from).
   */
  isSharedWithTeammate: boolean;
  /** The viewer's facts about the document's space; null for a document outside spaces. */
  space: SpaceViewerFacts | null;
}

/** The SQL scope: a condition on the `documents` table for this user. */
export interface DocumentViewerScope {
  userId: string;
}

const isOwnDocument = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.isOwner,
  ({ userId }) => eq(documents.ownerId, userId),
);

const isSharedWithTeammate = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.isSharedWithTeammate,
  ({ userId }) =>
    sql`(${documents.teamId} is not null and exists (select 1 from ${userRoles} where ${userRoles.teamId} = ${documents.teamId} and ${userRoles.userId} = ${userId}) and (exists (select 1 from ${user} where ${user.id} = ${userId} and lower(${user.email}) = any(${documents.sharedWith})) or exists (select 1 from ${connectionAccessGroups} where ${connectionAccessGroups.userId} = ${userId} and ${connectionAccessGroups.groupKey} = any(${documents.sharedWith}))))`,
);

const isInSpace = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.space !== null,
  () => sql`${documents.spaceId} is not null`,
);

const isInViewableSpace = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.space !== null && canViewSpace.holds(facts.space),
  ({ userId }) => sql`${documents.spaceId} in ${viewableSpaceIds(userId)}`,
);

/**
 * THE rule for which documents a user may view: their own documents outside spaces, synced documents the source
 * shares with them when they are in the document's team, and the files of the spaces they may view. Every read of
 * documents, chunks and search passages goes through it.
 */
export const canViewDocument: AccessRule<DocumentViewerFacts, DocumentViewerScope> = anyOf(
  allOf(anyOf(isOwnDocument, isSharedWithTeammate), negate(isInSpace)),
  isInViewableSpace,
);

const isInTeamPublicSpace = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.space !== null && facts.space.teamRole !== null && !facts.space.isPrivate,
  ({ userId }) =>
    sql`${documents.spaceId} in (select ${spaces.id} from ${spaces} where not ${spaces.isPrivate} and exists (select 1 from ${userRoles} where ${userRoles.teamId} = ${spaces.teamId} and ${userRoles.userId} = ${userId}))`,
);

/**
 * What the assistant may read when a member asks it in the team room, where every member reads the answer: only
 * documents every member of the team may view, which are the files of the team's public spaces. Never anyone's own
 * files, synced documents (shared with some teammates at the source) or a private space's files, even when the one
 * asking may view them.
 */
export const canReadInTeamRoom: AccessRule<DocumentViewerFacts, DocumentViewerScope> = allOf(
  canViewDocument,
  isInTeamPublicSpace,
);

/**
 * Where a read looks among the documents a user may view: everywhere (null), one space's files (that space's chat),
 * or the team room's (`canReadInTeamRoom`).
 */
export type DocumentArea = null | { spaceId: string } | { isTeamRoom: true };

export const TEAM_ROOM_AREA: DocumentArea = { isTeamRoom: true };

/** The area of a chat: its space's, or everywhere. */
export function areaOfSpace(spaceId: string | null): DocumentArea {
  return spaceId ? { spaceId } : null;
}

/** Which documents a user may delete from the chat: their own, outside spaces (space files are deleted by role). */
export const canDeleteDocumentFromChat: AccessRule<DocumentViewerFacts, DocumentViewerScope> = allOf(
  isOwnDocument,
  negate(isInSpace),
);

/** The documents a user may view as a condition on `documents`, within an area (a space's chat, the team room). */
export function visibleDocumentsCondition(userId: string, area: DocumentArea = null): SQL {
  if (area && 'isTeamRoom' in area) return canReadInTeamRoom.where({ userId });
  const visible = canViewDocument.where({ userId });
  return area ? (and(eq(documents.spaceId, area.spaceId), visible) as SQL) : visible;
}

const isInEditableSpace = clause<DocumentViewerFacts, DocumentViewerScope>(
  (facts) => facts.space !== null && spaceFilePermissions(facts.space).canEdit,
  ({ userId }) =>
    sql`${documents.spaceId} in (select ${spaces.id} from ${spaces} where ${canViewSpace.where({ userId })} and (exists (select 1 from ${userRoles} where ${userRoles.teamId} = ${spaces.teamId} and ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin') or exists (select 1 from ${spaceMembers} where ${spaceMembers.spaceId} = ${spaces.id} and ${spaceMembers.userId} = ${userId} and ${spaceMembers.status} = 'active' and ${spaceMembers.role} in ('admin', 'team_lead'))))`,
);

/**
 * Which documents a user may change (the document hub's process: tagged and indexed again): their own outside
 * spaces, and a space's files where the space file matrix lets them edit (space admins and team leads; team admins
 * everywhere) — the same rule that decides renaming. Someone else's synced document is theirs to change, not the
 * viewer's.
 */
export const canEditDocument: AccessRule<DocumentViewerFacts, DocumentViewerScope> = anyOf(
  allOf(isOwnDocument, negate(isInSpace)),
  isInEditableSpace,
);

export function editableDocumentsCondition(userId: string): SQL {
  return canEditDocument.where({ userId });
}

export function deletableDocumentsCondition(userId: string): SQL {
  return canDeleteDocumentFromChat.where({ userId });
}

/**
 * The ids of the search scopes (ADR 0017) holding documents the user may view, as a subquery; within an area, only
 * its own. A scope's key columns are the document facts the viewing rule reads, under the same names, so the rule
 * itself is read over `search_scopes` as if each scope were one of its documents: no second definition. The first
 * condition is only a superset (the user's own scopes, viewable spaces, their teams' shares) that lets the planner
 * reach the few candidate scopes by index. `access.agreement.test.ts` proves every document the rule lets a user view
 * is indexed in one of these scopes.
 */
export function searchScopeIds(userId: string, area: DocumentArea = null): SQL {
  return sql`(select ${documents.id} from ${searchScopes} as ${documents} where (${documents.ownerId} = ${userId} or ${documents.spaceId} in ${viewableSpaceIds(userId)} or ${documents.teamId} in (select ${userRoles.teamId} from ${userRoles} where ${userRoles.userId} = ${userId})) and ${visibleDocumentsCondition(userId, area)})`;
}
