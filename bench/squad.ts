/**
 * Grounded-answer benchmark for the builtin model on SQuAD 2.0 (the dev subset in ../shared/eval/squad2_dev_subset):
 * indexes the passages through the real ingestion code (ingestText) on an embedded PGlite, asks every question through
 * the same agent and service as POST /api/ask (answerQuestion), and prints:
 *   - answerable questions whose gold passage is among the cited sources   (target >= 0.9)
 *   - answerable questions whose answer text appears in the reply          (target >= 0.6)
 *   - unanswerable questions answered "the documents do not say"           (target >= 0.8)
 * plus the answerable questions it wrongly declined, and the latency per question.
 *
 *   npm run squad -w bench [-- --limit 200]
 *   AI_PROVIDER=openai-compatible AI_BASE_URL=http://localhost:11434/v1 AI_MODEL=llama3.1 npm run squad -w bench
 *
 * EVAL_DIR overrides where the evaluation data lives (default: ../shared/eval beside the repository).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AI_PROVIDERS, NO_ANSWER_REPLY } from '@lumen/contract';
import Fastify from 'fastify';
import { documents, user } from '../apps/server/src/db/schema/index.ts';
import { answerQuestion } from '../apps/server/src/modules/assistant/ask.service.ts';
import {
  createLanguageModel,
  describeModel,
  type ModelConfig,
} from '../apps/server/src/modules/assistant/models/create-language-model.ts';
import { ingestText } from '../apps/server/src/modules/documents/ingest.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { createLocalStorage } from '../apps/server/src/platform/storage.ts';
import { percentile, readJsonl } from './eval-metrics.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval');
const dataDir = path.join(evalDir, 'squad2_dev_subset');

const { values: args } = parseArgs({ options: { limit: { type: 'string' } } });

/** The builtin model by default; AI_PROVIDER, AI_BASE_URL, AI_MODEL, AI_API_KEY measure another one the same way. */
const provider = AI_PROVIDERS.find((name) => name === process.env.AI_PROVIDER) ?? 'builtin';
const modelConfig: ModelConfig = {
  AI_PROVIDER: provider,
  AI_BASE_URL: process.env.AI_BASE_URL,
  AI_MODEL: process.env.AI_MODEL,
  AI_API_KEY: process.env.AI_API_KEY,
};

interface SquadPassage {
  _id: string;
  title: string;
  text: string;
}
interface SquadQuestion {
  id: string;
  question: string;
  passage_id: string;
  is_impossible: boolean;
  answers: string[];
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

async function main() {
  if (!existsSync(path.join(dataDir, 'passages.jsonl'))) {
    throw new Error(`SQuAD data not found in ${dataDir} (set EVAL_DIR)`);
  }
  const passages = readJsonl<SquadPassage>(path.join(dataDir, 'passages.jsonl'));
  let questions = readJsonl<SquadQuestion>(path.join(dataDir, 'questions.jsonl'));
  if (args.limit) questions = questions.slice(0, Number(args.limit));

  const handle = await openDatabase({ kind: 'pglite' });
  const storageDir = mkdtempSync(path.join(tmpdir(), 'lumen-squad-'));
  try {
    const db = handle.db;
    const userId = randomUUID();
    await db.insert(user).values({
      id: userId,
      name: 'Bench User',
      email: `bench-${userId}@example.com`,
      emailVerified: true,
      firstName: 'Bench',
      lastName: 'User',
    });

    const indexStart = performance.now();
    for (const passage of passages) {
      await ingestText(db, {
        ownerId: userId,
        source: 'upload',
        externalId: passage._id,
        title: passage.title,
        mimeType: 'text/plain',
        pages: [{ page: null, text: passage.text }],
        contentHash: passage._id,
      });
    }
    const indexMs = performance.now() - indexStart;
    const rows = await db.select({ id: documents.id, externalId: documents.externalId }).from(documents);
    const passageIdOf = new Map(rows.map((row) => [row.id, row.externalId ?? '']));

    const deps = {
      db,
      storage: createLocalStorage(storageDir),
      embedder: null,
      model: createLanguageModel(modelConfig),
      log: Fastify({ logger: false }).log,
    };
    let answerable = 0;
    let goldCited = 0;
    let answerInReply = 0;
    let wronglyDeclined = 0;
    let unanswerable = 0;
    let declined = 0;
    const latencies: number[] = [];
    for (const question of questions) {
      const started = performance.now();
      const { response, citations } = await answerQuestion(deps, userId, question.question);
      latencies.push(performance.now() - started);
      const saysNotInDocuments = response.includes(NO_ANSWER_REPLY);
      if (question.is_impossible) {
        unanswerable++;
        if (saysNotInDocuments) declined++;
        continue;
      }
      answerable++;
      if (citations.some((citation) => passageIdOf.get(citation.documentId) === question.passage_id)) goldCited++;
      const reply = response.toLowerCase();
      if (question.answers.some((answer) => reply.includes(answer.toLowerCase()))) answerInReply++;
      if (saysNotInDocuments) wronglyDeclined++;
    }
    latencies.sort((a, b) => a - b);

    const report: Array<[string, string]> = [
      ['passages indexed', `${passages.length} in ${(indexMs / 1000).toFixed(1)} s`],
      ['questions', `${questions.length} (${answerable} answerable, ${unanswerable} unanswerable)`],
      ['gold passage cited (answerable)', `${share(goldCited, answerable).toFixed(3)}   target >= 0.9`],
      ['answer text in reply (answerable)', `${share(answerInReply, answerable).toFixed(3)}   target >= 0.6`],
      ['says the documents do not say (unanswerable)', `${share(declined, unanswerable).toFixed(3)}   target >= 0.8`],
      ['declined although answerable', share(wronglyDeclined, answerable).toFixed(3)],
      [
        'latency per question p50 / p95',
        `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 95).toFixed(1)} ms`,
      ],
    ];
    console.log(`SQuAD 2.0 dev subset, ${describeModel(modelConfig).label} through the /api/ask agent`);
    for (const [label, value] of report) console.log(`  ${label.padEnd(48)} ${value}`);
  } finally {
    await handle.close();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
