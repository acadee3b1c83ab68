import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { spaces, teams, user, userRoles } from '../db/schema/index.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createServerDatabase } from './server-database.ts';

export { createServerDatabase, runOnServer } from './server-database.ts';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = await readFile(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const created = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * A verified user row written straight to the database (for tests of queries and rules that need no session): named
 * `label`, with a unique address at `domain`.
 */
export async function insertUserRow(
  db: Database,
  label: string,
  domain: string,
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@${domain}`;
  await db.insert(user).values({ id, name: label, email, emailVerified: true, firstName: label, lastName: 'Test' });
  return { id, email };
}

/**
 * The cast of the search tests: ann (a team's admin), ben (its employee) and cid (outside it), and one space of the
 * team created by ann.
 */
export async function insertSearchCast(
  db: Database,
  name: string,
): Promise<{ users: Record<'ann' | 'ben' | 'cid', string>; teamId: string; spaceId: string }> {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.test`;
  const users = {
    ann: (await insertUserRow(db, 'ann', domain)).id,
    ben: (await insertUserRow(db, 'ben', domain)).id,
    cid: (await insertUserRow(db, 'cid', domain)).id,
  };
  const [team] = await db
    .insert(teams)
    .values({ name: `${name} team` })
    .returning({ id: teams.id });
  if (!team) throw new Error('team not created');
  await db.insert(userRoles).values([
    { userId: users.ann, teamId: team.id, role: 'admin' },
    { userId: users.ben, teamId: team.id, role: 'employee' },
  ]);
  const [space] = await db
    .insert(spaces)
    .values({
      teamId: team.id,
      name: `${name} space`,
      slug: `${domain.replace('.test', '')}-space`,
      createdBy: users.ann,
    })
    .returning({ id: spaces.id });
  if (!space) throw new Error('space not created');
  return { users, teamId: team.id, spaceId: space.id };
}
