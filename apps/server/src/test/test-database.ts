import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { spaces, teams, user, userRoles } from '../db/schema/index.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../platform/db.ts';

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

/** A new, empty database on the PostgreSQL server of `serverUrl`; `drop` removes it, ending its connections. */
export async function createServerDatabase(
  serverUrl: string,
  prefix = 'lumen_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Runs one statement on the server of `serverUrl` over a connection of its own. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
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
