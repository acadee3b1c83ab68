import type { Role } from '@lumen/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { departments, teamEmployees, teamInvitations, teams, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type InvitationRow = typeof teamInvitations.$inferSelect;

export interface InvitationListRow extends InvitationRow {
  teamName: string;
  teamDescription: string | null;
  department: string | null;
  inviterFirstName: string | null;
  inviterLastName: string | null;
  inviterEmail: string | null;
}

const inviter = alias(user, 'inviter');

function selectInvitations(db: Database) {
  return db
    .select({
      invitation: teamInvitations,
      teamName: teams.name,
      teamDescription: teams.description,
      department: departments.name,
      inviterFirstName: inviter.firstName,
      inviterLastName: inviter.lastName,
      inviterEmail: inviter.email,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(
      departments,
      and(eq(departments.id, teamInvitations.departmentId), eq(departments.teamId, teamInvitations.teamId)),
    )
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectInvitations>['execute']>>[number];

function flatten(row: JoinedRow): InvitationListRow {
  return {
    ...row.invitation,
    teamName: row.teamName,
    teamDescription: row.teamDescription,
    department: row.department,
    inviterFirstName: row.inviterFirstName,
    inviterLastName: row.inviterLastName,
    inviterEmail: row.inviterEmail,
  };
}

export async function insertInvitation(
  db: Database,
  values: {
    teamId: string;
    email: string;
    fullName: string | null;
    role: Role;
    departmentId: string | null;
    customRole: string | null;
    customDepartment: string | null;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  if (!row) throw new Error('invitation not created');
  return row;
}

/** Withdraws the team's earlier pending invitations to this address: only the newest link works. */
export async function deletePendingInvitationsFor(db: Database, teamId: string, email: string): Promise<void> {
  await db
    .delete(teamInvitations)
    .where(
      and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), isNull(teamInvitations.acceptedAt)),
    );
}

/** One of the team's invitations, with department and inviter; null for another team's id. */
export async function findTeamInvitation(
  db: Database,
  teamId: string,
  invitationId: string,
): Promise<InvitationListRow | null> {
  const [row] = await selectInvitations(db)
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, invitationId)))
    .limit(1);
  return row ? flatten(row) : null;
}

/** The team's invitations still waiting for an answer, newest first. */
export async function listPendingInvitations(db: Database, teamId: string, now: Date): Promise<InvitationListRow[]> {
  const rows = await selectInvitations(db)
    .where(
      and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)),
    )
    .orderBy(desc(teamInvitations.createdAt))
    .limit(200);
  return rows.map(flatten);
}

export async function countPendingInvitations(db: Database, teamId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(
      and(eq(teamInvitations.teamId, teamId), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)),
    );
  return row?.value ?? 0;
}

export async function deleteInvitation(db: Database, teamId: string, invitationId: string): Promise<void> {
  await db.delete(teamInvitations).where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.id, invitationId)));
}

/** An invitation by its id (the link's secret) with its team; `forUpdate` locks it for an acceptance. */
export async function findInvitationWithTeam(
  db: Database,
  invitationId: string,
  { forUpdate = false } = {},
): Promise<InvitationListRow | null> {
  const query = selectInvitations(db).where(eq(teamInvitations.id, invitationId)).limit(1);
  const [row] = forUpdate ? await query.for('update', { of: teamInvitations }) : await query;
  return row ? flatten(row) : null;
}

export async function markAccepted(db: Database, invitationId: string, userId: string): Promise<void> {
  await db
    .update(teamInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(eq(teamInvitations.id, invitationId));
}

/** Whether the address belongs to an active member of the team. */
export async function isActiveMemberEmail(db: Database, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamEmployees.id })
    .from(teamEmployees)
    .innerJoin(user, eq(user.id, teamEmployees.userId))
    .where(
      and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.status, 'active'), sql`lower(${user.email}) = ${email}`),
    )
    .limit(1);
  return Boolean(row);
}

export async function clearPendingInviteCode(db: Database, userId: string): Promise<void> {
  await db.update(user).set({ inviteCode: null }).where(eq(user.id, userId));
}
