/**
 * Chat load: 200 people of one team chatting with the assistant at once, each sending a message as soon as the
 * previous answer has streamed to its end, for two minutes (issue #15, "Load and faults"). The builtin model answers
 * (instant, no network, no weights), so what is loaded is ours: sessions, conversations and messages written, history
 * read, the agent loop, retrieval with the permission filter over a team space's uploaded documents, the stream.
 * The real app (buildApp, embedded PGlite) runs in a child process on a loopback port; this process is the 200
 * clients. Figures: requests done, errors (each distinct one printed), time to the first streamed token and to the
 * end of the answer (p50 / p95 / p99), requests per second, the machine's load average, and the server's resident
 * memory after the set-up, at the start (after a warm-up message per person), at its peak and after the run (after a
 * full GC and a few seconds' rest), with the WebAssembly memory (the embedded database's) shown apart, compared with
 * the start.
 *
 *   npm run chat-load -w bench
 *   CHAT_LOAD_SECONDS=30 CHAT_LOAD_USERS=50 npm run chat-load -w bench
 *
 * The documents are the first SQuAD passages in EVAL_DIR (default ../shared/eval), uploaded as .txt files to one
 * space, and the questions those passages answer; without the data, a small built-in set. Each person asks within
 * the space, so answers cite its documents. The assistant's per-person rate limit is lifted (people here send back to
 * back, far faster than a person types), as in chat-overhead.ts.
 * Targets: no error; memory after the run at most 10% above its start.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Space } from '@lumen/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { user } from '../apps/server/src/db/schema/index.ts';
import { seedMember } from '../apps/server/src/test/seed.ts';
import { BENCH_ORIGIN, loadBenchConfig, signInBenchUser, startBenchChild } from './bench-session.ts';
import { percentile, readJsonl } from './eval-metrics.ts';
import { describeMachineReference } from './machine-reference.ts';

/** A multipart/form-data body of text files, as a browser's FormData sends them (the test helper pulls in Vitest). */
function multipartBody(files: Array<{ filename: string; content: string; contentType: string }>) {
  const boundary = `----LumenBench${randomUUID().replaceAll('-', '')}`;
  const parts = files.map(
    (file) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename.replaceAll('"', '%22')}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n${file.content}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const USERS = Number(process.env.CHAT_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.CHAT_LOAD_SECONDS ?? 120);
/** Passages uploaded as documents (the first ones of the SQuAD subset: a small corpus, two upload requests). */
const DOCUMENTS = 40;
/** A new conversation every so many messages, so history grows as it does in use. */
const MESSAGES_PER_CONVERSATION = 10;
/** How long the server rests after the run before its memory is read again. */
const REST_MS = 5_000;
const MEMORY_TARGET_PERCENT = 10;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const squadDir = path.join(evalDir, 'squad2_dev_subset');

interface Corpus {
  documents: Array<{ filename: string; text: string }>;
  questions: string[];
}

/** The first SQuAD passages and the questions they answer when the evaluation data is there, else a small set. */
function loadCorpus(): Corpus {
  if (existsSync(path.join(squadDir, 'passages.jsonl'))) {
    const read = (file: string) => readJsonl<Record<string, unknown>>(path.join(squadDir, file));
    const passages = read('passages.jsonl').slice(0, DOCUMENTS);
    const ids = new Set(passages.map((passage) => String(passage._id)));
    return {
      documents: passages.map((passage) => ({
        filename: `${String(passage.title)} ${String(passage._id)}.txt`,
        text: String(passage.text ?? ''),
      })),
      questions: read('questions.jsonl')
        .filter((question) => ids.has(String(question.passage_id)) && question.is_impossible === false)
        .map((question) => String(question.question)),
    };
  }
  const topics = ['travel policy', 'expense claims', 'security training', 'onboarding', 'office hours'];
  return {
    documents: topics.map((topic, i) => ({
      filename: `${topic}.txt`,
      text: `The ${topic} document was updated in 202${i}. It applies to every employee. Questions about ${topic} go to the people team.`,
    })),
    questions: topics.map((topic) => `When was the ${topic} document updated?`),
  };
}

// ---- The server (a child process: the clients' reads never wait behind the server's work) ----

interface ServerReady {
  baseUrl: string;
  pid: number;
  spaceId: string;
  cookies: string[];
  questions: string[];
  documents: number;
  hasGc: boolean;
}

/** What the server answers when asked for its memory (after a full GC when it can). */
interface MemoryReport {
  rss: number;
  heapUsed: number;
  heapTotal: number;
}

async function inject(app: FastifyInstance, cookie: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: { cookie, origin: BENCH_ORIGIN }, payload });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A signed-in person, `count` times, a few at a time (password hashing is the slow part). */
async function signInPeople(app: FastifyInstance, count: number) {
  const people: Array<{ cookie: string; userId: string }> = [];
  while (people.length < count) {
    const batch = Math.min(8, count - people.length);
    people.push(...(await Promise.all(Array.from({ length: batch }, () => signInBenchUser(app)))));
  }
  return people;
}

async function serve() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumen-chat-load-'));
  const config = loadBenchConfig(dataDir, { ASSISTANT_RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp(config);
  const stop = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  const collect = globalThis.gc;
  process.on('message', (message) => {
    if (message !== 'memory') return;
    if (collect) collect();
    const { rss, heapUsed, heapTotal } = process.memoryUsage();
    process.send?.({ rss, heapUsed, heapTotal } satisfies MemoryReport);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  // One team: its admin creates it and a space, uploads the documents there; the others join as employees.
  const [admin, ...members] = await signInPeople(app, USERS);
  if (!admin) throw new Error('no users');
  const team = (await inject(app, admin.cookie, 'POST', '/api/teams', { name: 'Chat Load' })).json<{
    team: { id: string };
  }>().team;
  for (const member of members) {
    const [row] = await app.database.db.select({ email: user.email }).from(user).where(eq(user.id, member.userId));
    if (!row) throw new Error('no user');
    await seedMember(app.database.db, row.email, team.id, 'employee');
  }
  const space = (await inject(app, admin.cookie, 'POST', '/api/spaces', { name: 'Handbook' })).json<Space>();
  const corpus = loadCorpus();
  for (let start = 0; start < corpus.documents.length; start += 20) {
    const files = corpus.documents
      .slice(start, start + 20)
      .map((document) => ({ filename: document.filename, content: document.text, contentType: 'text/plain' }));
    const { payload, headers } = multipartBody(files);
    const response = await app.inject({
      method: 'POST',
      url: `/api/spaces/${space.id}/files`,
      headers: { ...headers, cookie: admin.cookie, origin: BENCH_ORIGIN },
      payload,
    });
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  await app.jobs.drain({ timeoutMs: 300_000 });
  const listed = (await inject(app, admin.cookie, 'GET', `/api/spaces/${space.id}/files`)).json<{
    files: Array<{ status: string }>;
  }>().files;
  const ready = listed.filter((file) => file.status === 'ready').length;
  if (ready !== corpus.documents.length) throw new Error(`${ready} of ${corpus.documents.length} documents indexed`);

  const message: ServerReady = {
    baseUrl: `http://127.0.0.1:${address.port}`,
    pid: process.pid,
    spaceId: space.id,
    cookies: [admin, ...members].map((person) => person.cookie),
    questions: corpus.questions,
    documents: ready,
    hasGc: collect !== undefined,
  };
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function startServer(): Promise<{ ready: ServerReady; child: ChildProcess }> {
  return startBenchChild<ServerReady>({
    script: fileURLToPath(import.meta.url),
    role: 'server',
    nodeArgs: ['--expose-gc'],
    hasIpc: true,
  });
}

// ---- The clients ----

/** The server's memory, read by the server itself after a full GC (it runs with --expose-gc). */
function askMemory(child: ChildProcess): Promise<MemoryReport> {
  return new Promise((resolve) => {
    child.once('message', (report) => resolve(report as MemoryReport));
    child.send('memory');
  });
}

/** The server's resident memory now, in bytes (Linux /proc), without disturbing it. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * Resident bytes of the server's WebAssembly memories (the embedded database's, and the text analysis worker's
 * in-memory PGlite), from /proc: V8 reserves each as one range of about 10 GB whose used part is read-write and the
 * rest inaccessible, so the read-write mappings just before an inaccessible one of 4 GB or more are it. Pages touched
 * for the first time (the database's buffers filling) raise the RSS without any allocation.
 */
async function residentWasmBytes(pid: number): Promise<number> {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '');
  const mappings: Array<{ start: bigint; end: bigint; isReadWrite: boolean; size: number; rss: number }> = [];
  for (const line of smaps.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) {
      const [, start = '0', end = '0', permissions = ''] = range;
      mappings.push({
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        isReadWrite: permissions.startsWith('rw'),
        size: 0,
        rss: 0,
      });
      continue;
    }
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const current = mappings.at(-1);
    if (field && current) current[field[1] === 'Size' ? 'size' : 'rss'] = Number(field[2]) * 1024;
  }
  let total = 0;
  for (const [index, mapping] of mappings.entries()) {
    if (mapping.isReadWrite || mapping.size < 4 * 1024 ** 3) continue;
    for (let before = index - 1; before >= 0; before--) {
      const previous = mappings[before];
      const next = mappings[before + 1];
      if (!previous?.isReadWrite || previous.end !== next?.start) break;
      total += previous.rss;
    }
  }
  return total;
}

interface Timing {
  firstToken: number;
  end: number;
  cited: boolean;
}

/** Sends one message and reads the answer's whole stream; throws what went wrong, in words to group errors by. */
async function chat(ready: ServerReady, cookie: string, conversationId: string, text: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${ready.baseUrl}/api/chat`, {
    method: 'POST',
    headers: { cookie, origin: BENCH_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: conversationId,
      spaceId: ready.spaceId,
      message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
    }),
  });
  if (!response.ok || !response.body) {
    throw new Error(`HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let firstToken: number | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    if (firstToken === null && buffer.includes('"type":"text-delta"')) firstToken = performance.now() - started;
  }
  const end = performance.now() - started;
  const failure = /"type":"error","errorText":"([^"]*)"/.exec(buffer);
  if (failure) throw new Error(`stream error: ${failure[1]}`);
  if (firstToken === null) throw new Error(`no text streamed: ${buffer.slice(0, 300)}`);
  if (!buffer.includes('[DONE]')) throw new Error('the stream ended before [DONE]');
  return { firstToken, end, cited: /"type":"data-citations".*?"citations":\[\{/.test(buffer) };
}

interface ServerMemory extends MemoryReport {
  /** Resident bytes of the WebAssembly memories (the embedded database's and the text analysis worker's). */
  wasm: number;
}

async function readMemory(child: ChildProcess, pid: number): Promise<ServerMemory> {
  const report = await askMemory(child);
  return { ...report, wasm: await residentWasmBytes(pid) };
}

const change = (from: number, to: number) => ((to - from) / from) * 100;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;

async function measure() {
  console.log(await describeMachineReference());
  console.log(`Chat load: ${USERS} people of one team, back to back for ${SECONDS} s, builtin model, embedded PGlite`);
  const setupStarted = performance.now();
  const { ready, child } = await startServer();
  try {
    console.log(
      `  set up in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s: ${ready.cookies.length} people signed in, ${ready.documents} documents uploaded to one space and indexed, ${ready.questions.length} questions`,
    );
    const setUp = await readMemory(child, ready.pid);
    // Every person's first message warms the server up (code paths compiled, caches and the database's memory
    // grown); the run's start is taken after it, from a collected heap.
    await Promise.all(
      ready.cookies.map((cookie, i) =>
        chat(ready, cookie, randomUUID(), ready.questions[i % ready.questions.length] ?? 'hello'),
      ),
    );
    const start = await readMemory(child, ready.pid);

    const timings: Timing[] = [];
    const errors = new Map<string, number>();
    let peak = start.rss;
    const sampler = setInterval(() => {
      void residentBytes(ready.pid).then((rss) => {
        peak = Math.max(peak, rss);
      });
    }, 250);
    const loadAtStart = loadavg()[0] ?? 0;
    const runStarted = performance.now();
    const deadline = runStarted + SECONDS * 1000;
    await Promise.all(
      ready.cookies.map(async (cookie, person) => {
        let conversationId = randomUUID();
        for (let sent = 0; performance.now() < deadline; sent++) {
          if (sent % MESSAGES_PER_CONVERSATION === 0) conversationId = randomUUID();
          const question = ready.questions[(person * 7 + sent) % ready.questions.length] ?? 'hello';
          try {
            timings.push(await chat(ready, cookie, conversationId, question));
          } catch (error) {
            const text = error instanceof Error ? error.message : String(error);
            errors.set(text, (errors.get(text) ?? 0) + 1);
          }
        }
      }),
    );
    const runSeconds = (performance.now() - runStarted) / 1000;
    const loadAtEnd = loadavg()[0] ?? 0;
    clearInterval(sampler);
    peak = Math.max(peak, await residentBytes(ready.pid));

    await sleep(REST_MS);
    const after = await readMemory(child, ready.pid);

    const failed = [...errors.values()].reduce((sum, count) => sum + count, 0);
    const cited = timings.filter((timing) => timing.cited).length;
    const memoryChange = change(start.rss, after.rss);
    const gc = ready.hasGc ? 'after a full GC' : 'no GC available';

    console.log(
      `  requests done       ${timings.length} in ${runSeconds.toFixed(1)} s (${(timings.length / runSeconds).toFixed(1)} requests/s)`,
    );
    // Other work on the machine slows every figure but the errors and the memory: say how busy it was.
    console.log(`  load average        ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`);
    console.log(`  answers citing      ${cited} of ${timings.length}`);
    console.log(`  errors              ${failed}`);
    for (const [text, count] of errors) console.log(`    ${count} x ${text}`);
    const describeTimes = (pick: (timing: Timing) => number) => {
      const values = timings.map(pick);
      const at = (p: number) => ms(percentile(values, p));
      return `p50 ${at(50)}, p95 ${at(95)}, p99 ${at(99)}, max ${ms(Math.max(0, ...values))}`;
    };
    console.log(`  first token         ${describeTimes((timing) => timing.firstToken)}`);
    console.log(`  end of answer       ${describeTimes((timing) => timing.end)}`);
    const describeMemory = (memory: ServerMemory) =>
      `${mb(memory.rss)} (WebAssembly resident ${mb(memory.wasm)}, heap ${mb(memory.heapUsed)} used of ${mb(memory.heapTotal)})`;
    console.log(`  server RSS set up   ${describeMemory(setUp)}, before the warm-up, ${gc}`);
    console.log(`  server RSS start    ${describeMemory(start)}, after the warm-up, ${gc}`);
    console.log(`  server RSS peak     ${mb(peak)} (sampled every 250 ms)`);
    console.log(
      `  server RSS after    ${describeMemory(after)}, ${REST_MS / 1000} s after the run, ${gc}: ${signed(memoryChange)} on the start`,
    );
    console.log(
      `  RSS besides WebAssembly: ${mb(start.rss - start.wasm)} at the start, ${mb(after.rss - after.wasm)} after (${signed(change(start.rss - start.wasm, after.rss - after.wasm))})`,
    );
    console.log(`  ${failed === 0 ? 'PASS' : 'FAIL'}  errors: ${failed} (target 0)`);
    console.log(
      `  ${memoryChange <= MEMORY_TARGET_PERCENT ? 'PASS' : 'FAIL'}  memory after the run: ${signed(memoryChange)} on the start (target at most +${MEMORY_TARGET_PERCENT}%)`,
    );
    if (timings.length === 0) console.log('  FAIL  no request completed');
  } finally {
    child.stdin?.end();
    child.kill('SIGTERM');
  }
}

if (process.env.LUMEN_BENCH_ROLE === 'server') await serve();
else await measure();
