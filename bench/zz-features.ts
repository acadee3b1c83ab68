import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { documents, user } from '../apps/server/src/db/schema/index.ts';
import { analyseAnswer } from '../apps/server/src/modules/assistant/models/builtin/extractive.ts';
import { contentStems, splitSentences } from '../apps/server/src/modules/assistant/models/builtin/text.ts';
import { ingestText } from '../apps/server/src/modules/documents/ingest.ts';
import { searchPassages } from '../apps/server/src/modules/search/search.service.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';

const dir = path.resolve(import.meta.dirname, '../../shared/eval/squad2_dev_subset');
const read = (f: string) =>
  readFileSync(path.join(dir, f), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const passages = read('passages.jsonl');
const questions = read('questions.jsonl');
const handle = await openDatabase({ kind: 'pglite' });
const db = handle.db;
const userId = randomUUID();
await db
  .insert(user)
  .values({ id: userId, name: 'B', email: `b-${userId}@x.com`, emailVerified: true, firstName: 'B', lastName: 'U' });
for (const p of passages)
  await ingestText(db, {
    ownerId: userId,
    source: 'upload',
    externalId: p._id,
    title: p.title,
    mimeType: 'text/plain',
    pages: [{ page: null, text: p.text }],
    contentHash: p._id,
  });
const rows = await db.select({ id: documents.id, externalId: documents.externalId }).from(documents);
const pid = new Map(rows.map((r) => [r.id, r.externalId]));
// corpus sentence df of stems
const df = new Map<string, number>();
let nSent = 0;
for (const p of passages)
  for (const s of splitSentences(p.text)) {
    nSent++;
    for (const st of new Set(contentStems(s))) df.set(st, (df.get(st) ?? 0) + 1);
  }
const out: string[] = [];
for (const q of questions) {
  const results = await searchPassages(db, { userId, query: q.question, limit: 8, snippets: false });
  const ps = results.map((r, i) => ({
    documentId: r.documentId,
    title: r.title,
    source: r.source,
    mimeType: r.mimeType,
    page: r.page,
    text: r.text,
    score: r.score,
    n: i + 1,
  }));
  const a = analyseAnswer(q.question, ps as any);
  const terms = [...new Set(contentStems(q.question, true))];
  const words = (q.question.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []) as string[];
  const wordOf = new Map<string, string>();
  for (const w of words) {
    const st = contentStems(w, true)[0];
    if (st) wordOf.set(st, w);
  }
  const citedP = a.reply ? ps[a.reply.cited[0]! - 1]! : ps[0];
  const pStems = new Set(citedP ? contentStems(citedP.title + ' ' + citedP.text) : []);
  let win = new Set<string>();
  if (a.reply && citedP) {
    const sents = splitSentences(citedP.text);
    const first = a.reply.text.split(' [')[0]!;
    const idx = sents.findIndex((x) => x === first);
    const w = [sents[idx - 1], sents[idx], sents[idx + 1]].filter(Boolean).join(' ');
    win = new Set(contentStems(w + ' ' + citedP.title));
  }
  const allStems = new Set(ps.flatMap((p) => contentStems(p.title + ' ' + p.text)));
  const termInfo = terms.map((t) => ({
    t,
    w: wordOf.get(t) ?? t,
    df: df.get(t) ?? 0,
    inP: pStems.has(t),
    inWin: win.has(t),
    inAll: allStems.has(t),
  }));
  out.push(
    JSON.stringify({
      termInfo,
      id: q.id,
      title: q.title,
      imp: q.is_impossible,
      q: q.question,
      answers: q.answers,
      gold: q.passage_id,
      ranks: ps.map((p) => pid.get(p.documentId)),
      scores: ps.map((p) => p.score),
      declined: a.declined ?? null,
      coverage: a.coverage,
      reply: a.reply?.text ?? null,
      cited: a.reply?.cited.map((n) => pid.get(ps[n - 1]!.documentId)) ?? [],
    }),
  );
}
writeFileSync('/tmp/sq/features.jsonl', out.join('\n'));
writeFileSync('/tmp/sq/df.json', JSON.stringify({ nSent, df: Object.fromEntries(df) }));
await handle.close();
