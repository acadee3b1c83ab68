import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { sharedFiles } from '../../db/schema/index.ts';
import type { Membership } from './access.repository.ts';
import { type AccessRule, anyOf, clause } from './access-rule.ts';
import { canViewSpace, type SpaceViewerFacts, viewableSpaceIds } from './space-access.ts';
import { isManager, isTeamAdmin } from './team-access.ts';

/** What decides whether a member of the share's team may see a shared file. */
export interface SharedFileViewerFacts {
  isRecipient: boolean;
  isSharer: boolean;
  hasRecipient: boolean;
  /** The viewer's facts about the space it was shared with; null when it was not shared with a space. */
  space: SpaceViewerFacts | null;
}

export interface SharedFileViewerScope {
  userId: string;
}

const isSharedWithWholeTeam = clause<SharedFileViewerFacts, SharedFileViewerScope>(
  (facts) => !facts.hasRecipient && facts.space === null,
  () => and(isNull(sharedFiles.sharedWithUserId), isNull(sharedFiles.spaceId)) as SQL,
);

const isRecipient = clause<SharedFileViewerFacts, SharedFileViewerScope>(
  (facts) => facts.isRecipient,
  ({ userId }) => eq(sharedFiles.sharedWithUserId, userId),
);

const isSharer = clause<SharedFileViewerFacts, SharedFileViewerScope>(
  (facts) => facts.isSharer,
  ({ userId }) => eq(sharedFiles.sharedBy, userId),
);

const isSharedWithViewableSpace = clause<SharedFileViewerFacts, SharedFileViewerScope>(
  (facts) => facts.space !== null && canViewSpace.holds(facts.space),
  ({ userId }) => sql`${sharedFiles.spaceId} in ${viewableSpaceIds(userId)}`,
);

/**
 * THE rule for which shares of their team a member sees: those with the whole team, with them, by them, and those with
 * a space they may view. Queries also scope shares to the caller's team.
 */
export const canViewSharedFile: AccessRule<SharedFileViewerFacts, SharedFileViewerScope> = anyOf(
  isSharedWithWholeTeam,
  isRecipient,
  isSharer,
  isSharedWithViewableSpace,
);

export function visibleSharedFilesCondition(userId: string): SQL {
  return canViewSharedFile.where({ userId });
}

/** Managers create and delete tasks, share files, and list every task and share of the team. */
export function canManageWorkItems(membership: Membership): boolean {
  return isManager(membership);
}

/** A task is ticked by its assignee or a manager. */
export function canUpdateTask(membership: Membership, userId: string, task: { assignedTo: string | null }): boolean {
  return task.assignedTo === userId || isManager(membership);
}

/** A share is removed by its sharer or a team admin. */
export function canRemoveSharedFile(
  membership: Membership,
  userId: string,
  file: { sharedBy: string | null },
): boolean {
  return file.sharedBy === userId || isTeamAdmin(membership);
}
