import {
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type CreateInvitationValues,
  deriveRoleState,
  displayName,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationStatus,
  isUuid,
  type PublicInvitation,
  type Role,
} from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Actor } from '../../platform/request-user.ts';
import { DAY_MS } from '../../platform/time.ts';
import { assertManager, canGrantRole, findMembership, requireManager, requireMembership } from '../access/index.ts';
import { findUserProfile } from '../auth/index.ts';
import { findTeamDepartment, joinTeam } from '../teams/index.ts';
import { buildInvitationMail } from './invitations.mail.ts';
import {
  clearPendingInviteCode,
  countPendingInvitations,
  deleteInvitation,
  deletePendingInvitationsFor,
  findInvitationWithTeam,
  findTeamInvitation,
  type InvitationListRow,
  insertInvitation,
  isActiveMemberEmail,
  listPendingInvitations,
  markAccepted,
} from './invitations.repository.ts';

export interface InvitationDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  expiryDays: number;
}

function statusOf(row: { acceptedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: InvitationListRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    departmentId: row.departmentId,
    department: row.department,
    customRole: row.customRole,
    customDepartment: row.customDepartment,
    invitedBy: {
      userId: row.invitedBy,
      name: displayName(
        { firstName: row.inviterFirstName, lastName: row.inviterLastName, email: row.inviterEmail },
        'Unknown User',
      ),
    },
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

export function invitationUrl(appUrl: string, invitationId: string): string {
  const url = new URL('/accept-invitation', appUrl);
  url.searchParams.set('id', invitationId);
  return url.toString();
}

/**
 * Creates an invitation (managers only; nobody invites above their own role), withdraws earlier pending ones to the
 * same address, audits it, then mails the link. A failed mail keeps the invitation and says so.
 */
export async function createInvitation(
  deps: InvitationDeps,
  actor: Actor,
  input: CreateInvitationValues,
): Promise<CreateInvitationResponse> {
  const { db } = deps;
  const membership = await requireManager(db, actor.userId);
  const { teamId } = membership;
  if (!canGrantRole(membership.role, input.role)) {
    throw AppError.of('INVITE_ROLE_ABOVE_OWN');
  }
  const department = input.departmentId ? await findTeamDepartment(db, teamId, input.departmentId) : null;
  if (input.departmentId && !department) throw AppError.of('DEPARTMENT_NOT_FOUND');
  if (await isActiveMemberEmail(db, teamId, input.email)) {
    throw AppError.of('ALREADY_MEMBER');
  }
  const expiresAt = new Date(Date.now() + deps.expiryDays * DAY_MS);
  const invitationId = await db.transaction(async (tx) => {
    await deletePendingInvitationsFor(tx, teamId, input.email);
    const row = await insertInvitation(tx, {
      teamId,
      email: input.email,
      fullName: input.fullName ?? null,
      role: input.role,
      departmentId: department?.id ?? null,
      customRole: input.customRole ?? null,
      customDepartment: input.customDepartment ?? null,
      invitedBy: actor.userId,
      expiresAt,
    });
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'team_invite',
      resourceType: 'invitation',
      resourceId: row.id,
      newValues: { email: row.email, role: row.role, customRole: row.customRole, departmentId: row.departmentId },
      metadata: { target: row.email, role: row.customRole ?? row.role },
      severity: 'low',
    });
    return row.id;
  });
  const stored = await findInvitationWithTeam(db, invitationId);
  if (!stored) throw new AppError('INTERNAL', INVITATION_MESSAGES.createFailed);

  let isEmailSent = true;
  try {
    await deps.mailer.send(
      buildInvitationMail({
        to: stored.email,
        inviteeName: stored.fullName,
        teamName: stored.teamName,
        inviterName: displayName(
          { firstName: stored.inviterFirstName, lastName: stored.inviterLastName, email: stored.inviterEmail },
          'A teammate',
        ),
        role: stored.role,
        customRole: stored.customRole,
        department: stored.department ?? stored.customDepartment,
        url: invitationUrl(deps.appUrl, stored.id),
        expiresAt: stored.expiresAt,
      }),
    );
  } catch (error) {
    isEmailSent = false;
    deps.log.error({ err: error, invitationId }, 'invitation mail could not be sent');
  }
  return {
    invitation: toInvitation(stored),
    emailSent: isEmailSent,
    message: isEmailSent ? INVITATION_MESSAGES.sent : INVITATION_MESSAGES.createdEmailFailed,
  };
}

export async function listInvitations(db: Database, actor: Actor): Promise<{ invitations: Invitation[] }> {
  const { teamId } = await requireManager(db, actor.userId);
  return { invitations: (await listPendingInvitations(db, teamId, new Date())).map(toInvitation) };
}

export async function countPending(db: Database, teamId: string): Promise<number> {
  return countPendingInvitations(db, teamId, new Date());
}

/** Withdraws a pending invitation; another team's id, or an accepted one, answers 404. */
export async function revokeInvitation(db: Database, actor: Actor, invitationId: string): Promise<void> {
  // The id is looked up before the permission check: another team's id answers 404 to everyone, whatever their role.
  const membership = await requireMembership(db, actor.userId);
  const { teamId } = membership;
  const invitation = isUuid(invitationId) ? await findTeamInvitation(db, teamId, invitationId) : null;
  if (!invitation || invitation.acceptedAt) throw AppError.of('INVITATION_NOT_FOUND');
  assertManager(membership);
  await db.transaction(async (tx) => {
    await deleteInvitation(tx, teamId, invitationId);
    await writeAuditEntry(tx, actor, {
      teamId,
      action: 'invitation_revoke',
      resourceType: 'invitation',
      resourceId: invitationId,
      oldValues: { email: invitation.email, role: invitation.role },
      metadata: { target: invitation.email },
    });
  });
}

/** What the acceptance page shows; the id is the link's secret, so no sign-in is needed. */
export async function getPublicInvitation(db: Database, invitationId: string): Promise<PublicInvitation> {
  const row = isUuid(invitationId) ? await findInvitationWithTeam(db, invitationId) : null;
  if (!row) throw AppError.of('INVITATION_NOT_FOUND');
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    customRole: row.customRole,
    teamName: row.teamName,
    teamDescription: row.teamDescription,
    invitedByName: displayName(
      { firstName: row.inviterFirstName, lastName: row.inviterLastName, email: row.inviterEmail },
      'Unknown User',
    ),
    status: statusOf(row),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

function acceptedResponse(teamId: string, teamName: string, role: Role): AcceptInvitationResponse {
  return {
    success: true,
    teamId,
    teamName,
    roleState: deriveRoleState({ role, teamId, teamName }),
    message: INVITATION_MESSAGES.accepted,
  };
}

/**
 * Joins the invitation's team: the signed-in email must be the invited one, the invitation pending, and the user in
 * no other team. Accepting one's own accepted invitation again is a success (the sign-up flow may ask twice).
 */
export async function acceptInvitation(
  db: Database,
  actor: Actor,
  invitationId: string,
): Promise<AcceptInvitationResponse> {
  const profile = await findUserProfile(db, actor.userId);
  if (!profile) throw AppError.of('SIGN_IN_REQUIRED');
  try {
    return await db.transaction(async (tx) => {
      const invitation = isUuid(invitationId)
        ? await findInvitationWithTeam(tx, invitationId, { forUpdate: true })
        : null;
      if (!invitation) throw AppError.of('INVITATION_NOT_FOUND');
      if (invitation.acceptedAt) {
        const membership = await findMembership(tx, actor.userId);
        if (invitation.acceptedBy === actor.userId && membership?.teamId === invitation.teamId) {
          return acceptedResponse(invitation.teamId, invitation.teamName, membership.role);
        }
        throw AppError.of('INVITATION_ALREADY_ACCEPTED');
      }
      if (statusOf(invitation) === 'expired') throw AppError.of('INVITATION_EXPIRED');
      if (profile.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw AppError.of('INVITATION_DIFFERENT_EMAIL');
      }
      const membership = await findMembership(tx, actor.userId);
      if (membership && membership.teamId !== invitation.teamId) {
        throw AppError.of('ALREADY_IN_ANOTHER_TEAM');
      }
      await markAccepted(tx, invitation.id, actor.userId);
      if (membership) return acceptedResponse(invitation.teamId, invitation.teamName, membership.role);

      await joinTeam(tx, {
        userId: actor.userId,
        role: invitation.role,
        teamId: invitation.teamId,
        departmentId: invitation.departmentId,
        customRole: invitation.customRole,
        customDepartment: invitation.customDepartment,
      });
      await writeAuditEntry(tx, actor, {
        teamId: invitation.teamId,
        action: 'team_join',
        resourceType: 'member',
        resourceId: actor.userId,
        newValues: { role: invitation.role, invitationId: invitation.id },
        metadata: {
          target: displayName(profile),
          role: invitation.customRole ?? invitation.role,
        },
        severity: 'low',
      });
      return acceptedResponse(invitation.teamId, invitation.teamName, invitation.role);
    });
  } catch (error) {
    // user_roles.user_id is unique: the user joined another team at the same moment.
    if (isUniqueViolation(error)) throw AppError.of('ALREADY_IN_ANOTHER_TEAM');
    throw error;
  }
}

/**
 * After a sign-up with an invite code is confirmed: joins the team if the invitation allows it, then forgets the
 * code. A refusal is only logged: the person is signed in either way and can see why on the acceptance page.
 */
export async function acceptPendingInviteCode(db: Database, userId: string, log: FastifyBaseLogger): Promise<void> {
  const profile = await findUserProfile(db, userId);
  const code = profile?.inviteCode;
  if (!code) return;
  try {
    await acceptInvitation(db, { userId, userAgent: null, ipAddress: null }, code);
  } catch (error) {
    log.warn({ err: error, userId }, 'invite code given at sign-up could not be accepted');
  } finally {
    await clearPendingInviteCode(db, userId);
  }
}
