import type { Role } from '@lumen/contract';
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  auditLogs,
  conversations,
  departments,
  documents,
  messages,
  teamEmployees,
  user,
  userRoles,
} from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { visibleDocumentsCondition } from '../access/index.ts';

export type AuditRow = typeof auditLogs.$inferSelect & {
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
};

const count = sql<number>`count(*)::int`;

/** Questions the team's active members asked the assistant in [from, to). */
export async function countTeamQueries(db: Database, teamId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ value: count })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(
      teamEmployees,
      and(
        eq(teamEmployees.userId, conversations.userId),
        eq(teamEmployees.teamId, teamId),
        eq(teamEmployees.status, 'active'),
      ),
    )
    .where(and(eq(messages.role, 'user'), gte(messages.createdAt, from), lt(messages.createdAt, to)));
  return row?.value ?? 0;
}

export async function countMembersByRole(db: Database, teamId: string): Promise<Record<Role, number>> {
  const rows = await db
    .select({ role: userRoles.role, value: count })
    .from(teamEmployees)
    .leftJoin(userRoles, and(eq(userRoles.userId, teamEmployees.userId), eq(userRoles.teamId, teamId)))
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.status, 'active')))
    .groupBy(userRoles.role);
  const byRole: Record<Role, number> = { admin: 0, team_lead: 0, employee: 0, viewer: 0 };
  // A member without a role row counts as an employee.
  for (const row of rows) byRole[row.role ?? 'employee'] += row.value;
  return byRole;
}

export async function countUserDocuments(db: Database, userId: string): Promise<{ total: number; ready: number }> {
  const [row] = await db
    .select({ total: count, ready: sql<number>`count(*) filter (where ${documents.status} = 'ready')::int` })
    .from(documents)
    .where(visibleDocumentsCondition(userId));
  return { total: row?.total ?? 0, ready: row?.ready ?? 0 };
}

/** The team's audit entries of these actions, newest first, before `beforeSeq` when given. */
export async function listTeamAudit(
  db: Database,
  teamId: string,
  {
    actions,
    limit,
    beforeSeq,
    visibleTo,
  }: { actions: readonly string[]; limit: number; beforeSeq: number | null; visibleTo: SQL },
): Promise<AuditRow[]> {
  const rows = await db
    .select({
      entry: auditLogs,
      actorFirstName: user.firstName,
      actorLastName: user.lastName,
      actorEmail: user.email,
    })
    .from(auditLogs)
    .leftJoin(user, eq(user.id, auditLogs.userId))
    .where(
      and(
        eq(auditLogs.teamId, teamId),
        inArray(auditLogs.action, [...actions]),
        beforeSeq === null ? undefined : lt(auditLogs.seq, beforeSeq),
        visibleTo,
      ),
    )
    .orderBy(desc(auditLogs.seq))
    .limit(limit);
  return rows.map((row) => ({
    ...row.entry,
    actorFirstName: row.actorFirstName,
    actorLastName: row.actorLastName,
    actorEmail: row.actorEmail,
  }));
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Active members whose name, email, role, department or custom labels contain the text. */
export async function searchMemberIds(db: Database, teamId: string, text: string, limit: number): Promise<string[]> {
  const pattern = containsPattern(text);
  const rows = await db
    .select({ userId: teamEmployees.userId })
    .from(teamEmployees)
    .innerJoin(user, eq(user.id, teamEmployees.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, teamEmployees.userId), eq(userRoles.teamId, teamId)))
    .leftJoin(departments, and(eq(departments.id, teamEmployees.departmentId), eq(departments.teamId, teamId)))
    .where(
      and(
        eq(teamEmployees.teamId, teamId),
        eq(teamEmployees.status, 'active'),
        or(
          ilike(sql`${user.firstName} || ' ' || ${user.lastName}`, pattern),
          ilike(user.email, pattern),
          ilike(sql`coalesce(${userRoles.role}::text, 'employee')`, pattern),
          ilike(departments.name, pattern),
          ilike(teamEmployees.customRole, pattern),
          ilike(teamEmployees.customDepartment, pattern),
        ),
      ),
    )
    .orderBy(user.firstName, user.lastName)
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** The user's documents whose title contains the text, newest first. */
export async function searchUserDocuments(db: Database, userId: string, text: string, limit: number) {
  return db
    .select({ id: documents.id, title: documents.title, mimeType: documents.mimeType, createdAt: documents.createdAt })
    .from(documents)
    .where(and(visibleDocumentsCondition(userId), ilike(documents.title, containsPattern(text))))
    .orderBy(desc(documents.createdAt))
    .limit(limit);
}
