import { displayName, type OnlineMember, PRESENCE_TIMEOUT_SECONDS } from '@lumen/contract';
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { teamPresence, user, userRoles } from '../db/schema/index.ts';
import type { Database } from './db.ts';

/**
 * Presence rows (`team_presence`, issue #13): one per instance, user and team while the user has a socket open on that
 * instance. The realtime plugin writes them; any instance reads a team's online members from them.
 */

const freshSince = () => new Date(Date.now() - PRESENCE_TIMEOUT_SECONDS * 1000);

/** The instance holds these (user, team) connections now: their rows are created or refreshed. */
export async function markPresent(
  db: Database,
  instanceId: string,
  entries: ReadonlyArray<{ userId: string; teamId: string }>,
): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date();
  await db
    .insert(teamPresence)
    .values(entries.map((entry) => ({ instanceId, ...entry, seenAt: now })))
    .onConflictDoUpdate({
      target: [teamPresence.instanceId, teamPresence.userId, teamPresence.teamId],
      set: { seenAt: now },
    });
}

/** The user's last socket for the team on this instance closed. */
export async function markAbsent(db: Database, instanceId: string, userId: string, teamId: string): Promise<void> {
  await db
    .delete(teamPresence)
    .where(
      and(eq(teamPresence.instanceId, instanceId), eq(teamPresence.userId, userId), eq(teamPresence.teamId, teamId)),
    );
}

/** Removes every row of this instance (it shuts down). */
export async function clearInstance(db: Database, instanceId: string): Promise<void> {
  await db.delete(teamPresence).where(eq(teamPresence.instanceId, instanceId));
}

/** Deletes the rows no instance refreshed in time (an instance that died); answers the teams whose presence changed. */
export async function sweepStalePresence(db: Database): Promise<string[]> {
  const removed = await db
    .delete(teamPresence)
    .where(lt(teamPresence.seenAt, freshSince()))
    .returning({ teamId: teamPresence.teamId });
  return [...new Set(removed.map((row) => row.teamId))];
}

/** The team's members with a fresh connection on any instance, each once, by name. */
export async function listOnlineMembers(db: Database, teamId: string): Promise<OnlineMember[]> {
  const rows = await db
    .selectDistinct({
      userId: teamPresence.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatarUrl: user.image,
    })
    .from(teamPresence)
    .innerJoin(user, eq(user.id, teamPresence.userId))
    .where(and(eq(teamPresence.teamId, teamId), gt(teamPresence.seenAt, freshSince())))
    .orderBy(asc(user.firstName), asc(teamPresence.userId));
  return rows.map((row) => ({ userId: row.userId, name: displayName(row, row.userId), avatarUrl: row.avatarUrl }));
}

/** The teams of these users now (a socket follows its user's team). */
export async function readTeamsOf(db: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userRoles.userId, teamId: userRoles.teamId })
    .from(userRoles)
    .where(inArray(userRoles.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.teamId]));
}
