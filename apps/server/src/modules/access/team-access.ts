import { canManageTeam, ROLE_RANK, type Role, TEAM_MESSAGES } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findMembership, type Membership } from './access.repository.ts';

export const NO_TEAM_MESSAGE = TEAM_MESSAGES.noTeam;
export const MANAGERS_ONLY_MESSAGE = 'Access Denied: Only admins and team leads can manage the team';

/** The caller's membership; a user without a team sees every team route as 404. */
export async function requireMembership(db: Database, userId: string): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership) throw new AppError('NOT_FOUND', NO_TEAM_MESSAGE);
  return membership;
}

/** Managers (admins and team leads) invite, create spaces, assign tasks and share files. */
export function isManager(membership: Membership | null): boolean {
  return canManageTeam(membership?.role);
}

export function isTeamAdmin(membership: Membership | null): boolean {
  return membership?.role === 'admin';
}

export function assertManager(membership: Membership, message: string = MANAGERS_ONLY_MESSAGE): void {
  if (!isManager(membership)) throw new AppError('FORBIDDEN', message);
}

export async function requireManager(db: Database, userId: string): Promise<Membership> {
  const membership = await requireMembership(db, userId);
  assertManager(membership);
  return membership;
}

/** Nobody grants a role above their own: an invitation or a role assignment is at most the granter's rank. */
export function canGrantRole(granterRole: Role, role: Role): boolean {
  return ROLE_RANK[role] <= ROLE_RANK[granterRole];
}

/** Only a team admin assigns roles. */
export function canAssignRoles(membership: Membership): boolean {
  return isTeamAdmin(membership);
}
