import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (Debian's postgresql-common: `pg_createcluster`), for a test that restarts the
 * database server without disturbing the shared one every other test file uses. Needs root and the cluster tools, as
 * this machine and CI have; `canCreatePrivateCluster` says whether they are here.
 */
export const canCreatePrivateCluster =
  process.getuid?.() === 0 && existsSync('/usr/bin/pg_createcluster') && existsSync('/etc/postgresql');

export interface PrivateCluster {
  /** A connection URL for its `postgres` database (trust authentication on the loopback address). */
  url: string;
  /** Stops and starts the server (every connection to it ends). */
  restart(): Promise<void>;
  drop(): Promise<void>;
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const [version] = (await readdir('/etc/postgresql')).sort().reverse();
  if (!version) throw new Error('no PostgreSQL version installed');
  const name = `lumen_test_${process.pid}_${Date.now().toString(36)}`;
  const port = await freePort();
  await run('pg_createcluster', [version, name, '-p', String(port), '--', '--auth=trust']);
  try {
    await run('pg_ctlcluster', [version, name, 'start']);
  } catch (error) {
    await run('pg_dropcluster', [version, name, '--stop']).catch(() => undefined);
    throw error;
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await run('pg_ctlcluster', [version, name, 'restart']);
    },
    drop: async () => {
      await run('pg_dropcluster', [version, name, '--stop']);
    },
  };
}
