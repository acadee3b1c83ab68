import {
  type CreateTeamInput,
  type CreateTeamResponse,
  type CurrentTeam,
  DEFAULT_DEPARTMENTS,
  type Department,
  deriveRoleState,
  displayName,
  type Role,
  TEAM_MESSAGES,
  type Team,
  type TeamMember,
} from '@lumen/contract';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-user.ts';
import {
  assertManager,
  canAssignRoles,
  canGrantRole,
  findMembership,
  forgetMemberships,
  isManager,
  type Membership,
  requireManager,
  requireMembership,
} from '../access/index.ts';
import {
  countAdmins,
  type DepartmentRow,
  deactivateMember,
  deleteDepartment,
  type EmployeeValues,
  findActiveMember,
  findDepartment,
  findRoleInTeam,
  findTeamWithCounts,
  insertDepartment,
  insertDepartments,
  insertEmployee,
  insertRole,
  insertTeam,
  listActiveMembers,
  listDepartments,
  lockTeamRoles,
  type MemberRow,
  renameDepartment,
  type TeamRow,
  upsertRoleInTeam,
} from './teams.repository.ts';

function toTeam(row: TeamRow): Team {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() };
}

export function toMember(row: MemberRow): TeamMember {
  return { ...row, role: row.role ?? 'employee', joinedAt: row.joinedAt.toISOString() };
}

/** The name activity entries show for a member. */
function memberName(row: Pick<MemberRow, 'firstName' | 'lastName' | 'email'>): string {
  return displayName(row);
}

function toDepartment(row: DepartmentRow): Department {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

/**
 * A department of the caller's team, looked up before any permission check so that another team's id answers 404
 * to everyone, whatever their role.
 */
async function requireDepartment(db: Database, userId: string, departmentId: string): Promise<Membership> {
  const membership = await requireMembership(db, userId);
  if (!(await findDepartment(db, membership.teamId, departmentId))) {
    throw AppError.of('DEPARTMENT_NOT_FOUND');
  }
  assertManager(membership);
  return membership;
}

/** A user joins a team (an accepted invitation): their role and an active member record, in the caller's transaction. */
export async function joinTeam(tx: Database, values: EmployeeValues & { role: Role }): Promise<void> {
  const { role, ...employee } = values;
  await insertRole(tx, { userId: values.userId, teamId: values.teamId, role });
  await insertEmployee(tx, employee);
}

/** A department of the team, or null. */
export async function findTeamDepartment(
  db: Database,
  teamId: string,
  departmentId: string,
): Promise<DepartmentRow | null> {
  return findDepartment(db, teamId, departmentId);
}

/** Creates the team, makes the creator its admin and active member, and adds the default departments, atomically. */
export async function createTeam(db: Database, actor: Actor, input: CreateTeamInput): Promise<CreateTeamResponse> {
  const { userId } = actor;
  if (await findMembership(db, userId)) throw AppError.of('ALREADY_IN_TEAM');
  let team: TeamRow;
  try {
    team = await db.transaction(async (tx) => {
      const created = await insertTeam(tx, {
        name: input.name,
        description: input.description ? input.description : null,
        createdBy: userId,
      });
      await insertRole(tx, { userId, teamId: created.id, role: 'admin' });
      await insertEmployee(tx, { userId, teamId: created.id });
      await insertDepartments(tx, created.id, DEFAULT_DEPARTMENTS);
      await writeAuditEntry(tx, actor, {
        teamId: created.id,
        action: 'team_create',
        resourceType: 'team',
        resourceId: created.id,
        newValues: { name: created.name },
        metadata: { target: created.name },
        severity: 'low',
      });
      return created;
    });
  } catch (error) {
    // user_roles.user_id is unique: a concurrent creation by the same user lost the race.
    if (isUniqueViolation(error)) throw AppError.of('ALREADY_IN_TEAM');
    throw error;
  }
  return {
    team: toTeam(team),
    roleState: deriveRoleState({ role: 'admin', teamId: team.id, teamName: team.name }),
    message: TEAM_MESSAGES.created,
  };
}

export async function getCurrentTeam(db: Database, userId: string): Promise<CurrentTeam> {
  const { teamId } = await requireMembership(db, userId);
  const row = await findTeamWithCounts(db, teamId);
  if (!row) throw AppError.of('NO_TEAM');
  return { ...toTeam(row), memberCount: row.memberCount, departmentCount: row.departmentCount };
}

export async function listMembers(db: Database, userId: string): Promise<{ members: TeamMember[] }> {
  const { teamId } = await requireMembership(db, userId);
  return { members: (await listActiveMembers(db, teamId)).map(toMember) };
}

export async function getDepartments(db: Database, userId: string): Promise<{ departments: Department[] }> {
  const { teamId } = await requireMembership(db, userId);
  return { departments: (await listDepartments(db, teamId)).map(toDepartment) };
}

export async function addDepartment(db: Database, actor: Actor, name: string): Promise<Department> {
  const { teamId } = await requireManager(db, actor.userId);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertDepartment(tx, teamId, name);
      await writeAuditEntry(tx, actor, {
        teamId,
        action: 'department_create',
        resourceType: 'department',
        resourceId: row.id,
        newValues: { name: row.name },
        metadata: { target: row.name },
      });
      return toDepartment(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of('DEPARTMENT_NAME_TAKEN');
    throw error;
  }
}

export async function updateDepartmentName(
  db: Database,
  actor: Actor,
  departmentId: string,
  name: string,
): Promise<Department> {
  const { teamId } = await requireDepartment(db, actor.userId, departmentId);
  let row: DepartmentRow | null;
  try {
    row = await db.transaction(async (tx) => {
      const previous = await findDepartment(tx, teamId, departmentId);
      const renamed = await renameDepartment(tx, teamId, departmentId, name);
      if (previous && renamed && previous.name !== renamed.name) {
        await writeAuditEntry(tx, actor, {
          teamId,
          action: 'department_update',
          resourceType: 'department',
          resourceId: departmentId,
          oldValues: { name: previous.name },
          newValues: { name: renamed.name },
          metadata: { target: renamed.name, previousName: previous.name },
        });
      }
      return renamed;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of('DEPARTMENT_NAME_TAKEN');
    throw error;
  }
  if (!row) throw AppError.of('DEPARTMENT_NOT_FOUND');
  return toDepartment(row);
}

/** Deletes a department; its members keep no department (the foreign key sets it to null). */
export async function removeDepartment(db: Database, actor: Actor, departmentId: string): Promise<void> {
  const { teamId } = await requireDepartment(db, actor.userId, departmentId);
  await db.transaction(async (tx) => {
    const deleted = await deleteDepartment(tx, teamId, departmentId);
    if (!deleted) throw AppError.of('DEPARTMENT_NOT_FOUND');
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'department_delete',
      resourceType: 'department',
      resourceId: departmentId,
      oldValues: { name: deleted.name },
      metadata: { target: deleted.name },
    });
  });
}

/**
 * Assigns a role: only an admin may, nobody grants above their own rank, and the last admin keeps the role. Another
 * team's user ids answer 404.
 */
export async function assignRole(
  db: Database,
  actor: Actor,
  targetUserId: string,
  role: Role,
): Promise<{ member: TeamMember; message: string }> {
  const { userId } = actor;
  const { teamId } = await requireMembership(db, userId);
  const member = await db.transaction(async (tx) => {
    await lockTeamRoles(tx, teamId);
    // The target is looked up first: another team's user id answers 404 to everyone.
    if (!(await findActiveMember(tx, teamId, targetUserId))) throw AppError.of('MEMBER_NOT_FOUND');
    // The caller's role is read again under the lock: a concurrent demotion of the caller counts.
    const callerRole = await findRoleInTeam(tx, teamId, userId);
    if (!callerRole || !canAssignRoles({ teamId, role: callerRole })) {
      throw AppError.of('ONLY_ADMINS_ASSIGN_ROLES');
    }
    if (!canGrantRole(callerRole, role)) {
      throw AppError.of('ROLE_ABOVE_OWN');
    }
    const current = await findRoleInTeam(tx, teamId, targetUserId);
    if (current === 'admin' && role !== 'admin' && (await countAdmins(tx, teamId)) <= 1) {
      throw AppError.of('LAST_ADMIN_DEMOTION');
    }
    await upsertRoleInTeam(tx, teamId, targetUserId, role);
    const updated = await findActiveMember(tx, teamId, targetUserId);
    const previousRole = current ?? 'employee';
    if (updated && previousRole !== role) {
      await writeAuditEntry(tx, actor, {
        teamId,
        action: 'permission_change',
        resourceType: 'member',
        resourceId: targetUserId,
        oldValues: { role: previousRole },
        newValues: { role },
        metadata: { target: memberName(updated), role, previousRole },
        severity: role === 'admin' || previousRole === 'admin' ? 'high' : 'medium',
      });
    }
    return updated;
  });
  await forgetMemberships(db, { userId: targetUserId });
  if (!member) throw AppError.of('MEMBER_NOT_FOUND');
  return { member: toMember(member), message: TEAM_MESSAGES.roleUpdated };
}

/** Removes a member: managers only, never oneself, never an admin (and so never the last admin). */
export async function removeMember(db: Database, actor: Actor, targetUserId: string): Promise<void> {
  const { userId } = actor;
  const { teamId } = await requireMembership(db, userId);
  await db.transaction(async (tx) => {
    await lockTeamRoles(tx, teamId);
    // The target is looked up first: another team's user id answers 404 to everyone.
    const target = await findActiveMember(tx, teamId, targetUserId);
    if (!target) throw AppError.of('MEMBER_NOT_FOUND');
    // The caller's role is read again under the lock: a concurrent demotion or removal of the caller counts.
    const callerRole = await findRoleInTeam(tx, teamId, userId);
    if (!callerRole || !isManager({ teamId, role: callerRole })) throw AppError.of('MANAGERS_ONLY');
    if (targetUserId === userId) throw AppError.of('CANNOT_REMOVE_SELF');
    const role = await findRoleInTeam(tx, teamId, targetUserId);
    if (role === 'admin') {
      if ((await countAdmins(tx, teamId)) <= 1) throw AppError.of('LAST_ADMIN_REMOVAL');
      throw AppError.of('ADMIN_REMOVAL');
    }
    await deactivateMember(tx, teamId, targetUserId);
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'member_remove',
      resourceType: 'member',
      resourceId: targetUserId,
      oldValues: { role: role ?? 'employee' },
      metadata: { target: memberName(target) },
      severity: 'medium',
    });
  });
  await forgetMemberships(db, { userId: targetUserId });
}
