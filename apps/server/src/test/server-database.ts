import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Databases made and dropped on a PostgreSQL server, for tests and benches (no test runner needed: the realtime bench
 * uses it too).
 */

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
