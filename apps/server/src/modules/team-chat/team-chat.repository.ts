import { type Citation, TEAM_CHAT_PAGE_SIZE } from '@lumen/contract';
import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { teamChatReads, teamMessages, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

const messageColumns = {
  id: teamMessages.id,
  seq: teamMessages.seq,
  teamId: teamMessages.teamId,
  userId: teamMessages.userId,
  content: teamMessages.content,
  createdAt: teamMessages.createdAt,
  editedAt: teamMessages.editedAt,
  kind: teamMessages.kind,
  status: teamMessages.status,
  replyToId: teamMessages.replyToId,
  citations: teamMessages.citations,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  avatarUrl: user.image,
};

export interface TeamMessageRow {
  id: string;
  seq: number;
  teamId: string;
  userId: string | null;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  kind: 'member' | 'assistant';
  status: 'answering' | 'done' | 'failed';
  replyToId: string | null;
  citations: Citation[];
  /** The author's profile; null when the account is gone. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  avatarUrl: string | null;
}

function selectMessages(db: Database) {
  return db.select(messageColumns).from(teamMessages).leftJoin(user, eq(user.id, teamMessages.userId));
}

/**
 * A page of the team's room, oldest first: the newest page, the page before `before`, or what came after `after`. One
 * more row than a page is read to tell whether older ones remain.
 */
export async function listTeamMessages(
  db: Database,
  teamId: string,
  position: { before?: number; after?: number },
): Promise<{ rows: TeamMessageRow[]; hasOlder: boolean }> {
  if (position.after !== undefined) {
    const rows = await selectMessages(db)
      .where(and(eq(teamMessages.teamId, teamId), gt(teamMessages.seq, position.after)))
      .orderBy(asc(teamMessages.seq))
      .limit(TEAM_CHAT_PAGE_SIZE);
    return { rows, hasOlder: false };
  }
  const newestFirst = await selectMessages(db)
    .where(
      and(
        eq(teamMessages.teamId, teamId),
        position.before !== undefined ? lt(teamMessages.seq, position.before) : undefined,
      ),
    )
    .orderBy(desc(teamMessages.seq))
    .limit(TEAM_CHAT_PAGE_SIZE + 1);
  const hasOlder = newestFirst.length > TEAM_CHAT_PAGE_SIZE;
  return { rows: newestFirst.slice(0, TEAM_CHAT_PAGE_SIZE).reverse(), hasOlder };
}

export async function findTeamMessage(db: Database, teamId: string, id: string): Promise<TeamMessageRow | null> {
  const [row] = await selectMessages(db)
    .where(and(eq(teamMessages.teamId, teamId), eq(teamMessages.id, id)))
    .limit(1);
  return row ?? null;
}

/** A message by id alone (the answer job, which knows no team yet). */
export async function findMessageById(db: Database, id: string): Promise<TeamMessageRow | null> {
  const [row] = await selectMessages(db).where(eq(teamMessages.id, id)).limit(1);
  return row ?? null;
}

export async function insertTeamMessage(
  db: Database,
  values:
    | { teamId: string; userId: string; content: string }
    | { teamId: string; kind: 'assistant'; status: 'answering'; replyToId: string; content: '' },
): Promise<string> {
  const [row] = await db.insert(teamMessages).values(values).returning({ id: teamMessages.id });
  if (!row) throw new Error('team message not stored');
  return row.id;
}

export async function updateTeamMessageContent(db: Database, id: string, content: string): Promise<void> {
  await db.update(teamMessages).set({ content, editedAt: new Date() }).where(eq(teamMessages.id, id));
}

/**
 * Writes an assistant answer's text so far (and, once finished, its status and citations); false when the answer is
 * gone (deleted meanwhile) or no longer 'answering' (finished by another attempt).
 */
export async function updateAnswer(
  db: Database,
  id: string,
  values: { content: string; status?: 'done' | 'failed'; citations?: Citation[] },
): Promise<boolean> {
  const rows = await db
    .update(teamMessages)
    .set(values)
    .where(and(eq(teamMessages.id, id), eq(teamMessages.kind, 'assistant'), eq(teamMessages.status, 'answering')))
    .returning({ id: teamMessages.id });
  return rows.length > 0;
}

/** How many of the team's answers are still being written (so one team cannot queue the assistant without end). */
export async function countAnswering(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamMessages)
    .where(and(eq(teamMessages.teamId, teamId), eq(teamMessages.status, 'answering')));
  return Number(row?.count ?? 0);
}

export async function deleteTeamMessage(db: Database, id: string): Promise<void> {
  await db.delete(teamMessages).where(eq(teamMessages.id, id));
}

/** Moves the member's read position forward (never back: an older tab cannot undo a newer one's reading). */
export async function markRead(db: Database, userId: string, teamId: string, seq: number): Promise<void> {
  await db
    .insert(teamChatReads)
    .values({ userId, teamId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [teamChatReads.userId, teamChatReads.teamId],
      set: { lastReadSeq: sql`greatest(${teamChatReads.lastReadSeq}, ${seq})`, updatedAt: new Date() },
    });
}

/**
 * Messages of others after the member's read position, counted up to `cap + 1` (so the caller knows it was capped),
 * and that position.
 */
export async function countUnread(
  db: Database,
  userId: string,
  teamId: string,
  cap: number,
): Promise<{ count: number; lastReadSeq: number | null }> {
  const [read] = await db
    .select({ seq: teamChatReads.lastReadSeq })
    .from(teamChatReads)
    .where(and(eq(teamChatReads.userId, userId), eq(teamChatReads.teamId, teamId)));
  const unread = db
    .select({ id: teamMessages.id })
    .from(teamMessages)
    .where(
      and(
        eq(teamMessages.teamId, teamId),
        gt(teamMessages.seq, read?.seq ?? 0),
        or(isNull(teamMessages.userId), ne(teamMessages.userId, userId)),
      ),
    )
    .limit(cap + 1)
    .as('unread');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(unread);
  return { count: Number(row?.count ?? 0), lastReadSeq: read?.seq ?? null };
}
