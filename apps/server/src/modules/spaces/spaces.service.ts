import { randomBytes } from 'node:crypto';
import {
  type createSpaceSchema,
  displayName,
  type Role,
  SPACE_INVITATION_EXPIRY_DAYS,
  type Space,
  type SpaceMember,
  TEAM_MESSAGES,
  toSpaceSlug,
  type updateSpaceSchema,
} from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, type Mailer } from '../../platform/mail.ts';
import type { Actor } from '../../platform/request-user.ts';
import { DAY_MS } from '../../platform/time.ts';
import {
  assertManager,
  canManageSpace,
  decideSpaceAccess,
  requireMembership,
  requireSpaceAccess,
  type SpaceAccess,
} from '../access/index.ts';
import { findUserProfile } from '../auth/index.ts';
import {
  countSpaceMembersAndFiles,
  deleteSpace,
  deleteSpaceMember,
  filterActiveTeamMembers,
  findSpaceInvitationByToken,
  findSpaceMemberRole,
  insertSpace,
  insertSpaceInvitation,
  listSpaceMembers,
  listVisibleSpaces,
  markSpaceInvitationAccepted,
  type SpaceCounts,
  updateSpace,
  upsertSpaceMember,
} from './spaces.repository.ts';

function toSpace(access: SpaceAccess, counts: SpaceCounts): Space {
  const { space } = access;
  return {
    id: space.id,
    teamId: space.teamId,
    name: space.name,
    slug: space.slug,
    description: space.description,
    isPrivate: space.isPrivate,
    createdBy: space.createdBy,
    createdAt: space.createdAt.toISOString(),
    memberCount: counts.memberCount,
    fileCount: counts.fileCount,
    myRole: access.role,
    permissions: access.permissions,
  };
}

function requireRoleManager(access: SpaceAccess): void {
  if (!canManageSpace(access)) throw AppError.of('ONLY_ADMINS_ASSIGN_ROLES');
}

export async function listSpaces(db: Database, userId: string): Promise<{ spaces: Space[] }> {
  const membership = await requireMembership(db, userId);
  const rows = await listVisibleSpaces(db, membership.teamId, userId);
  return {
    spaces: rows.flatMap(({ space, memberRole, ...counts }) => {
      const access = decideSpaceAccess(membership, space, memberRole);
      return access ? [toSpace(access, counts)] : [];
    }),
  };
}

export async function getSpace(db: Database, userId: string, where: { id: string } | { slug: string }) {
  const access = await requireSpaceAccess(db, userId, where);
  return toSpace(access, await countSpaceMembersAndFiles(db, access.space.id));
}

/** Creates a space (team managers): the creator becomes its admin; a private space lists its chosen members. */
export async function createSpace(
  db: Database,
  actor: Actor,
  input: z.output<typeof createSpaceSchema>,
): Promise<Space> {
  const membership = await requireMembership(db, actor.userId);
  assertManager(membership);
  const { teamId } = membership;
  const memberIds = [...new Set(input.memberIds.filter((id) => id !== actor.userId))];
  const inTeam = await filterActiveTeamMembers(db, teamId, memberIds);
  if (memberIds.some((id) => !inTeam.has(id))) throw AppError.of('MEMBER_NOT_FOUND');
  let spaceId: string;
  try {
    spaceId = await db.transaction(async (tx) => {
      const space = await insertSpace(tx, {
        teamId,
        name: input.name,
        slug: toSpaceSlug(input.name),
        description: input.description ? input.description : null,
        isPrivate: input.isPrivate,
        createdBy: actor.userId,
      });
      await upsertSpaceMember(tx, { spaceId: space.id, userId: actor.userId, role: 'admin', addedBy: actor.userId });
      for (const userId of memberIds) {
        await upsertSpaceMember(tx, { spaceId: space.id, userId, role: 'viewer', addedBy: actor.userId });
      }
      await writeAuditEntry(tx, actor, {
        teamId,
        action: 'space_create',
        resourceType: 'space',
        resourceId: space.id,
        newValues: { name: space.name, isPrivate: space.isPrivate },
        metadata: { target: space.name },
        severity: 'low',
      });
      return space.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of('SPACE_NAME_TAKEN');
    throw error;
  }
  return getSpace(db, actor.userId, { id: spaceId });
}

/** Renames a space or changes its description (space admins; team admins everywhere). */
export async function editSpace(
  db: Database,
  actor: Actor,
  spaceId: string,
  input: z.output<typeof updateSpaceSchema>,
): Promise<Space> {
  const access = await requireSpaceAccess(db, actor.userId, { id: spaceId });
  requireRoleManager(access);
  try {
    await db.transaction(async (tx) => {
      await updateSpace(tx, spaceId, {
        ...(input.name ? { name: input.name, slug: toSpaceSlug(input.name) } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
      });
      await writeAuditEntry(tx, actor, {
        teamId: access.space.teamId,
        action: 'space_update',
        resourceType: 'space',
        resourceId: spaceId,
        oldValues: { name: access.space.name, description: access.space.description },
        newValues: { name: input.name ?? access.space.name, description: input.description },
        metadata: { target: input.name ?? access.space.name, previousName: access.space.name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of('SPACE_NAME_TAKEN');
    throw error;
  }
  return getSpace(db, actor.userId, { id: spaceId });
}

export async function removeSpace(db: Database, actor: Actor, spaceId: string): Promise<void> {
  const access = await requireSpaceAccess(db, actor.userId, { id: spaceId });
  requireRoleManager(access);
  await db.transaction(async (tx) => {
    await deleteSpace(tx, spaceId);
    await writeAuditEntry(tx, actor, {
      teamId: access.space.teamId,
      action: 'space_delete',
      resourceType: 'space',
      resourceId: spaceId,
      oldValues: { name: access.space.name },
      metadata: { target: access.space.name },
      severity: 'medium',
    });
  });
}

async function readSpaceMembers(db: Database, spaceId: string): Promise<SpaceMember[]> {
  const rows = await listSpaceMembers(db, spaceId);
  return rows.map((row) => ({ ...row, status: 'active' as const, addedAt: row.addedAt.toISOString() }));
}

export async function getSpaceMembers(
  db: Database,
  userId: string,
  spaceId: string,
): Promise<{ members: SpaceMember[] }> {
  await requireSpaceAccess(db, userId, { id: spaceId });
  return { members: await readSpaceMembers(db, spaceId) };
}

/** Gives a team member a role in the space, creating the assignment when they have none (space admins only). */
export async function setSpaceMemberRole(
  db: Database,
  actor: Actor,
  spaceId: string,
  targetUserId: string,
  role: Role,
): Promise<{ members: SpaceMember[]; message: string }> {
  const access = await requireSpaceAccess(db, actor.userId, { id: spaceId });
  const inTeam = await filterActiveTeamMembers(db, access.space.teamId, [targetUserId]);
  if (!inTeam.has(targetUserId)) throw AppError.of('MEMBER_NOT_FOUND');
  requireRoleManager(access);
  const target = await findUserProfile(db, targetUserId);
  await db.transaction(async (tx) => {
    const previousRole = await findSpaceMemberRole(tx, spaceId, targetUserId);
    await upsertSpaceMember(tx, { spaceId, userId: targetUserId, role, addedBy: actor.userId });
    await writeAuditEntry(tx, actor, {
      teamId: access.space.teamId,
      action: 'permission_change',
      resourceType: 'space_member',
      resourceId: `${spaceId}:${targetUserId}`,
      oldValues: { role: previousRole, spaceId },
      newValues: { role, spaceId },
      metadata: {
        target: displayName(target),
        role,
        previousRole: previousRole ?? '—',
        space: access.space.name,
      },
      severity: role === 'admin' ? 'high' : 'medium',
    });
  });
  return { members: await readSpaceMembers(db, spaceId), message: TEAM_MESSAGES.roleUpdated };
}

export async function removeSpaceMember(db: Database, actor: Actor, spaceId: string, targetUserId: string) {
  const access = await requireSpaceAccess(db, actor.userId, { id: spaceId });
  requireRoleManager(access);
  if (targetUserId === actor.userId) throw AppError.of('CANNOT_LEAVE_SPACE');
  if (!(await deleteSpaceMember(db, spaceId, targetUserId))) throw AppError.of('SPACE_MEMBER_NOT_FOUND');
}

export interface SpaceInvitationDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
}

/** Invites someone of the team to the space by mail (space admins); the token link accepts it. */
export async function inviteToSpace(
  deps: SpaceInvitationDeps,
  actor: Actor,
  spaceId: string,
  input: { email: string; role: Role },
): Promise<{ emailSent: boolean; message: string }> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  requireRoleManager(access);
  const token = randomBytes(32).toString('base64url');
  await insertSpaceInvitation(deps.db, {
    token,
    spaceId,
    email: input.email,
    role: input.role,
    invitedBy: actor.userId,
    expiresAt: new Date(Date.now() + SPACE_INVITATION_EXPIRY_DAYS * DAY_MS),
  });
  const url = new URL('/spaces-management', deps.appUrl);
  url.searchParams.set('token', token);
  const inviter = await findUserProfile(deps.db, actor.userId);
  const inviterName = displayName({ firstName: inviter?.firstName, lastName: inviter?.lastName }, 'A teammate');
  const intro = `${inviterName} invited you to the space "${access.space.name}" on Lumen.`;
  try {
    await deps.mailer.send({
      to: input.email,
      subject: `${inviterName} invited you to the space ${access.space.name}`,
      text: `${intro}\n\nJoin the space: ${url}\n\n— Lumen`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url.toString())}">Join the space</a></p><p>— Lumen</p>`,
      links: [url.toString()],
    });
    return { emailSent: true, message: 'Invitation sent successfully' };
  } catch (error) {
    deps.log.error({ err: error, spaceId }, 'space invitation mail could not be sent');
    return { emailSent: false, message: 'Invitation created but email failed to send' };
  }
}

/** Joins a space from its invitation link: a pending, unexpired token for the caller's address, in the caller's team. */
export async function acceptSpaceInvitation(db: Database, actor: Actor, token: string): Promise<Space> {
  const profile = await findUserProfile(db, actor.userId);
  const spaceId = await db.transaction(async (tx) => {
    const invitation = await findSpaceInvitationByToken(tx, token);
    const membership = await requireMembership(tx, actor.userId).catch(() => null);
    const isValid =
      invitation &&
      invitation.expiresAt.getTime() > Date.now() &&
      profile?.email.toLowerCase() === invitation.email.toLowerCase() &&
      membership?.teamId === invitation.teamId;
    if (!invitation || !isValid) throw AppError.of('SPACE_INVITATION_INVALID');
    await upsertSpaceMember(tx, {
      spaceId: invitation.spaceId,
      userId: actor.userId,
      role: invitation.role,
      addedBy: invitation.invitedBy ?? actor.userId,
    });
    await markSpaceInvitationAccepted(tx, invitation.id, actor.userId);
    return invitation.spaceId;
  });
  return getSpace(db, actor.userId, { id: spaceId });
}
