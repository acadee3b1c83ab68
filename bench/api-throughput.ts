/**
 * API throughput: what a signed-in request costs. A bare Fastify server and Lumen (buildApp) run side by side, each in
 * a child process; this process is the load generator: 20 keep-alive connections, each sending its next request as
 * soon as the previous answer arrives, for a fixed time per route after a warm-up. For every route it prints
 * requests/s, p50 / p99 latency and the ratio to the bare server answering the same path with a fixed JSON body.
 *
 *   npm run api-throughput -w bench
 *   API_THROUGHPUT_SECONDS=10 (per route, default 10)  API_THROUGHPUT_WARMUP_SECONDS=2  API_THROUGHPUT_CONNECTIONS=20
 *   API_THROUGHPUT_ROUTES=members,role (only the routes whose path contains one of the words)
 *
 * Routes: GET /api/me/role, GET /api/documents?limit=50 (50 rows), GET /api/search?q=... over 1,000 documents and
 * GET /api/teams/current/members (20 members). The embedded database by default; with DATABASE_URL, a fresh database
 * on that PostgreSQL server (made and dropped). Targets: /api/me/role >= 0.25 of bare with p99 <= 20 ms; the list
 * routes >= 0.10 of bare.
 *
 * The load generator speaks HTTP/1.1 over plain sockets (no client library): its own cost per request is a few
 * microseconds, so the bare server's figure is the server's, not the client's.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { user } from '../apps/server/src/db/schema/index.ts';
import { type IngestTextInput, ingestTexts } from '../apps/server/src/modules/documents/ingest.ts';
import { seedMember } from '../apps/server/src/test/seed.ts';
import { createServerDatabase } from '../apps/server/src/test/server-database.ts';
import { BENCH_ORIGIN, loadBenchConfig, signInBenchUser, startBenchChild } from './bench-session.ts';
import { percentile } from './eval-metrics.ts';
import { describeMachineReference } from './machine-reference.ts';

const SECONDS = Number(process.env.API_THROUGHPUT_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.API_THROUGHPUT_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.API_THROUGHPUT_CONNECTIONS ?? 20);
const DOCUMENTS = 1000;
const MEMBERS = 20;
const SEARCH_QUERY = 'quarterly travel budget approval';

interface Route {
  path: string;
  /** The least share of the bare server's requests/s this route must serve. */
  minRatio: number;
  /** The most its p99 may be, when the target says. */
  maxP99Ms?: number;
}

const ALL_ROUTES: Route[] = [
  { path: '/api/me/role', minRatio: 0.25, maxP99Ms: 20 },
  { path: '/api/documents?limit=50', minRatio: 0.1 },
  { path: `/api/search?q=${encodeURIComponent(SEARCH_QUERY)}`, minRatio: 0.1 },
  { path: '/api/teams/current/members', minRatio: 0.1 },
];

/** API_THROUGHPUT_ROUTES=members,documents measures only the routes whose path contains one of the words. */
const ONLY = process.env.API_THROUGHPUT_ROUTES?.split(',').filter(Boolean);
const ROUTES = ONLY ? ALL_ROUTES.filter((route) => ONLY.some((word) => route.path.includes(word))) : ALL_ROUTES;

interface Ready {
  port: number;
  cookie: string;
}

/** The bare server: every bench path answered with a fixed JSON body, no hooks, no database. */
async function serveBare(): Promise<Ready> {
  const app = Fastify({ logger: false });
  const body = { role: 'admin', teamId: '00000000-0000-0000-0000-000000000000', teamName: 'Bench', isAdmin: true };
  for (const route of ROUTES) app.get(route.path.split('?')[0] ?? route.path, async () => body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, cookie: '' };
}

/** Varied text, so the search has postings of many lengths to rank. */
function benchDocument(ownerId: string, index: number): IngestTextInput {
  const words = ['travel', 'budget', 'approval', 'quarterly', 'policy', 'expense', 'report', 'security', 'office'];
  const pick = (offset: number) => words[(index * 7 + offset * 3) % words.length];
  const text = Array.from(
    { length: 12 },
    (_, sentence) =>
      `Document ${index} sentence ${sentence} covers the ${pick(sentence)} ${pick(sentence + 1)} of team ${index % 17}.`,
  ).join(' ');
  return {
    ownerId,
    source: 'upload',
    externalId: `bench-${index}`,
    title: `Bench document ${index} about ${pick(0)}`,
    mimeType: 'text/plain',
    pages: [{ page: null, text }],
    contentHash: `bench-${index}`,
  };
}

/** Lumen: a signed-in admin of a 20-member team who owns 1,000 documents. */
async function serveLumen(): Promise<Ready & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumen-api-throughput-'));
  const serverDatabase = process.env.DATABASE_URL
    ? await createServerDatabase(process.env.DATABASE_URL, 'lumen_bench')
    : null;
  const config = loadBenchConfig(dataDir, serverDatabase ? { DATABASE_URL: serverDatabase.url } : {});
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const { cookie, userId } = await signInBenchUser(app);
  const team = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie, origin: BENCH_ORIGIN },
    payload: { name: 'Bench team' },
  });
  if (team.statusCode !== 201) throw new Error(`team not created: ${team.body}`);
  const teamId = (JSON.parse(team.body) as { team: { id: string } }).team.id;
  for (let index = 1; index < MEMBERS; index++) {
    const email = `member-${index}@bench.example`;
    await app.database.db.insert(user).values({
      id: randomUUID(),
      name: `Member ${index}`,
      email,
      emailVerified: true,
      firstName: 'Member',
      lastName: String(index),
    });
    await seedMember(app.database.db, email, teamId, 'employee');
  }
  const documents = Array.from({ length: DOCUMENTS }, (_, index) => benchDocument(userId, index));
  for (let start = 0; start < documents.length; start += 100) {
    await ingestTexts(app.database.db, documents.slice(start, start + 100));
  }
  // What a burst of ingestion leaves to do in the background (index maintenance, ADR 0097) would count against the
  // first route measured: it settles first.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return {
    port: address.port,
    cookie,
    async stop() {
      await app.close();
      await serverDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function serve(role: string) {
  const ready: Ready & { stop?: () => Promise<void> } = role === 'bare' ? await serveBare() : await serveLumen();
  const stop = async () => {
    await ready.stop?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ port: ready.port, cookie: ready.cookie })}\n`);
}

function startServer(role: 'bare' | 'lumen'): Promise<{ ready: Ready; child: ChildProcess }> {
  return startBenchChild<Ready>({ script: fileURLToPath(import.meta.url), role });
}

interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200, by status. */
  failures: Map<number, number>;
}

/**
 * One keep-alive connection sending `request` back to back until `until` (ms, performance clock); each answer's
 * latency goes to `latencies`, its status to `statuses`. Answers are read by their content-length.
 */
function runConnection(port: number, request: Buffer, until: number, latencies: number[], statuses: number[]) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let buffer: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd === -1) return;
        const head = buffer.subarray(0, headerEnd).toString('latin1');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
        if (length === undefined) {
          reject(new Error(`an answer without content-length: ${head}`));
          socket.destroy();
          return;
        }
        const total = headerEnd + 4 + Number(length);
        if (buffer.length < total) return;
        latencies.push(performance.now() - sentAt);
        statuses.push(Number(head.slice(9, 12)));
        buffer = buffer.subarray(total);
        if (performance.now() >= until) {
          socket.end();
          resolve();
          return;
        }
        send();
      }
    });
  });
}

async function load(port: number, routePath: string, cookie: string, seconds: number): Promise<LoadResult> {
  const request = Buffer.from(
    `GET ${routePath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}Connection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const latencies: number[] = [];
  const statuses: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, () => runConnection(port, request, until, latencies, statuses)),
  );
  const elapsed = (performance.now() - started) / 1000;
  const failures = new Map<number, number>();
  for (const status of statuses) if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

const format = (value: number, digits = 0) => value.toFixed(digits).padStart(8);

async function measure() {
  console.log(`API throughput: ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s warm-up`);
  console.log(
    `  database: ${process.env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : 'embedded (PGlite)'}; ${await describeMachineReference()}`,
  );
  const bare = await startServer('bare');
  const lumen = await startServer('lumen');
  let isPassing = true;
  try {
    console.log(
      `  ${'route'.padEnd(44)} ${'bare/s'.padStart(8)} ${'lumen/s'.padStart(8)} ${'ratio'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  target`,
    );
    for (const route of ROUTES) {
      await load(bare.ready.port, route.path, '', WARMUP_SECONDS);
      const bareResult = await load(bare.ready.port, route.path, '', SECONDS);
      await load(lumen.ready.port, route.path, lumen.ready.cookie, WARMUP_SECONDS);
      const result = await load(lumen.ready.port, route.path, lumen.ready.cookie, SECONDS);
      const ratio = result.perSecond / bareResult.perSecond;
      const isRatioMet = ratio >= route.minRatio;
      const isP99Met = route.maxP99Ms === undefined || result.p99 <= route.maxP99Ms;
      const isMet = isRatioMet && isP99Met && result.failures.size === 0;
      isPassing &&= isMet;
      const target = `>= ${route.minRatio.toFixed(2)} of bare${route.maxP99Ms ? `, p99 <= ${route.maxP99Ms} ms` : ''}`;
      const failures = [...result.failures].map(([status, count]) => `${count} x ${status}`).join(', ');
      console.log(
        `  ${route.path.padEnd(44)} ${format(bareResult.perSecond)} ${format(result.perSecond)} ${ratio.toFixed(3).padStart(6)} ${format(result.p50, 2)} ${format(result.p99, 2)}  ${isMet ? 'PASS' : 'FAIL'} (${target})${failures ? `  answers not 200: ${failures}` : ''}`,
      );
    }
  } finally {
    for (const { child } of [bare, lumen]) {
      child.stdin?.end();
      child.kill('SIGTERM');
    }
  }
  console.log(isPassing ? 'All targets met.' : 'Some targets not met.');
}

const role = process.env.LUMEN_BENCH_ROLE;
if (role === 'bare' || role === 'lumen') await serve(role);
else await measure();
