/** What the benches share to read the evaluation data and to measure: JSONL and qrels files, ranking metrics, percentiles, a seeded generator. */
import { readFileSync } from 'node:fs';

export function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** BEIR qrels (query-id, corpus-id, score with a header line): the judged documents of each query. */
export function readQrels(file: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [queryId, corpusId, score] = line.trim().split('\t');
    if (!queryId || !corpusId) continue;
    const judged = qrels.get(queryId) ?? new Map<string, number>();
    judged.set(corpusId, Number(score));
    qrels.set(queryId, judged);
  }
  return qrels;
}

export function ndcgAt(ranked: string[], judged: Map<string, number>, k: number): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, index) => sum + (2 ** (judged.get(id) ?? 0) - 1) / Math.log2(index + 2), 0);
  const ideal = [...judged.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, gain, index) => sum + (2 ** gain - 1) / Math.log2(index + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(ranked: string[], judged: Map<string, number>, k: number): number {
  const relevant = [...judged].filter(([, score]) => score > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** The p-th percentile (nearest rank) of the values, in any order. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export { createSeededRandom } from '../apps/server/src/test/seeded-random.ts';
