import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '../platform/db.ts';
import { createServerDatabase } from './server-database.ts';

/**
 * The server as a child process (`test/crash-server.ts`, what `main.ts` starts) on its own DATA_DIR and port, for tests
 * that kill it with SIGKILL (crash-recovery.test.ts) or run several instances on one PostgreSQL server
 * (several-instances.test.ts). With DATABASE_URL each instance gets a fresh database on that server (or shares
 * another instance's), with the job lease shortened to 6 s; otherwise the embedded PGlite in its DATA_DIR.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverUrl = process.env.DATABASE_URL;
export const isOnServer = serverUrl !== undefined;
const SHORT_LEASE_MS = 6000;

export interface Child {
  process: ChildProcess;
  output: string[];
  startedAt: number;
  exited: Promise<void>;
}

export interface Instance {
  dataDir: string;
  port: number;
  base: string;
  databaseUrl: string | null;
  dropDatabase: (() => Promise<void>) | null;
  child: Child | null;
}

const instances: Instance[] = [];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 45_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A new instance: its own data folder and port, and a fresh database on the PostgreSQL server (when DATABASE_URL is
 * set), or `sharesDatabaseWith` another instance's (several instances of one deployment).
 */
export async function createInstance(
  env: Record<string, string> = {},
  options: { sharesDatabaseWith?: Instance; sharesFilesWith?: Instance; databaseServerUrl?: string | null } = {},
): Promise<Instance & { env: Record<string, string> }> {
  // Sharing a data folder stands in for shared storage (S3 in production): every instance reads what another stored.
  const dataDir = options.sharesFilesWith?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'lumen-instance-')));
  const port = await freePort();
  const shared = options.sharesDatabaseWith?.databaseUrl ?? null;
  // A bench chooses per instance; tests follow DATABASE_URL.
  const onServer = options.databaseServerUrl === undefined ? serverUrl : options.databaseServerUrl;
  const database = shared === null && onServer ? await createServerDatabase(onServer, 'lumen_crash') : null;
  const instance = {
    dataDir,
    port,
    base: `http://127.0.0.1:${port}`,
    databaseUrl: shared ?? database?.url ?? null,
    // The instance that created the database drops it.
    dropDatabase: database?.drop ?? null,
    child: null,
    env,
  };
  instances.push(instance);
  return instance;
}

/** Starts (or starts again) the server on the instance's data and port; resolves once it answers. */
export async function start(instance: Instance & { env: Record<string, string> }): Promise<Child> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/crash-server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      APP_URL: instance.base,
      DATA_DIR: instance.dataDir,
      SECRET_KEY: 'crash-test-secret-key-that-is-long-enough-0123456789',
      AUTH_RATE_LIMIT_MAX: '1000',
      WEB_DIST_DIR: path.join(instance.dataDir, 'no-web-build'),
      ...(instance.databaseUrl
        ? { DATABASE_URL: instance.databaseUrl, TEST_JOB_LEASE_MS: String(SHORT_LEASE_MS) }
        : {}),
      ...instance.env,
    },
  });
  const output: string[] = [];
  let pending = '';
  const collect = (data: Buffer) => {
    pending += data.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    output.push(...lines);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      resolve();
    });
  });
  const started: Child = { process: child, output, startedAt, exited };
  instance.child = started;
  await waitUntil(
    'the server to answer',
    async () => {
      if (hasExited) throw new Error(`the server exited:\n${output.slice(-30).join('\n')}`);
      try {
        return (await fetch(`${instance.base}/api/health`)).status === 200 || undefined;
      } catch {
        return undefined;
      }
    },
    90_000,
  );
  return started;
}

/** Ends the server: SIGKILL is the crash; SIGTERM the polite way (its database closes, so the test can open it). */
export async function end(instance: Instance, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const child = instance.child;
  if (!child) return;
  instance.child = null;
  child.process.kill(signal);
  await child.exited;
}

export const kill = (instance: Instance) => end(instance, 'SIGKILL');
export const stop = (instance: Instance) => end(instance, 'SIGTERM');

/** Kills every instance started and removes its data; call it from the test file's afterEach. */
export async function removeInstances(): Promise<void> {
  for (const instance of instances.splice(0)) {
    await kill(instance);
    await rm(instance.dataDir, { recursive: true, force: true });
    await instance.dropDatabase?.();
  }
}

/** The instance's database, opened by the test once the server is stopped (PGlite allows one process). */
export async function openInstanceDatabase(instance: Instance): Promise<DatabaseHandle> {
  if (instance.databaseUrl) return openDatabase({ kind: 'postgres', url: instance.databaseUrl });
  return openDatabase({ kind: 'pglite', dataDir: path.join(instance.dataDir, 'pglite') });
}

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Signs a new user up over HTTP, follows the verification link the outbox mail logged, and returns the cookie. */
export async function signIn(
  instance: Instance,
  email = `crash-${randomUUID().slice(0, 8)}@example.com`,
): Promise<string> {
  const signUp = await fetch(`${instance.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.base },
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const link = await waitUntil('the verification mail', () => {
    for (const line of instance.child?.output ?? []) {
      if (!line.includes(email)) continue;
      const match = /"(http[^"]*\/api\/auth\/verify-email[^"]*)"/.exec(line);
      if (match?.[1]) return JSON.parse(`"${match[1]}"`) as string;
    }
    return undefined;
  });
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status !== 302) throw new Error(`the verification link answered ${verified.status}`);
  return cookieOf(verified);
}

export async function getJson<T>(instance: Instance, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${instance.base}${url}`, { headers: { cookie, origin: instance.base } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
