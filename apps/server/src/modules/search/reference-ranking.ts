import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { chunks, documents } from '../../db/schema/index.ts';
import { type Database, rowsOf } from '../../platform/db.ts';
import { visibleDocumentsCondition } from '../access/index.ts';
import type { Bm25Parameters, PassageFilter, QueryAnalysis, ScoredChunk } from './search.repository.ts';

/**
 * The reference ranking the tests and the benchmark compare search with (ADR 0094): BM25 computed by the database
 * over the chunks' own terms (`chunks.lexemes`, `term_frequencies`, `indexed_length`) of every document the access
 * rule lets the user view, ignoring the packed segments entirely. Slow (it reads every chunk the user may view), exact.
 */
export async function rankByChunkTerms(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  parameters: Bm25Parameters,
): Promise<ScoredChunk[]> {
  const terms = analysis.terms.filter((term) => term.documentFrequency > 0);
  if (terms.length === 0 || analysis.chunkCount === 0) return [];
  const f = (value: number): SQL => sql.raw(`${Number.isFinite(value) ? value : 0}::float8`);
  const n = analysis.chunkCount;
  const weight = sql.join(
    terms.map(
      (term) =>
        sql`WHEN ${term.lexeme} THEN ${f(term.count * Math.log(1 + (n - term.documentFrequency + 0.5) / (term.documentFrequency + 0.5)))}`,
    ),
    sql` `,
  );
  const conditions: SQL[] = [visibleDocumentsCondition(filter.userId, filter.area ?? null)];
  if (filter.mimeType) conditions.push(eq(documents.mimeType, filter.mimeType));
  if (filter.documentIds) conditions.push(inArray(documents.id, filter.documentIds));
  if (filter.sources) conditions.push(inArray(documents.source, filter.sources));
  const { k1, b } = parameters;
  const result = await db.execute(sql`
    SELECT c.id AS "chunkId",
           sum(CASE t.lexeme ${weight} ELSE 0::float8 END * t.tf * ${f(k1 + 1)}
               / (t.tf + ${f(k1)} * (1 - ${f(b)} + ${f(b / analysis.averageLength)} * least(c.indexed_length, 32767)))) AS score
    FROM ${chunks} c
    CROSS JOIN LATERAL unnest(c.lexemes, c.term_frequencies) AS t (lexeme, tf)
    WHERE t.lexeme IN (${sql.join(
      terms.map((term) => sql`${term.lexeme}`),
      sql`, `,
    )})
      AND c.document_id IN (SELECT ${documents.id} FROM ${documents} WHERE ${and(...conditions)})
    GROUP BY c.id
    ORDER BY score DESC, c.id
    LIMIT ${limit}`);
  return rowsOf<{ chunkId: number | string; score: number | string }>(result).map((row) => ({
    chunkId: Number(row.chunkId),
    score: Number(row.score),
  }));
}
