/**
 * Realtime: how fast a team chat message reaches every open socket of the team, and what a socket costs the server.
 * Lumen runs as real server processes (apps/server/src/test/crash-server.ts, what main.ts starts): two instances on one
 * PostgreSQL server (events cross through LISTEN/NOTIFY), then one instance on the embedded database. 50 members of one
 * team hold 20 sockets each (1,000 sockets, spread over the instances); one member posts 200 messages over HTTP, one at
 * a time; every socket notes when each arrives. Figures: delivery latency from the send to each socket (p50 / p99),
 * messages lost (expected: none), and the servers' resident memory per socket.
 *
 *   npm run realtime -w bench [-- --sockets 1000] [-- --messages 200] [-- --only postgres|embedded]
 *
 * The PostgreSQL server is DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres (a fresh database is made
 * and dropped). Target: p99 <= 100 ms and no message lost.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { RealtimeEvent, TeamMessage } from '@lumen/contract';
import WebSocket from 'ws';
import {
  createInstance,
  type Instance,
  removeInstances,
  signIn,
  start,
} from '../apps/server/src/test/server-process.ts';
import { describeMachineReference } from './machine-reference.ts';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const SOCKETS = Number(args.sockets);
const MESSAGES = Number(args.messages);
const MEMBERS = 50;
const TARGET_P99_MS = 100;
const DATABASE_SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

async function call(instance: Instance, cookie: string, method: string, url: string, body?: object) {
  const response = await fetch(`${instance.base}${url}`, {
    method,
    headers: { cookie, origin: instance.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

/** Resident memory of the instance's server process, in MB (Linux /proc). */
async function residentMegabytes(instance: Instance): Promise<number> {
  const pid = instance.child?.process.pid;
  if (!pid) return 0;
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

/** The per-socket memory in words: a fall of the resident size means the database's own memory moved more. */
function describeMemory(perSocketKb: number): string {
  return perSocketKb > 0
    ? `${perSocketKb.toFixed(1)} KB per socket`
    : `not measurable (resident memory moved by ${((perSocketKb * SOCKETS) / 1024).toFixed(1)} MB: the embedded database's own memory moves more than the sockets add)`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Receiver {
  socket: WebSocket;
  /** Message id -> when it arrived (ms, performance clock). */
  arrivals: Map<string, number>;
}

async function openReceiver(instance: Instance, cookie: string): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const socket = new WebSocket(`${instance.base.replace('http', 'ws')}/ws`, {
    headers: { cookie, origin: instance.base },
  });
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as RealtimeEvent;
    if (event.type === 'team_message') arrivals.set(event.message.id, performance.now());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, arrivals };
}

interface Outcome {
  label: string;
  p50: number;
  p99: number;
  lost: number;
  perSocketKb: number;
}

async function runScenario(label: string, instances: Instance[]): Promise<Outcome> {
  const [first] = instances;
  if (!first) throw new Error('no instance');
  console.log(`\n${label}: ${instances.length} instance(s), ${MEMBERS} members x ${SOCKETS / MEMBERS} sockets`);
  // The team: its admin creates it on the first instance; the others sign up and accept an invitation.
  const members: Array<{ cookie: string; home: Instance }> = [];
  const adminCookie = await signIn(first);
  await call(first, adminCookie, 'POST', '/api/teams', { name: 'Realtime Bench' });
  members.push({ cookie: adminCookie, home: first });
  for (let index = 1; index < MEMBERS; index += 1) {
    const home = instances[index % instances.length] ?? first;
    const email = `realtime-${index}-${Date.now()}@example.com`;
    const cookie = await signIn(home, email);
    const invited = (await call(first, adminCookie, 'POST', '/api/teams/current/invitations', { email })) as {
      invitation: { id: string };
    };
    await call(home, cookie, 'POST', `/api/invitations/${invited.invitation.id}/accept`);
    members.push({ cookie, home });
  }

  const memoryBefore = await Promise.all(instances.map(residentMegabytes));
  const receivers: Receiver[] = [];
  for (let index = 0; index < SOCKETS; index += 1) {
    const member = members[index % MEMBERS];
    if (!member) continue;
    // Each member's tabs are spread over the instances, as a load balancer would.
    const instance = instances[Math.floor(index / MEMBERS) % instances.length] ?? first;
    receivers.push(await openReceiver(instance, member.cookie));
  }
  // Presence settles (a member's first socket on each instance tells the team).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const memoryAfter = await Promise.all(instances.map(residentMegabytes));
  const perSocketKb =
    ((memoryAfter.reduce((sum, value) => sum + value, 0) - memoryBefore.reduce((sum, value) => sum + value, 0)) *
      1024) /
    SOCKETS;

  const sentAt = new Map<string, number>();
  for (let index = 0; index < MESSAGES; index += 1) {
    const started = performance.now();
    const message = (await call(first, adminCookie, 'POST', '/api/team-chat/messages', {
      content: `Bench message ${index}`,
    })) as TeamMessage;
    sentAt.set(message.id, started);
    // The per-person limit is 20 messages in 10 s: after 19, the sender waits out the window.
    if (index % 19 === 18) await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  // Whatever is still on its way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const latencies: number[] = [];
  let lost = 0;
  for (const receiver of receivers) {
    for (const [id, started] of sentAt) {
      const arrived = receiver.arrivals.get(id);
      if (arrived === undefined) lost += 1;
      else latencies.push(arrived - started);
    }
    receiver.socket.terminate();
  }
  latencies.sort((a, b) => a - b);
  const outcome = {
    label,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    perSocketKb,
  };
  console.log(
    `  ${MESSAGES} messages x ${SOCKETS} sockets: delivery p50 ${outcome.p50.toFixed(1)} ms, p99 ${outcome.p99.toFixed(1)} ms, lost ${lost}; server memory ${describeMemory(perSocketKb)}; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `  target p99 <= ${TARGET_P99_MS} ms and nothing lost: ${outcome.p99 <= TARGET_P99_MS && lost === 0 ? 'pass' : 'FAIL'}`,
  );
  return outcome;
}

async function main() {
  console.log(await describeMachineReference());
  const outcomes: Outcome[] = [];
  try {
    if (args.only !== 'embedded') {
      const a = await createInstance(
        { LOG_LEVEL: 'info', INVITATION_RATE_LIMIT_MAX: '1000' },
        { databaseServerUrl: DATABASE_SERVER },
      );
      const b = await createInstance(
        { LOG_LEVEL: 'info', INVITATION_RATE_LIMIT_MAX: '1000' },
        { sharesDatabaseWith: a },
      );
      await Promise.all([start(a), start(b)]);
      outcomes.push(await runScenario('Two instances on one PostgreSQL server', [a, b]));
      await removeInstances();
    }
    if (args.only !== 'postgres') {
      const solo = await createInstance(
        { LOG_LEVEL: 'info', INVITATION_RATE_LIMIT_MAX: '1000' },
        { databaseServerUrl: null },
      );
      await start(solo);
      outcomes.push(await runScenario('One instance on the embedded database', [solo]));
    }
  } finally {
    await removeInstances();
  }
  console.log('\nSummary');
  for (const outcome of outcomes) {
    console.log(
      `  ${outcome.label}: p50 ${outcome.p50.toFixed(1)} ms, p99 ${outcome.p99.toFixed(1)} ms, lost ${outcome.lost}, ${describeMemory(outcome.perSocketKb)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
