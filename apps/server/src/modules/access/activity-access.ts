import { type SQL, sql } from 'drizzle-orm';
import { auditLogs, spaces, tasks } from '../../db/schema/index.ts';
import type { Membership } from './access.repository.ts';
import { viewableSpacesCondition } from './space-access.ts';
import { isManager, isTeamAdmin } from './team-access.ts';
import { canManageWorkItems } from './work-item-access.ts';

/** Activity actions about invitations: only those who may list the team's invitations see them. */
const INVITATION_ACTIONS = ['team_invite', 'invitation_revoke'] as const;

/**
 * THE rule for the team Activity feed (issue #15): an entry is shown only to someone who may see the thing it names.
 * A space's entries follow the space rule (a private space's name reaches its members and team admins only; a
 * deleted space's entries, whose privacy is gone with it, team admins only); an invitation's follow the invitation
 * list (managers); a task's follow the task list (managers, and the task's assignee). The team, its members,
 * departments and roles are every member's to see.
 */
export function visibleActivityCondition(membership: Membership, userId: string): SQL {
  const isSpaceEntry = sql`${auditLogs.resourceType} = 'space'`;
  const isTaskEntry = sql`${auditLogs.resourceType} = 'task'`;
  const isInvitationEntry = sql`${auditLogs.action} in (${sql.join(
    INVITATION_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  )})`;
  const spaceVisible = sql`(exists (select 1 from ${spaces} where ${spaces.id}::text = ${auditLogs.resourceId} and ${viewableSpacesCondition(
    userId,
  )}) or (${isTeamAdmin(membership) ? sql`true` : sql`false`} and not exists (select 1 from ${spaces} where ${
    spaces.id
  }::text = ${auditLogs.resourceId})))`;
  const taskVisible = canManageWorkItems(membership)
    ? sql`true`
    : sql`exists (select 1 from ${tasks} where ${tasks.id}::text = ${auditLogs.resourceId} and ${tasks.assignedTo} = ${userId})`;
  const invitationVisible = isManager(membership) ? sql`true` : sql`false`;
  return sql`(case
    when ${isSpaceEntry} then ${spaceVisible}
    when ${isTaskEntry} then ${taskVisible}
    when ${isInvitationEntry} then ${invitationVisible}
    else true
  end)`;
}
