import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { user } from '../apps/server/src/db/schema/index.ts';

/** The origin the benches' requests come from (the app's default trusted origin). */
export const BENCH_ORIGIN = 'http://localhost:3000';

/**
 * The app's configuration for a bench: production mode, quiet logs, data in `dataDir`, the builtin model, no web app;
 * `env` adds or overrides variables.
 */
export function loadBenchConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    APP_URL: BENCH_ORIGIN,
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123456789',
    AI_PROVIDER: 'builtin',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // A/B of the analysis worker (ADR 0095) from the shell: SEARCH_ANALYSIS_WORKER=false npm run ...
    ...(process.env.SEARCH_ANALYSIS_WORKER ? { SEARCH_ANALYSIS_WORKER: process.env.SEARCH_ANALYSIS_WORKER } : {}),
    ...env,
  });
}

/** Signs a new user up and in through the real auth routes (the address marked verified): their cookie and id. */
export async function signInBenchUser(app: FastifyInstance): Promise<{ cookie: string; userId: string }> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse battery';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: BENCH_ORIGIN },
    payload: { email, password, firstName: 'Bench', lastName: 'User' },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  await app.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: BENCH_ORIGIN },
    payload: { email, password },
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { cookie, userId: row.id };
}

/**
 * Starts the bench's own script again as a child process in a role (`LUMEN_BENCH_ROLE`: the server under test, a bare
 * server), so the load and the server do not share an event loop; resolves with the JSON line the child prints once
 * it is ready.
 */
export function startBenchChild<Ready>(options: {
  script: string;
  role: string;
  nodeArgs?: string[];
  args?: string[];
  /** A channel for messages besides stdout (a child asked to collect garbage, say). */
  hasIpc?: boolean;
}): Promise<{ ready: Ready; child: ChildProcess }> {
  const { script, role, nodeArgs = [], args = [], hasIpc = false } = options;
  const child = spawn(process.execPath, [...nodeArgs, ...process.execArgv, script, ...args], {
    env: { ...process.env, LUMEN_BENCH_ROLE: role },
    stdio: hasIpc ? ['pipe', 'pipe', 'inherit', 'ipc'] : ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString('utf8');
      // Whole lines only: the ready line may be long and come in pieces.
      const line = output
        .split('\n')
        .slice(0, -1)
        .find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ ready: JSON.parse(line) as Ready, child });
    });
    child.on('exit', (code) => reject(new Error(`the ${role} process exited (${code}) before it was ready`)));
  });
}
