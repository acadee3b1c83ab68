/**
 * Retrieval benchmark on BEIR SciFact: indexes the corpus through the real ingestion code (ingestTexts, in batches of
 * INGEST_BATCH documents as a sync page or an upload burst would) on an embedded PGlite, then runs the queries of one split through searchPassages and prints ingestion throughput, nDCG@10,
 * Recall@100 and search latency. Tune on `--split train`; report `--split test` (the default).
 *
 *   npm run scifact -w bench [-- --split train] [-- --k1 1.2 --b 0.75] [-- --limit-docs 1000] [-- --analysis-worker false]
 *
 * As the app on the embedded database, passages are analysed on the analysis worker (ADR 0095), started before the
 * clock starts as the app starts it at boot, and the next batch is prepared while one is indexed, as a sync does;
 * `--analysis-worker false` leaves the analysis to the indexing statement.
 *
 * EVAL_DIR overrides where the evaluation data lives (default: ../shared/eval beside the repository).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { user } from '../apps/server/src/db/schema/index.ts';
import { ingestTexts, isIngestFailure, prepareTexts } from '../apps/server/src/modules/documents/ingest.ts';
import { BM25_B, BM25_K1, maintainSearchIndex } from '../apps/server/src/modules/search/search.repository.ts';
import { searchPassages } from '../apps/server/src/modules/search/search.service.ts';
import { startTextAnalysis } from '../apps/server/src/modules/search/text-analysis.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { ndcgAt, percentile, readJsonl, readQrels, recallAt } from './eval-metrics.ts';
import { describeMachineReference } from './machine-reference.ts';
import { toScifactIngestInput } from './scifact-input.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const dataDir = path.join(evalDir, 'scifact');

const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'test' },
    'limit-docs': { type: 'string' },
    k1: { type: 'string' },
    b: { type: 'string' },
    'analysis-worker': { type: 'string', default: 'true' },
  },
});
const split = args.split === 'train' ? 'train' : 'test';
const bm25 =
  args.k1 || args.b ? { k1: Number(args.k1 ?? BM25_K1), b: Number(args.b ?? BM25_B) } : { k1: BM25_K1, b: BM25_B };
/** Documents per ingestTexts call. */
const INGEST_BATCH = 500;
/** Passages fetched for the quality metrics: enough to hold 100 distinct documents. */
const DEEP_LIMIT = 200;

/** Documents in the order of their first passage. */
function distinctDocuments(documentIds: string[]): string[] {
  return [...new Set(documentIds)];
}

async function main() {
  if (!existsSync(path.join(dataDir, 'corpus.jsonl'))) {
    throw new Error(`SciFact not found in ${dataDir} (set EVAL_DIR)`);
  }
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(dataDir, 'corpus.jsonl'));
  const docs = args['limit-docs'] ? corpus.slice(0, Number(args['limit-docs'])) : corpus;
  const qrels = readQrels(path.join(dataDir, 'qrels', `${split}.tsv`));
  const queries = readJsonl<{ _id: string; text: string }>(
    path.join(dataDir, split === 'test' ? 'queries_test.jsonl' : 'queries.jsonl'),
  ).filter((query) => qrels.has(query._id));

  console.log(await describeMachineReference());
  console.log(`SciFact ${split} split: ${docs.length} documents, ${queries.length} queries (EVAL_DIR ${evalDir})`);
  const handle = await openDatabase({ kind: 'pglite' });
  const db = handle.db;
  const userId = randomUUID();
  await db
    .insert(user)
    .values({ id: userId, name: 'Bench', email: 'bench@example.com', firstName: 'Bench', lastName: 'User' });

  if (args['analysis-worker'] !== 'false' && !(await startTextAnalysis()))
    throw new Error('The analysis worker did not start');
  const corpusIdOf = new Map<string, string>();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const prepareBatch = (start: number) =>
    prepareTexts(
      db,
      docs.slice(start, start + INGEST_BATCH).map((doc) => toScifactIngestInput(doc, userId)),
    );
  let next = prepareBatch(0);
  for (let start = 0; start < docs.length; start += INGEST_BATCH) {
    const batch = docs.slice(start, start + INGEST_BATCH);
    const prepared = await next;
    next = prepareBatch(start + INGEST_BATCH);
    const outcomes = await ingestTexts(db, prepared);
    outcomes.forEach((outcome, index) => {
      if (isIngestFailure(outcome)) throw outcome.error;
      corpusIdOf.set(outcome.documentId, batch[index]?._id ?? '');
    });
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `ingestion: ${docs.length} documents in ${ingestSeconds.toFixed(1)} s = ${(docs.length / ingestSeconds).toFixed(0)} docs/s   (target >= 1000)`,
  );
  console.log(
    `ingestion CPU time: ${cpuSeconds.toFixed(1)} s = ${(docs.length / cpuSeconds).toFixed(0)} docs per CPU second, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  // What the search.maintain job does after a burst of indexing (VACUUM ANALYZE of the postings).
  const maintenanceStarted = performance.now();
  await maintainSearchIndex(db);
  console.log(
    `index maintenance (VACUUM ANALYZE, once after the burst): ${(performance.now() - maintenanceStarted).toFixed(0)} ms`,
  );

  // Warm up the query path (plans, caches) before timing.
  for (const query of queries.slice(0, 10)) await searchPassages(db, { userId, query: query.text, limit: 10, bm25 });

  // Latency: the call the assistant makes (10 passages, with snippets). Quality: the distinct documents in rank order
  // of a deeper call, so that 10 and 100 documents are really there.
  const latencies: number[] = [];
  const deepLatencies: number[] = [];
  let ndcgSum = 0;
  let recallSum = 0;
  for (const query of queries) {
    const judged = qrels.get(query._id) ?? new Map<string, number>();
    let time = performance.now();
    await searchPassages(db, { userId, query: query.text, limit: 10, bm25 });
    latencies.push(performance.now() - time);
    time = performance.now();
    const deep = await searchPassages(db, { userId, query: query.text, limit: DEEP_LIMIT, bm25 });
    deepLatencies.push(performance.now() - time);
    const ranked = distinctDocuments(deep.map((result) => corpusIdOf.get(result.documentId) ?? ''));
    ndcgSum += ndcgAt(ranked, judged, 10);
    recallSum += recallAt(ranked, judged, 100);
  }
  console.log(`BM25 k1 ${bm25.k1}, b ${bm25.b}`);
  console.log(`nDCG@10:    ${(ndcgSum / queries.length).toFixed(3)}   (target >= 0.693)`);
  console.log(`Recall@100: ${(recallSum / queries.length).toFixed(3)}   (target >= 0.922)`);
  console.log(
    `search latency (limit 10, snippets): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms   (target p95 <= 10 ms)`,
  );
  console.log(
    `search latency (limit ${DEEP_LIMIT}):            p50 ${percentile(deepLatencies, 50).toFixed(1)} ms, p95 ${percentile(deepLatencies, 95).toFixed(1)} ms`,
  );
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
