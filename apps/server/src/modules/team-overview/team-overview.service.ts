import {
  type ActivityEntry,
  type ActivityList,
  type ActivityQuery,
  displayName,
  TEAM_AUDIT_ACTIONS,
  type TeamAuditAction,
  type TeamSearchResult,
  type TeamStats,
} from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { DAY_MS, startOfLocalDay } from '../../platform/time.ts';
import { isManager, requireMembership, visibleActivityCondition } from '../access/index.ts';
import { countUserConversations } from '../conversations/index.ts';
import { countPending } from '../invitations/index.ts';
import { countTeamSpaces, searchVisibleSpaces } from '../spaces/index.ts';
import { findTeamWithCounts, listActiveMembers, toMember } from '../teams/index.ts';
import {
  type AuditRow,
  containsPattern,
  countMembersByRole,
  countTeamQueries,
  countUserDocuments,
  listTeamAudit,
  searchMemberIds,
  searchUserDocuments,
} from './team-overview.repository.ts';

const SEARCH_LIMIT = 8;
const DETAIL_KEYS = ['role', 'previousRole', 'name', 'previousName'] as const;

/** The figures of the team screens' stat cards; "today" is the caller's day (`tzOffset` as getTimezoneOffset()). */
export async function getTeamStats(db: Database, userId: string, tzOffset: number): Promise<TeamStats> {
  const membership = await requireMembership(db, userId);
  const { teamId } = membership;
  const now = new Date();
  const todayStart = startOfLocalDay(now, tzOffset);
  const tomorrowStart = new Date(todayStart.getTime() + DAY_MS);
  const [
    team,
    membersByRole,
    queriesToday,
    queriesThisWeek,
    userDocuments,
    conversationCount,
    pendingInvitations,
    spaceCount,
  ] = await Promise.all([
    findTeamWithCounts(db, teamId),
    countMembersByRole(db, teamId),
    countTeamQueries(db, teamId, todayStart, tomorrowStart),
    countTeamQueries(db, teamId, new Date(todayStart.getTime() - 6 * DAY_MS), tomorrowStart),
    countUserDocuments(db, userId),
    countUserConversations(db, userId),
    isManager(membership) ? countPending(db, teamId) : Promise.resolve(null),
    countTeamSpaces(db, teamId),
  ]);
  if (!team) throw AppError.of('NO_TEAM');
  return {
    memberCount: team.memberCount,
    departmentCount: team.departmentCount,
    spaceCount,
    aiQueriesToday: queriesToday,
    aiQueriesThisWeek: queriesThisWeek,
    documentCount: userDocuments.total,
    readyDocumentCount: userDocuments.ready,
    conversationCount,
    pendingInvitationCount: pendingInvitations,
    membersByRole,
  };
}

function isTeamAction(action: string): action is TeamAuditAction {
  return (TEAM_AUDIT_ACTIONS as readonly string[]).includes(action);
}

function toActivityEntry(row: AuditRow & { action: TeamAuditAction }): ActivityEntry {
  const metadata = row.metadata ?? {};
  const details: Record<string, string> = {};
  for (const key of DETAIL_KEYS) {
    const value = metadata[key];
    if (typeof value === 'string') details[key] = value;
  }
  const actorName = displayName({ firstName: row.actorFirstName, lastName: row.actorLastName, email: row.actorEmail });
  return {
    id: row.id,
    action: row.action,
    severity: row.severity,
    actor: row.userId || actorName ? { userId: row.userId, name: actorName ?? 'Unknown User' } : null,
    target: typeof metadata.target === 'string' ? metadata.target : null,
    details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The team's events from the audit log, newest first; every member of the team may read them. */
export async function listActivity(db: Database, userId: string, query: ActivityQuery): Promise<ActivityList> {
  const membership = await requireMembership(db, userId);
  const { teamId } = membership;
  // A position the log can have: a whole number bigint holds, never one PostgreSQL would refuse with a 500.
  const beforeSeq = query.cursor && /^\d{1,15}$/.test(query.cursor) ? Number(query.cursor) : null;
  if (query.cursor && beforeSeq === null) throw AppError.of('ACTIVITY_CURSOR_INVALID');
  const rows = await listTeamAudit(db, teamId, {
    actions: TEAM_AUDIT_ACTIONS,
    limit: query.limit + 1,
    beforeSeq,
    // Each entry passes the rule of the thing it names: a private space's name never reaches a non-member.
    visibleTo: visibleActivityCondition(membership, userId),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.flatMap((row) => (isTeamAction(row.action) ? [toActivityEntry({ ...row, action: row.action })] : [])),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}

/** The team's members and spaces and the caller's documents whose names contain the text. */
export async function searchTeam(db: Database, userId: string, text: string): Promise<TeamSearchResult> {
  const { teamId } = await requireMembership(db, userId);
  const [memberIds, documentRows, spaceRows] = await Promise.all([
    searchMemberIds(db, teamId, text, SEARCH_LIMIT),
    searchUserDocuments(db, userId, text, SEARCH_LIMIT),
    searchVisibleSpaces(db, teamId, userId, containsPattern(text), SEARCH_LIMIT),
  ]);
  const wanted = new Set(memberIds);
  const members = (await listActiveMembers(db, teamId)).filter((row) => wanted.has(row.userId)).map(toMember);
  return {
    members,
    spaces: spaceRows.map((row) => ({ id: row.id, name: row.name, description: row.description })),
    documents: documentRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
