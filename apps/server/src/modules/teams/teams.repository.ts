import type { Role } from '@lumen/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { departments, teamEmployees, teams, user, userRoles } from '../../db/schema/index.ts';
import { type Database, placeholderFor, preparedPerHandle } from '../../platform/db.ts';

export type TeamRow = typeof teams.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;

export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  role: Role | null;
  departmentId: string | null;
  department: string | null;
  customRole: string | null;
  customDepartment: string | null;
  joinedAt: Date;
  status: 'active' | 'inactive';
}

export async function insertTeam(
  db: Database,
  values: { name: string; description: string | null; createdBy: string },
): Promise<TeamRow> {
  const [team] = await db.insert(teams).values(values).returning();
  if (!team) throw new Error('team not created');
  return team;
}

export async function insertRole(db: Database, values: { userId: string; teamId: string; role: Role }): Promise<void> {
  await db.insert(userRoles).values(values);
}

export interface EmployeeValues {
  userId: string;
  teamId: string;
  departmentId?: string | null;
  customRole?: string | null;
  customDepartment?: string | null;
}

/** Adds the member's record, or reactivates it (a former member re-joining) with the new department and labels. */
export async function insertEmployee(db: Database, values: EmployeeValues): Promise<void> {
  const details = {
    departmentId: values.departmentId ?? null,
    customRole: values.customRole ?? null,
    customDepartment: values.customDepartment ?? null,
  };
  await db
    .insert(teamEmployees)
    .values({ userId: values.userId, teamId: values.teamId, ...details })
    .onConflictDoUpdate({
      target: [teamEmployees.teamId, teamEmployees.userId],
      set: { status: 'active', joinedAt: sql`now()`, ...details },
    });
}

export async function insertDepartments(db: Database, teamId: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.insert(departments).values(names.map((name) => ({ teamId, name })));
}

export async function findTeamWithCounts(
  db: Database,
  teamId: string,
): Promise<(TeamRow & { memberCount: number; departmentCount: number }) | null> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) return null;
  const [members] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(teamEmployees)
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.status, 'active')));
  const [teamDepartments] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(departments)
    .where(eq(departments.teamId, teamId));
  return { ...team, memberCount: members?.value ?? 0, departmentCount: teamDepartments?.value ?? 0 };
}

function selectMembers(db: Database, teamId: string) {
  return db
    .select({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatarUrl: user.image,
      role: userRoles.role,
      departmentId: teamEmployees.departmentId,
      department: departments.name,
      customRole: teamEmployees.customRole,
      customDepartment: teamEmployees.customDepartment,
      joinedAt: teamEmployees.joinedAt,
      status: teamEmployees.status,
    })
    .from(teamEmployees)
    .innerJoin(user, eq(user.id, teamEmployees.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, teamEmployees.userId), eq(userRoles.teamId, teamId)))
    .leftJoin(departments, and(eq(departments.id, teamEmployees.departmentId), eq(departments.teamId, teamId)))
    .$dynamic();
}

const listActiveMembersStatement = preparedPerHandle((db) => {
  const teamId = placeholderFor<string>('teamId');
  return selectMembers(db, teamId)
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.status, 'active')))
    .orderBy(asc(teamEmployees.joinedAt), asc(user.email))
    .prepare('list_active_members');
});

/** The team's active members with their profile, role and department, oldest first. */
export async function listActiveMembers(db: Database, teamId: string): Promise<MemberRow[]> {
  return listActiveMembersStatement(db).execute({ teamId });
}

/** One active member of the team, or null when the user is not (or no longer) in it. */
export async function findActiveMember(db: Database, teamId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await selectMembers(db, teamId)
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.userId, userId), eq(teamEmployees.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** The member's role in the team, or null when they have none there. */
export async function findRoleInTeam(db: Database, teamId: string, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.teamId, teamId), eq(userRoles.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Sets a member's role in the team (creating the row when the member had the default). */
export async function upsertRoleInTeam(db: Database, teamId: string, userId: string, role: Role): Promise<void> {
  const updated = await db
    .update(userRoles)
    .set({ role, updatedAt: sql`now()` })
    .where(and(eq(userRoles.teamId, teamId), eq(userRoles.userId, userId)))
    .returning({ id: userRoles.id });
  if (updated.length === 0) await db.insert(userRoles).values({ teamId, userId, role });
}

export async function countAdmins(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(and(eq(userRoles.teamId, teamId), eq(userRoles.role, 'admin')));
  return row?.value ?? 0;
}

/** Locks the team's role rows so concurrent demotions and removals see each other (the last-admin rule). */
export async function lockTeamRoles(db: Database, teamId: string): Promise<void> {
  await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.teamId, teamId)).for('update');
}

/** Removes the member's role and marks their team record inactive. */
export async function deactivateMember(db: Database, teamId: string, userId: string): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.teamId, teamId), eq(userRoles.userId, userId)));
  await db
    .update(teamEmployees)
    .set({ status: 'inactive' })
    .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.userId, userId)));
}

export async function listDepartments(db: Database, teamId: string): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.teamId, teamId))
    .orderBy(asc(departments.createdAt), asc(departments.name));
}

export async function findDepartment(
  db: Database,
  teamId: string,
  departmentId: string,
): Promise<DepartmentRow | null> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.teamId, teamId), eq(departments.id, departmentId)))
    .limit(1);
  return row ?? null;
}

export async function insertDepartment(db: Database, teamId: string, name: string): Promise<DepartmentRow> {
  const [row] = await db.insert(departments).values({ teamId, name }).returning();
  if (!row) throw new Error('department not created');
  return row;
}

export async function renameDepartment(
  db: Database,
  teamId: string,
  departmentId: string,
  name: string,
): Promise<DepartmentRow | null> {
  const [row] = await db
    .update(departments)
    .set({ name })
    .where(and(eq(departments.teamId, teamId), eq(departments.id, departmentId)))
    .returning();
  return row ?? null;
}

/** Deletes the department; the deleted row, or null when the team has no such department. */
export async function deleteDepartment(
  db: Database,
  teamId: string,
  departmentId: string,
): Promise<DepartmentRow | null> {
  const [deleted] = await db
    .delete(departments)
    .where(and(eq(departments.teamId, teamId), eq(departments.id, departmentId)))
    .returning();
  return deleted ?? null;
}
