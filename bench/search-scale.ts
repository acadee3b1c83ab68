/**
 * Search at scale: grows one embedded database (PGlite, in a temporary data folder) in stages and measures, at each
 * stage, ingestion, sizes, memory, search latency and quality through the real ingestion and `searchPassages`.
 *
 *   stage "5k":    SciFact's 5,183 abstracts (the judged corpus) for the bench user, plus 200 documents of a second,
 *                  small user in the same install
 *   stage "50k":   distractor abstracts built from SciFact sentences up to 50,000 documents
 *   stage "500kp": long distractor documents (10 pages, one passage each) up to 500,000 passages
 *
 * At each stage: documents/s and passages/s of that stage's ingestion; postings, segments, index, database and
 * data-folder sizes; RSS; search p50/p95/p99 (limit 10, with snippets) over SciFact's test queries through the product
 * (`searchPassages`: packed segments scored in the server, ADR 0094), cold (a fresh server's first queries: segments
 * read from the database) and warm; the reference ranking (BM25 computed by the database over the chunks' own terms)
 * and how often its top 10 equals the product's; nDCG@10 and Recall@100; and the small user's p50/p95 over the same
 * queries (their cost must not follow what the others hold).
 *
 *   npm run search-scale -w bench [-- --stages 5k,50k,500kp] [-- --scale 0.1] [-- --queries 300] [-- --seed 7] [-- --keep]
 *     [-- --reference-queries 30] [-- --analysis-worker false]
 *
 * Ingestion is the app's on the embedded database: passages analysed on the analysis worker (ADR 0095, started before
 * the clock as the app starts it at boot) while the batch before is indexed; `--analysis-worker false` leaves the
 * analysis to the indexing statement.
 *
 * `--scale` shrinks the distractor stages (0.1: 5,000 + 45,000 x 0.1 documents...) for a quick run. EVAL_DIR overrides
 * where the evaluation data lives (default: ../shared/eval beside the repository). `--keep` leaves the data folder
 * in place (its path is printed) to study the built index afterwards.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { user } from '../apps/server/src/db/schema/index.ts';
import {
  type IngestTextInput,
  ingestTexts,
  isIngestFailure,
  type PreparedTexts,
  prepareTexts,
} from '../apps/server/src/modules/documents/ingest.ts';
import { rankByChunkTerms } from '../apps/server/src/modules/search/reference-ranking.ts';
import {
  analyzeQuery,
  BM25_B,
  BM25_K1,
  maintainSearchIndex,
} from '../apps/server/src/modules/search/search.repository.ts';
import { searchPassages } from '../apps/server/src/modules/search/search.service.ts';
import { startTextAnalysis } from '../apps/server/src/modules/search/text-analysis.ts';
import { checkpointEmbeddedDatabase, type Database, openDatabase, rowsOf } from '../apps/server/src/platform/db.ts';
import { createSeededRandom, ndcgAt, percentile, readJsonl, readQrels, recallAt } from './eval-metrics.ts';
import { describeMachineReference } from './machine-reference.ts';
import { toScifactIngestInput } from './scifact-input.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const scifactDir = path.join(evalDir, 'scifact');

const STAGES = ['5k', '50k', '500kp'] as const;
type Stage = (typeof STAGES)[number];

const { values: args } = parseArgs({
  options: {
    stages: { type: 'string', default: STAGES.join(',') },
    scale: { type: 'string', default: '1' },
    queries: { type: 'string', default: '300' },
    seed: { type: 'string', default: '7' },
    keep: { type: 'boolean', default: false },
    'reference-queries': { type: 'string', default: '30' },
    'analysis-worker': { type: 'string', default: 'true' },
  },
});
const stages = args.stages.split(',').filter((name): name is Stage => (STAGES as readonly string[]).includes(name));
const scale = Math.max(0.001, Number(args.scale) || 1);
const queryCount = Math.max(1, Number(args.queries) || 300);
/** The reference ranking reads every chunk of the user (seconds a query at 500k passages): on this many queries. */
const referenceQueryCount = Math.max(0, Number(args['reference-queries']) || 0);

const SMALL_USER_DOCUMENTS = 200;
const TARGET_DOCUMENTS = 50_000;
const TARGET_PASSAGES = 500_000;
const PAGES_PER_LONG_DOCUMENT = 10;
/** Passages fetched for the quality metrics: enough to hold 100 distinct documents. */
const DEEP_LIMIT = 200;
/** Documents handed to the ingestion at once (the unit a connector's page of changes would be). */
const INGEST_BATCH = 100;
const MAINTENANCE_INTERVAL_MS = 30_000;

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    total += entry.isDirectory() ? await folderBytes(full) : (await stat(full)).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => value.toFixed(1);

/** Builds distractor text from SciFact's own sentences, so term statistics look like the real corpus's. */
class DistractorWriter {
  private readonly sentences: string[];
  private readonly random: () => number;

  constructor(corpus: Array<{ title: string; text: string }>, seed: number) {
    this.sentences = corpus.flatMap((doc) =>
      doc.text
        .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence.split(/\s+/).length >= 5),
    );
    this.random = createSeededRandom(seed);
  }

  private sentence(): string {
    return this.sentences[Math.floor(this.random() * this.sentences.length)] ?? '';
  }

  private paragraph(minSentences: number, maxSentences: number): string {
    const count = minSentences + Math.floor(this.random() * (maxSentences - minSentences + 1));
    return Array.from({ length: count }, () => this.sentence()).join(' ');
  }

  /** A title of a few words taken from a sentence. */
  title(): string {
    const words = this.sentence().split(/\s+/);
    const start = Math.floor(this.random() * Math.max(1, words.length - 8));
    return words.slice(start, start + 4 + Math.floor(this.random() * 6)).join(' ');
  }

  /** An abstract-sized document: one passage. */
  abstract(): string {
    return this.paragraph(4, 10);
  }

  /** A long document: one passage per page. */
  longPages(): Array<{ page: number; text: string }> {
    return Array.from({ length: PAGES_PER_LONG_DOCUMENT }, (_, index) => ({
      page: index + 1,
      text: this.paragraph(5, 9),
    }));
  }
}

interface Counts {
  documents: number;
  passages: number;
}

async function countCorpus(db: Database): Promise<Counts & { postings: number; segments: number }> {
  const [row] = rowsOf<{ documents: number; passages: number; postings: number; segments: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM documents) AS documents, (SELECT count(*)::int FROM chunks) AS passages,
             (SELECT coalesce(sum(posting_count), 0)::bigint FROM search_segments) AS postings,
             (SELECT count(*)::int FROM search_segments) AS segments`),
  );
  return {
    documents: Number(row?.documents ?? 0),
    passages: Number(row?.passages ?? 0),
    postings: Number(row?.postings ?? 0),
    segments: Number(row?.segments ?? 0),
  };
}

async function relationSizes(db: Database): Promise<{ postings: number; chunks: number; database: number }> {
  const [row] = rowsOf<{ postings: string; chunks: string; database: string }>(
    await db.execute(sql`
      SELECT pg_total_relation_size('search_segments') AS postings, pg_total_relation_size('chunks') AS chunks,
             pg_database_size(current_database()) AS database`),
  );
  return {
    postings: Number(row?.postings ?? 0),
    chunks: Number(row?.chunks ?? 0),
    database: Number(row?.database ?? 0),
  };
}

/** Ingests through the real entry point (`ingestTexts`), in the batches a connector's page would bring. */
async function ingestAll(db: Database, inputs: Iterable<IngestTextInput>): Promise<Counts & { seconds: number }> {
  const started = performance.now();
  let documents = 0;
  let passages = 0;
  let batch: IngestTextInput[] = [];
  let maintainedAt = performance.now();
  let reportedAt = maintainedAt;
  let reportedDocuments = 0;
  // The batch before is indexed while this one is prepared (chunked, analysed on the worker), as a sync does.
  let preparing: Promise<PreparedTexts> | null = null;
  const flush = async () => {
    const next = batch.length > 0 ? prepareTexts(db, batch) : null;
    batch = [];
    const prepared = await preparing;
    preparing = next;
    if (!prepared) return;
    for (const outcome of await ingestTexts(db, prepared)) {
      if (isIngestFailure(outcome)) throw outcome.error;
      documents += 1;
      passages += outcome.chunkCount;
    }
    // As the app's search.maintain job does during a long burst (at most every 30 s, MAINTENANCE_DELAY_MS): it keeps
    // the lexeme rows lean and lets the write-ahead log shrink back (PGlite has no checkpointer of its own), so the
    // data folder does not grow with the whole stage's log. Its time counts in the ingestion rate.
    if (performance.now() - maintainedAt >= MAINTENANCE_INTERVAL_MS) {
      const maintenanceStarted = performance.now();
      await maintainSearchIndex(db);
      await checkpointEmbeddedDatabase(db);
      maintainedAt = performance.now();
      // Progress on stderr, so a long stage shows whether its rate holds (the figures below stay on stdout).
      const seconds = (maintainedAt - started) / 1000;
      const recent = documents - reportedDocuments;
      process.stderr.write(
        `  ${documents} documents, ${passages} passages in ${seconds.toFixed(0)} s: last ${recent} at ${(recent / ((maintainedAt - reportedAt) / 1000)).toFixed(0)} docs/s, maintenance ${((maintainedAt - maintenanceStarted) / 1000).toFixed(1)} s\n`,
      );
      reportedDocuments = documents;
      reportedAt = maintainedAt;
    }
  };
  for (const input of inputs) {
    batch.push(input);
    if (batch.length >= INGEST_BATCH) await flush();
  }
  // The last batch is prepared by the first call and indexed by the second.
  await flush();
  await flush();
  return { documents, passages, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  if (!existsSync(path.join(scifactDir, 'corpus.jsonl'))) throw new Error(`SciFact not found in ${scifactDir}`);
  const corpus = readJsonl<{ _id: string; title: string; text: string }>(path.join(scifactDir, 'corpus.jsonl'));
  const qrels = readQrels(path.join(scifactDir, 'qrels', 'test.tsv'));
  const queries = readJsonl<{ _id: string; text: string }>(path.join(scifactDir, 'queries_test.jsonl'))
    .filter((query) => qrels.has(query._id))
    .slice(0, queryCount);
  const writer = new DistractorWriter(corpus, Number(args.seed) || 7);

  if (args['analysis-worker'] !== 'false' && !(await startTextAnalysis()))
    throw new Error('The analysis worker did not start');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-search-scale-'));
  let handle = await openDatabase({ kind: 'pglite', dataDir });
  let db = handle.db;
  console.log(await describeMachineReference());
  console.log(
    `search-scale: stages ${stages.join(', ')}, scale ${scale}, ${queries.length} SciFact test queries, data in ${dataDir}`,
  );

  const benchUserId = randomUUID();
  const smallUserId = randomUUID();
  await db.insert(user).values([
    { id: benchUserId, name: 'Bench', email: 'bench@example.com', firstName: 'Bench', lastName: 'User' },
    { id: smallUserId, name: 'Small', email: 'small@example.com', firstName: 'Small', lastName: 'User' },
  ]);
  const corpusIdOf = new Map<string, string>();
  let distractorNumber = 0;
  const distractor = (ownerId: string, pages: Array<{ page: number | null; text: string }>): IngestTextInput => {
    distractorNumber += 1;
    return {
      ownerId,
      source: 'upload',
      externalId: `distractor:${distractorNumber}`,
      title: writer.title(),
      mimeType: pages.length > 1 ? 'application/pdf' : 'text/plain',
      pages,
      contentHash: `distractor:${distractorNumber}`,
    };
  };

  try {
    for (const stage of STAGES) {
      if (!stages.includes(stage) && STAGES.indexOf(stage) > Math.max(...stages.map((name) => STAGES.indexOf(name))))
        break;
      const before = await countCorpus(db);
      let ingested: Counts & { seconds: number };
      if (stage === '5k') {
        const real = await ingestAll(
          db,
          corpus.map((doc) => toScifactIngestInput(doc, benchUserId)),
        );
        const rows = rowsOf<{ id: string; external_id: string }>(
          await db.execute(sql`SELECT id, external_id FROM documents WHERE external_id LIKE 'scifact:%'`),
        );
        for (const row of rows) corpusIdOf.set(row.id, row.external_id.slice('scifact:'.length));
        const small = await ingestAll(
          db,
          Array.from({ length: SMALL_USER_DOCUMENTS }, () =>
            distractor(smallUserId, [{ page: null, text: writer.abstract() }]),
          ),
        );
        ingested = {
          documents: real.documents + small.documents,
          passages: real.passages + small.passages,
          seconds: real.seconds + small.seconds,
        };
      } else if (stage === '50k') {
        const wanted = Math.max(0, Math.round((TARGET_DOCUMENTS - before.documents) * scale));
        ingested = await ingestAll(
          db,
          (function* () {
            for (let index = 0; index < wanted; index += 1)
              yield distractor(benchUserId, [{ page: null, text: writer.abstract() }]);
          })(),
        );
      } else {
        const wantedPassages = Math.max(0, Math.round((TARGET_PASSAGES - before.passages) * scale));
        const wanted = Math.ceil(wantedPassages / PAGES_PER_LONG_DOCUMENT);
        ingested = await ingestAll(
          db,
          (function* () {
            for (let index = 0; index < wanted; index += 1) yield distractor(benchUserId, writer.longPages());
          })(),
        );
      }
      // What the search.maintain job does after a burst of indexing, then a checkpoint so the folder size is honest.
      await maintainSearchIndex(db);
      await checkpointEmbeddedDatabase(db);
      if (!stages.includes(stage)) continue;

      const totals = await countCorpus(db);
      const sizes = await relationSizes(db);
      const folder = await folderBytes(dataDir);
      console.log(
        `\n== stage ${stage}: ${totals.documents} documents, ${totals.passages} passages, ${totals.postings} postings in ${totals.segments} segments`,
      );
      console.log(
        `ingestion: ${ingested.documents} documents in ${ingested.seconds.toFixed(1)} s = ${(ingested.documents / ingested.seconds).toFixed(0)} docs/s, ${(ingested.passages / ingested.seconds).toFixed(0)} passages/s`,
      );
      console.log(
        `sizes: postings ${mb(sizes.postings)}, passages ${mb(sizes.chunks)}, database ${mb(sizes.database)}, data folder ${mb(folder)} (${(folder / sizes.database).toFixed(2)}x the database), RSS ${mb(process.memoryUsage().rss)}`,
      );

      // Cold: a new server, whose first queries read every segment from the database (a new handle on the folder).
      await handle.close();
      handle = await openDatabase({ kind: 'pglite', dataDir });
      db = handle.db;
      const coldLatencies: number[] = [];
      for (const query of queries.slice(0, 50)) {
        const time = performance.now();
        await searchPassages(db, { userId: benchUserId, query: query.text, limit: 10 });
        coldLatencies.push(performance.now() - time);
      }
      const latencies: number[] = [];
      const referenceLatencies: number[] = [];
      const quality = { ndcg: 0, recall: 0 };
      let identical = 0;
      let overlap = 0;
      for (const query of queries) {
        const judged = qrels.get(query._id) ?? new Map<string, number>();
        let time = performance.now();
        const top = await searchPassages(db, { userId: benchUserId, query: query.text, limit: 10 });
        latencies.push(performance.now() - time);
        if (referenceLatencies.length < referenceQueryCount) {
          time = performance.now();
          const analysis = await analyzeQuery(db, query.text);
          const reference = await rankByChunkTerms(db, analysis, { userId: benchUserId }, 10, {
            k1: BM25_K1,
            b: BM25_B,
          });
          referenceLatencies.push(performance.now() - time);
          const referenceIds = new Set(reference.map((result) => result.chunkId));
          const shared = top.filter((result) => referenceIds.has(result.chunkId)).length;
          if (shared === reference.length && top.length === reference.length) identical += 1;
          overlap += reference.length === 0 ? 1 : shared / reference.length;
        }
        const deep = await searchPassages(db, { userId: benchUserId, query: query.text, limit: DEEP_LIMIT });
        const ranked = [
          ...new Set(deep.map((result) => corpusIdOf.get(result.documentId) ?? `other:${result.documentId}`)),
        ];
        quality.ndcg += ndcgAt(ranked, judged, 10);
        quality.recall += recallAt(ranked, judged, 100);
      }
      const latencyLine = (values: number[]) =>
        `p50 ${ms(percentile(values, 50))} ms, p95 ${ms(percentile(values, 95))} ms, p99 ${ms(percentile(values, 99))} ms`;
      console.log(
        `search (limit 10, snippets), cold server, first ${coldLatencies.length} queries: ${latencyLine(coldLatencies)}`,
      );
      console.log(`search (limit 10, snippets): ${latencyLine(latencies)}   (target p95 <= 30 ms)`);
      console.log(
        `reference (database BM25 over the chunks' terms, no snippets), first ${referenceLatencies.length} queries: ${latencyLine(referenceLatencies)}`,
      );
      console.log(
        `search top 10 = reference top 10 on ${identical} of ${referenceLatencies.length} queries (ties aside: same chunks), mean overlap ${(overlap / Math.max(1, referenceLatencies.length)).toFixed(3)}`,
      );
      console.log(
        `quality: nDCG@10 ${(quality.ndcg / queries.length).toFixed(3)}, Recall@100 ${(quality.recall / queries.length).toFixed(3)}`,
      );
      const smallLatencies: number[] = [];
      for (const query of queries) {
        const time = performance.now();
        await searchPassages(db, { userId: smallUserId, query: query.text, limit: 10 });
        smallLatencies.push(performance.now() - time);
      }
      console.log(
        `small user (${SMALL_USER_DOCUMENTS} documents of their own): p50 ${ms(percentile(smallLatencies, 50))} ms, p95 ${ms(percentile(smallLatencies, 95))} ms   (target p95 <= 10 ms)`,
      );
    }
  } finally {
    await handle.close();
    if (args.keep) console.log(`data kept in ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
