/**
 * Chat overhead: the server's time from receiving POST /api/chat to the first streamed token, with an instant model
 * (the builtin one: no network, no weights), so what is measured is ours: session check, conversation and message
 * persistence, history load, the agent loop, retrieval over the user's documents with the permission filter.
 * The real app (buildApp) runs in a child process on a local port; this process is the client and reads the SSE
 * answer as it streams, timing each request from sending it to receiving the first text delta.
 *
 *   npm run chat-overhead -w bench [-- --requests 200]
 *
 * The documents and questions are the SQuAD passages in EVAL_DIR (default ../shared/eval) when present.
 * Target (DESIGN's budget): p95 <= 10 ms (embedded PGlite). ADR 0021's earlier target was 50 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { ingestText } from '../apps/server/src/modules/documents/ingest.ts';
import { BENCH_ORIGIN, loadBenchConfig, signInBenchUser, startBenchChild } from './bench-session.ts';
import { percentile } from './eval-metrics.ts';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const REQUESTS = Number(args.requests);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const squadDir = path.join(evalDir, 'squad2_dev_subset');
const WARM_UP = 20;
const ORIGIN = BENCH_ORIGIN;

interface Corpus {
  documents: Array<{ title: string; text: string }>;
  questions: string[];
}

/** Real text to search: the SQuAD passages and questions when the evaluation data is there, else a small built-in set. */
function loadCorpus(): Corpus {
  if (existsSync(path.join(squadDir, 'passages.jsonl'))) {
    const read = (file: string) =>
      readFileSync(path.join(squadDir, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Record<string, string>);
    return {
      documents: read('passages.jsonl').map((p) => ({ title: `${p.title} ${p._id}`, text: p.text ?? '' })),
      questions: read('questions.jsonl').map((q) => q.question ?? ''),
    };
  }
  const topics = ['travel policy', 'expense claims', 'security training', 'onboarding', 'office hours'];
  return {
    documents: topics.map((topic, i) => ({
      title: `${topic}.txt`,
      text: `The ${topic} document was updated in 202${i}. It applies to every employee. Questions about ${topic} go to the people team.`,
    })),
    questions: topics.map((topic) => `When was the ${topic} document updated?`),
  };
}

/** Sends one chat message; returns ms to the first text delta, and reads the stream to its end. */
async function timeFirstToken(baseUrl: string, cookie: string, conversationId: string, text: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      id: conversationId,
      message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }] },
    }),
  });
  if (!response.ok || !response.body) throw new Error(`chat failed: ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let firstToken: number | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    if (firstToken === null && buffer.includes('"type":"text-delta"')) firstToken = performance.now() - started;
  }
  if (firstToken === null) throw new Error(`no text streamed: ${buffer.slice(0, 500)}`);
  return firstToken;
}

interface ServerReady {
  baseUrl: string;
  cookie: string;
  questions: string[];
  documents: number;
}

/** The server side (a child process, so the client's reads never wait behind the server's work). */
async function serve() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumen-chat-bench-'));
  const config = loadBenchConfig(dataDir, { ASSISTANT_RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp(config);
  const stop = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const { cookie, userId } = await signInBenchUser(app);
  const corpus = loadCorpus();
  for (const [i, document] of corpus.documents.entries()) {
    await ingestText(app.database.db, {
      ownerId: userId,
      source: 'upload',
      externalId: `bench-${i}`,
      title: document.title,
      mimeType: 'text/plain',
      pages: [{ page: null, text: document.text }],
      contentHash: `bench-${i}`,
    });
  }
  // Spread over the whole question set.
  const step = Math.max(1, Math.floor(corpus.questions.length / (WARM_UP + REQUESTS)));
  const ready: ServerReady = {
    baseUrl: `http://127.0.0.1:${address.port}`,
    cookie,
    questions: corpus.questions.filter((_, i) => i % step === 0),
    documents: corpus.documents.length,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

function startServer(): Promise<{ ready: ServerReady; child: ChildProcess }> {
  return startBenchChild<ServerReady>({
    script: fileURLToPath(import.meta.url),
    role: 'server',
    args: process.argv.slice(2),
  });
}

/** The client side: times each request from send to the first text delta received. */
async function measure() {
  const { ready, child } = await startServer();
  try {
    const { baseUrl, cookie, questions } = ready;
    // The floor under any signed-in request on this machine (HTTP, session check), for reading the figures on a busy one.
    const floor: number[] = [];
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/api/me/preferences`, { headers: { cookie } })).text();
      floor.push(performance.now() - started);
    }
    floor.sort((a, b) => a - b);

    const timings: number[] = [];
    let conversationId = randomUUID();
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      // A new conversation every ten messages, so history grows as it does in use.
      if (i % 10 === 0) conversationId = randomUUID();
      const ms = await timeFirstToken(baseUrl, cookie, conversationId, questions[i % questions.length] ?? 'hello');
      if (i >= WARM_UP) timings.push(ms);
    }
    timings.sort((a, b) => a - b);
    console.log(`Chat overhead to the first streamed token (instant builtin model, ${ready.documents} documents)`);
    console.log(`  requests            ${REQUESTS} (after ${WARM_UP} warm-up)`);
    console.log(`  p50                 ${percentile(timings, 50).toFixed(1)} ms`);
    console.log(`  p95                 ${percentile(timings, 95).toFixed(1)} ms   target <= 10 ms`);
    console.log(`  max                 ${(timings.at(-1) ?? 0).toFixed(1)} ms`);
    console.log(
      `  floor (signed-in GET /api/me/preferences) p50 ${percentile(floor, 50).toFixed(1)} ms, p95 ${percentile(floor, 95).toFixed(1)} ms`,
    );
  } finally {
    child.stdin?.end();
    child.kill('SIGTERM');
  }
}

if (process.env.LUMEN_BENCH_ROLE === 'server') await serve();
else await measure();
