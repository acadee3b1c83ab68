import type { AnalyticsGoals, DocumentSource, DocumentStatus } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  analyticsGoals,
  documents,
  spaces,
  tasks,
  teamInvitations,
  teamMessages,
  userRoles,
} from '../../db/schema/index.ts';
import { type Database, rowsOf } from '../../platform/db.ts';

/**
 * The analytics' reads of the team's current rows (documents, members, invitations, tasks, chat), days as UTC dates
 * (`YYYY-MM-DD`); what comes from the audit stream is read from its daily rollups (`modules/audit/rollups.ts`). The
 * team's documents are those of its spaces, those synced into it, and its members' own.
 */

export interface Period {
  teamId: string;
  from: Date;
}

interface DayRow {
  day: string;
  count: number | string;
}

const dayOf = (column: unknown) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Documents of the team: its spaces' files, what its members synced into it, and its members' own uploads. */
function teamDocuments(teamId: string) {
  return sql`(${documents.teamId} = ${teamId} OR ${documents.spaceId} IN (SELECT ${spaces.id} FROM ${spaces} WHERE ${spaces.teamId} = ${teamId}) OR ${documents.ownerId} IN (SELECT ${userRoles.userId} FROM ${userRoles} WHERE ${userRoles.teamId} = ${teamId}))`;
}

export async function readDocumentFigures(db: Database, { teamId, from }: Period) {
  const mine = teamDocuments(teamId);
  const grouped = rowsOf<{
    source: DocumentSource;
    mime: string | null;
    status: DocumentStatus;
    count: number | string;
    inSpaces: number | string;
  }>(
    await db.execute(sql`
      SELECT ${documents.source} AS source, ${documents.mimeType} AS mime, ${documents.status} AS status, count(*) AS count,
        count(*) FILTER (WHERE ${documents.spaceId} IS NOT NULL) AS "inSpaces"
      FROM ${documents} WHERE ${mine}
      GROUP BY 1, 2, 3`),
  );
  const added = rowsOf<DayRow>(
    await db.execute(sql`
      SELECT ${dayOf(documents.createdAt)} AS day, count(*) AS count
      FROM ${documents} WHERE ${mine} AND ${documents.createdAt} >= ${from}
      GROUP BY 1`),
  );
  return {
    groups: grouped.map((row) => ({ ...row, count: Number(row.count), inSpaces: Number(row.inSpaces) })),
    addedPerDay: added.map((row) => ({ day: row.day, count: Number(row.count) })),
  };
}

export async function readCollaboration(db: Database, { teamId, from }: Period) {
  const chat = rowsOf<DayRow>(
    await db.execute(sql`
      SELECT ${dayOf(teamMessages.createdAt)} AS day, count(*) AS count FROM ${teamMessages}
      WHERE ${teamMessages.teamId} = ${teamId} AND ${teamMessages.createdAt} >= ${from} AND ${teamMessages.kind} = 'member'
      GROUP BY 1`),
  );
  const [counts] = rowsOf<Record<'members' | 'invitationsAccepted' | 'tasksCreated' | 'tasksDone', number | string>>(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM ${userRoles} WHERE ${userRoles.teamId} = ${teamId}) AS members,
        (SELECT count(*) FROM ${teamInvitations} WHERE ${teamInvitations.teamId} = ${teamId} AND ${teamInvitations.acceptedAt} >= ${from}) AS "invitationsAccepted",
        (SELECT count(*) FROM ${tasks} WHERE ${tasks.teamId} = ${teamId} AND ${tasks.createdAt} >= ${from}) AS "tasksCreated",
        (SELECT count(*) FROM ${tasks} WHERE ${tasks.teamId} = ${teamId} AND ${tasks.completedAt} >= ${from}) AS "tasksDone"`),
  );
  return {
    chatPerDay: chat.map((row) => ({ day: row.day, count: Number(row.count) })),
    members: Number(counts?.members ?? 0),
    invitationsAccepted: Number(counts?.invitationsAccepted ?? 0),
    tasksCreated: Number(counts?.tasksCreated ?? 0),
    tasksDone: Number(counts?.tasksDone ?? 0),
  };
}

export async function readGoals(db: Database, teamId: string): Promise<AnalyticsGoals | null> {
  const [row] = await db
    .select({
      documents: analyticsGoals.documents,
      organisationPercent: analyticsGoals.organisationPercent,
      accuracyPercent: analyticsGoals.accuracyPercent,
    })
    .from(analyticsGoals)
    .where(sql`${analyticsGoals.teamId} = ${teamId}`);
  return row ?? null;
}

export async function saveGoals(db: Database, teamId: string, userId: string, goals: AnalyticsGoals): Promise<void> {
  await db
    .insert(analyticsGoals)
    .values({ teamId, ...goals, updatedBy: userId })
    .onConflictDoUpdate({ target: analyticsGoals.teamId, set: { ...goals, updatedBy: userId, updatedAt: new Date() } });
}
