/**
 * Upload throughput end to end: SciFact's abstracts dropped as plain-text files through `POST /api/files` (20 files a
 * request, as the chat's drop zone sends them, a few requests in flight), until every document is indexed. What is
 * measured is the whole path a user's folder of notes takes: HTTP and multipart, type sniffing, storage, the job
 * queue and the ingestion. The app (buildApp on an embedded PGlite in a temporary folder) listens on a loopback port;
 * the files go over real HTTP from a client process of its own (`upload-client.ts`); readiness is read from the
 * database.
 *
 *   npm run upload-throughput -w bench [-- --documents 5183] [-- --in-flight 2]
 *
 * Target (docs/performance-budgets.md): at least 300 documents per second end to end.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import { BENCH_ORIGIN, loadBenchConfig, signInBenchUser } from './bench-session.ts';
import { describeMachineReference } from './machine-reference.ts';
import type { UploadClientReport, UploadClientRequest } from './upload-client.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const corpusFile = path.join(evalDir, 'scifact', 'corpus.jsonl');

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string' },
    'in-flight': { type: 'string', default: '2' },
  },
});
const FILES_PER_REQUEST = 20;
const inFlight = Math.max(1, Number(args['in-flight']) || 2);

async function main() {
  if (!existsSync(corpusFile)) throw new Error(`SciFact not found at ${corpusFile} (set EVAL_DIR)`);
  const corpus = readFileSync(corpusFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { _id: string; title: string; text: string });
  const documents = args.documents ? corpus.slice(0, Number(args.documents)) : corpus;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumen-upload-bench-'));
  const config = loadBenchConfig(dataDir, { OCR_ENABLED: 'false' });
  const app = await buildApp(config);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const { cookie, userId } = await signInBenchUser(app);
    const countSettled = async () => {
      const [row] = rowsOf<{ ready: number; failed: number }>(
        await app.database.db.execute(sql`
          SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready,
                 count(*) FILTER (WHERE status = 'failed')::int AS failed
          FROM documents WHERE owner_id = ${userId}`),
      );
      return { ready: Number(row?.ready ?? 0), failed: Number(row?.failed ?? 0) };
    };

    console.log(await describeMachineReference());
    console.log(
      `upload-throughput: ${documents.length} SciFact abstracts as .txt files, ${FILES_PER_REQUEST} a request, ${inFlight} in flight, from a client process of its own`,
    );
    // The client runs in a process of its own, as a browser would: its multipart encoding does not take the server's
    // CPU time.
    const client = fork(fileURLToPath(new URL('./upload-client.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started = performance.now();
    const report = await new Promise<UploadClientReport>((resolve, reject) => {
      client.once('message', (message) => resolve(message as UploadClientReport));
      client.once('exit', (code) => reject(new Error(`the upload client exited with ${code}`)));
      const request: UploadClientRequest = {
        baseUrl,
        cookie,
        origin: BENCH_ORIGIN,
        corpusFile,
        documents: documents.length,
        filesPerRequest: FILES_PER_REQUEST,
        inFlight,
      };
      client.send(request);
    });
    const { accepted, refused, failedRequests, requestTimes } = report;
    const uploadedSeconds = report.seconds;
    const deadline = Date.now() + 30 * 60_000;
    let settled = await countSettled();
    while (settled.ready + settled.failed < accepted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      settled = await countSettled();
    }
    const totalSeconds = (performance.now() - started) / 1000;
    const sortedTimes = [...requestTimes].sort((a, b) => a - b);
    const p95 = sortedTimes[Math.min(sortedTimes.length - 1, Math.ceil(0.95 * sortedTimes.length) - 1)] ?? 0;

    console.log(
      `uploads answered: ${accepted} accepted, ${refused.length} refused, ${failedRequests.length} requests failed, in ${uploadedSeconds.toFixed(1)} s (request p95 ${p95.toFixed(0)} ms)`,
    );
    console.log(
      `indexed: ${settled.ready} ready, ${settled.failed} failed, all settled after ${totalSeconds.toFixed(1)} s = ${(settled.ready / totalSeconds).toFixed(0)} documents/s end to end   (target >= 300)`,
    );
    for (const file of refused.slice(0, 5))
      console.log(`  refused: ${file.name}: ${file.reason ?? ''} ${file.message ?? ''}`);
    for (const failure of failedRequests.slice(0, 5)) console.log(`  request failed: ${failure}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
