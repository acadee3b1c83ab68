import { canManageTeam, ROLE_RANK, type Role } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findMembership, type Membership } from './access.repository.ts';

/** The caller's membership; a user without a team sees every team route as 404. */
export async function requireMembership(db: Database, userId: string): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership) throw AppError.of('NO_TEAM');
  return membership;
}

/** Managers (admins and team leads) invite, create spaces, assign tasks and share files. */
export function isManager(membership: Membership | null): boolean {
  return canManageTeam(membership?.role);
}

export function isTeamAdmin(membership: Membership | null): boolean {
  return membership?.role === 'admin';
}

export function assertManager(membership: Membership): void {
  if (!isManager(membership)) throw AppError.of('MANAGERS_ONLY');
}

/** The team's audit log (the /audit dashboard, its exports and chain check) is for team admins only. */
export function canReadAuditLog(membership: Membership | null): boolean {
  return membership?.role === 'admin';
}

export async function requireAuditReader(db: Database, userId: string): Promise<Membership> {
  const membership = await requireMembership(db, userId);
  if (!canReadAuditLog(membership)) throw AppError.of('AUDIT_ADMINS_ONLY');
  return membership;
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

/** Team admins list the team's integration requests and answer them planned or declined (issue #12). */
export function canReviewIntegrationRequests(membership: Membership | null): boolean {
  return isTeamAdmin(membership);
}

export function assertIntegrationRequestReviewer(membership: Membership): void {
  if (!canReviewIntegrationRequests(membership)) throw AppError.of('INTEGRATION_REQUESTS_ADMINS_ONLY');
}

/** A team chat message as the rules read it: its author (null when the account is gone). */
export interface TeamMessageFacts {
  authorId: string | null;
}

/** Team chat (issue #13): every member reads and writes the room; a message is edited by its author only. */
export function canEditTeamMessage(viewerId: string, message: TeamMessageFacts): boolean {
  return message.authorId === viewerId;
}

/** A message is deleted by its author or by a team admin (an admin's deletion of another's message is audited). */
export function canDeleteTeamMessage(viewerId: string, membership: Membership, message: TeamMessageFacts): boolean {
  return message.authorId === viewerId || isTeamAdmin(membership);
}
