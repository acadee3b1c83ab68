import type { AnalyticsGoals, DocumentSource, DocumentStatus } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  analyticsGoals,
  auditLogs,
  clientEvents,
  documents,
  spaces,
  tasks,
  teamInvitations,
  teamMessages,
  userRoles,
} from '../../db/schema/index.ts';
import { type Database, rowsOf } from '../../platform/db.ts';

/**
 * The analytics' reads: each figure one aggregate statement over the team's rows in the period, days as UTC dates
 * (`YYYY-MM-DD`). The team's documents are those of its spaces, those synced into it, and its members' own.
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

export async function readQueries(db: Database, { teamId, from }: Period) {
  const perDay = rowsOf<{ day: string; answered: number | string; declined: number | string }>(
    await db.execute(sql`
      SELECT ${dayOf(auditLogs.createdAt)} AS day,
        count(*) FILTER (WHERE (${auditLogs.metadata}->>'isAnswered')::boolean) AS answered,
        count(*) FILTER (WHERE NOT coalesce((${auditLogs.metadata}->>'isAnswered')::boolean, false)) AS declined
      FROM ${auditLogs}
      WHERE ${auditLogs.teamId} = ${teamId} AND ${auditLogs.action} = 'ai_query' AND ${auditLogs.createdAt} >= ${from}
      GROUP BY 1`),
  );
  const [timing] = rowsOf<{ p50: number | string | null; p95: number | string | null }>(
    await db.execute(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY (${auditLogs.metadata}->>'durationMs')::numeric) AS p50,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY (${auditLogs.metadata}->>'durationMs')::numeric) AS p95
      FROM ${auditLogs}
      WHERE ${auditLogs.teamId} = ${teamId} AND ${auditLogs.action} = 'ai_query' AND ${auditLogs.createdAt} >= ${from}
        AND ${auditLogs.metadata} ? 'durationMs'`),
  );
  return {
    perDay: perDay.map((row) => ({ day: row.day, answered: Number(row.answered), declined: Number(row.declined) })),
    p50: timing?.p50 === null || timing?.p50 === undefined ? null : Number(timing.p50),
    p95: timing?.p95 === null || timing?.p95 === undefined ? null : Number(timing.p95),
  };
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
  const active = rowsOf<DayRow>(
    await db.execute(sql`
      SELECT day, count(DISTINCT user_id) AS count FROM (
        SELECT ${dayOf(auditLogs.createdAt)} AS day, ${auditLogs.userId} AS user_id FROM ${auditLogs}
        WHERE ${auditLogs.teamId} = ${teamId} AND ${auditLogs.createdAt} >= ${from} AND ${auditLogs.userId} IS NOT NULL
        UNION ALL
        SELECT ${dayOf(clientEvents.receivedAt)}, ${clientEvents.userId} FROM ${clientEvents}
        WHERE ${clientEvents.teamId} = ${teamId} AND ${clientEvents.receivedAt} >= ${from} AND ${clientEvents.userId} IS NOT NULL
      ) AS activity GROUP BY day`),
  );
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
    activePerDay: active.map((row) => ({ day: row.day, count: Number(row.count) })),
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
