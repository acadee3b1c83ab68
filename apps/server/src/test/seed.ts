import type { Role } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import { teamEmployees, teams, user, userRoles } from '../db/schema/index.ts';
import type { Database } from '../platform/db.ts';

/** Seed factories for records whose own endpoints arrive in later issues. */
export async function seedTeam(db: Database, name = 'Acme'): Promise<{ id: string; name: string }> {
  const [team] = await db.insert(teams).values({ name }).returning({ id: teams.id, name: teams.name });
  if (!team) throw new Error('team not created');
  return team;
}

export async function seedRole(db: Database, email: string, teamId: string, role: Role): Promise<void> {
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!member) throw new Error(`no user ${email}`);
  await db.insert(userRoles).values({ userId: member.id, teamId, role });
}

/** A user joining a team the way an accepted invitation will: their role and an active team_employees record. */
export async function seedMember(db: Database, email: string, teamId: string, role: Role): Promise<string> {
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!member) throw new Error(`no user ${email}`);
  await db.insert(userRoles).values({ userId: member.id, teamId, role });
  await db.insert(teamEmployees).values({ userId: member.id, teamId });
  return member.id;
}
