import type { DocumentSource, SearchResult } from '@lumen/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  chunkEmbeddings,
  chunks,
  documents,
  searchLexemes,
  searchScopes,
  searchSegments,
  searchStats,
} from '../../db/schema/index.ts';
import { columnNames, type Database, packTexts, rowsOf, unpackText } from '../../platform/db.ts';
import { type DocumentArea, visibleDocumentsCondition } from '../access/index.ts';
import { type CompactionReport, compactSearchSegments } from './compaction.ts';
import { findChunkIdsOfDocuments, rankSegments, readSegments, segmentColumns, textArrayOf } from './lexical-index.ts';

/** BM25 parameters, tuned on the SciFact train split (ADR 0010). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export interface Bm25Parameters {
  k1: number;
  b: number;
}

export interface PassageFilter {
  userId: string;
  /** Only this area's documents (a space's chat, the team room); everywhere the user may look when absent. */
  area?: DocumentArea;
  mimeType?: string;
  documentIds?: string[];
  /** Only documents from these platforms ("what did we decide in Slack"). */
  sources?: DocumentSource[];
}

export interface ScoredChunk {
  chunkId: number;
  score: number;
}

export type PassageRow = Omit<SearchResult, 'snippet' | 'score'>;

/** Which documents a search may read, as a condition on `documents`: visible to the user, narrowed by the filters. */
function searchableCondition(filter: PassageFilter, scopeIds?: number[]): SQL | undefined {
  const conditions: SQL[] = [
    // Given the scopes the access rule gave this search (`readSegments`): the same rule, read from the documents'
    // current scope, without planning it again.
    scopeIds
      ? sql`${documents.searchScopeId} = ANY(${sql.param(scopeIds)}::bigint[])`
      : visibleDocumentsCondition(filter.userId, filter.area ?? null),
  ];
  if (filter.mimeType) conditions.push(eq(documents.mimeType, filter.mimeType));
  if (filter.documentIds) conditions.push(inArray(documents.id, filter.documentIds));
  if (filter.sources) conditions.push(inArray(documents.source, filter.sources));
  return and(...conditions);
}

/** The ids of the documents a search may read. */
function searchableDocuments(filter: PassageFilter): SQL {
  return sql`SELECT ${documents.id} FROM ${documents} WHERE ${searchableCondition(filter)}`;
}

export interface PassageInput {
  ordinal: number;
  page: number | null;
  text: string;
}

/** A passage of a document being indexed. */
export interface ChunkInput extends PassageInput {
  documentId: string;
  /** Its terms computed ahead (`analyzePassages`, tsvector text); without them the statement analyses the text. */
  vector?: string | null;
}

/**
 * Stores the passages of many documents and indexes them, in one statement: each chunk with its terms (the lexemes of
 * `indexed title + text`, their frequencies and total, ADR 0094; the title is indexed with every chunk of its
 * document; read from the passage's vector when the analysis worker computed it, ADR 0095), then one packed segment per (lexeme, search scope) of the statement's chunks, and each lexeme's chunk count
 * in search_lexemes from those segments. The chunks' statement trigger keeps search_stats; the compaction job merges
 * the small segments later.
 */
export async function insertIndexedChunks(
  db: Database,
  passages: ChunkInput[],
  indexedTitles: ReadonlyMap<string, string>,
): Promise<void> {
  if (passages.length === 0) return;
  const chunkCount = columnNames(searchLexemes.chunkCount);
  const texts = packTexts(passages.map((passage) => passage.text));
  const vectors = packTexts(passages.map((passage) => passage.vector ?? null));
  await db.execute(sql`
    WITH packed AS (
      SELECT ${sql.param(texts.bytes)}::bytea AS texts, ${sql.param(vectors.bytes)}::bytea AS vectors
    ),
    titles AS (
      SELECT t.document_id, t.title
      FROM unnest(
        ${sql.param([...indexedTitles.keys()])}::uuid[],
        ${sql.param([...indexedTitles.values()])}::text[]
      ) AS t (document_id, title)
    ),
    analysed AS (
      SELECT c.document_id, c.ordinal, c.page, c.text, coalesce(terms.lexemes, '{}'::text[]) AS lexemes,
             coalesce(terms.tfs, '{}'::smallint[]) AS tfs, coalesce(terms.length, 0) AS length
      FROM (
        SELECT p.document_id, p.ordinal, p.page,
               ${unpackText(sql`packed.texts`, sql`p.text_start`, sql`p.text_length`)} AS text,
               ${unpackText(sql`packed.vectors`, sql`p.vector_start`, sql`p.vector_length`)} AS vector
        FROM packed, unnest(
          ${sql.param(passages.map((passage) => passage.documentId))}::uuid[],
          ${sql.param(passages.map((passage) => passage.ordinal))}::int[],
          ${sql.param(passages.map((passage) => passage.page))}::int[],
          ${sql.param(texts.starts)}::int[],
          ${sql.param(texts.lengths)}::int[],
          ${sql.param(vectors.starts)}::int[],
          ${sql.param(vectors.lengths)}::int[]
        ) AS p (document_id, ordinal, page, text_start, text_length, vector_start, vector_length)
      ) AS c
      JOIN titles ON titles.document_id = c.document_id
      CROSS JOIN LATERAL (
        SELECT array_agg(l.lexeme) AS lexemes,
               array_agg(least(coalesce(array_length(l.positions, 1), 1), 32767)::smallint) AS tfs,
               sum(coalesce(array_length(l.positions, 1), 1))::int AS length
        FROM unnest(coalesce(c.vector::tsvector, to_tsvector('english', titles.title || ' ' || c.text))) AS l
      ) AS terms
    ),
    inserted AS (
      INSERT INTO ${chunks} (${columnNames(
        chunks.documentId,
        chunks.ordinal,
        chunks.page,
        chunks.text,
        chunks.lexemes,
        chunks.termFrequencies,
        chunks.indexedLength,
      )})
      SELECT document_id, ordinal, page, text, lexemes, tfs, length FROM analysed
      RETURNING ${chunks.id} AS id, ${chunks.documentId} AS document_id, ${chunks.lexemes} AS lexemes,
                ${chunks.termFrequencies} AS tfs, ${chunks.indexedLength} AS length
    ),
    -- Each document's postings go under its search scope (ADR 0017), set on the row by a trigger when it was stored.
    grouped AS (
      SELECT p.lexeme, ${documents.searchScopeId} AS scope_id, count(*) AS posting_count, max(p.tf) AS max_tf,
             min(p.length) AS min_length, min(p.id) AS first_chunk_id, max(p.id) AS last_chunk_id,
             string_agg(int4send(p.id::int4) || int2send(p.tf) || int2send(p.length), ''::bytea ORDER BY p.id) AS postings
      FROM (
        SELECT i.id, i.document_id, t.lexeme, t.tf, least(i.length, 32767)::smallint AS length
        FROM inserted i, unnest(i.lexemes, i.tfs) AS t (lexeme, tf)
      ) AS p
      JOIN ${documents} ON ${documents.id} = p.document_id
      GROUP BY p.lexeme, ${documents.searchScopeId}
    ),
    -- Each lexeme's chunk count, from its segments (a chunk is in one scope); upserted in sorted order, so concurrent
    -- indexers lock the rows in the same order.
    counted AS (
      INSERT INTO ${searchLexemes} AS l (${columnNames(searchLexemes.lexeme, searchLexemes.chunkCount)})
      SELECT lexeme, sum(posting_count) FROM grouped GROUP BY lexeme ORDER BY lexeme
      ON CONFLICT (${columnNames(searchLexemes.lexeme)})
      DO UPDATE SET ${chunkCount} = l.${chunkCount} + excluded.${chunkCount}
    )
    INSERT INTO ${searchSegments} (${segmentColumns()})
    SELECT lexeme, scope_id, posting_count, max_tf, min_length, first_chunk_id, last_chunk_id, postings FROM grouped`);
}

/**
 * Keeps the index fast: merges small segments and drops dead postings (`compactSearchSegments`), then, with `vacuum`,
 * VACUUM marks the segment headers all-visible so search reads them from the covering index alone, and ANALYZE gives
 * the planner row counts. PostgreSQL's autovacuum does that on a server; PGlite has none. A job runs this after
 * indexing bursts.
 */
export async function maintainSearchIndex(db: Database, options: { vacuum?: boolean } = {}): Promise<CompactionReport> {
  const report = await compactSearchSegments(db);
  if (options.vacuum === false) return report;
  await db.execute(sql`VACUUM (ANALYZE) ${searchSegments}`);
  // Every indexing statement updates the rows of its lexemes: without a vacuum their dead versions slow the lookups.
  await db.execute(sql`VACUUM (ANALYZE) ${searchLexemes}`);
  await db.execute(sql`ANALYZE ${searchScopes}`);
  await db.execute(sql`ANALYZE ${documents}`);
  // Only the columns search and ingestion plan on: the others are large (text, lexemes) and sampling them cost seconds.
  await db.execute(sql`ANALYZE ${chunks} (${columnNames(chunks.id, chunks.documentId, chunks.indexedLength)})`);
  return report;
}

export interface QueryAnalysis {
  /**
   * The query's lexemes, analysed like the indexed text (stemmed, stop words gone), with how often each occurs in the
   * query and in how many indexed chunks (`search_lexemes`, kept at indexing time; 0 for a word no chunk holds).
   */
  terms: Array<{ lexeme: string; count: number; documentFrequency: number }>;
  chunkCount: number;
  averageLength: number;
}

export async function analyzeQuery(db: Database, query: string): Promise<QueryAnalysis> {
  const result = await db.execute(sql`
    SELECT ${searchStats.chunkCount} AS "chunkCount", ${searchStats.totalLength} AS "totalLength", q.lexeme,
           coalesce(array_length(q.positions, 1), 1) AS count, coalesce(${searchLexemes.chunkCount}, 0) AS df
    FROM ${searchStats}
    LEFT JOIN LATERAL unnest(to_tsvector('english', ${query})) AS q ON true
    LEFT JOIN ${searchLexemes} ON ${searchLexemes.lexeme} = q.lexeme
    WHERE ${searchStats.id} = 1`);
  const rows = rowsOf<{
    chunkCount: number | string;
    totalLength: number | string;
    lexeme: string | null;
    count: number | string;
    df: number | string;
  }>(result);
  const chunkCount = Number(rows[0]?.chunkCount ?? 0);
  return {
    terms: rows.flatMap((row) =>
      row.lexeme ? [{ lexeme: row.lexeme, count: Number(row.count), documentFrequency: Number(row.df) }] : [],
    ),
    chunkCount,
    averageLength: chunkCount > 0 ? Number(rows[0]?.totalLength ?? 0) / chunkCount : 1,
  };
}

/** The query's terms that some chunk holds, with their BM25 weight: query count x idf (a repeated word weighs more). */
function weightTerms(analysis: QueryAnalysis): Map<string, number> {
  const n = analysis.chunkCount;
  const weights = new Map<string, number>();
  for (const term of analysis.terms) {
    const df = term.documentFrequency;
    if (df > 0) weights.set(term.lexeme, term.count * Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return weights;
}

export interface RankingOptions {
  parameters?: Bm25Parameters;
}

/**
 * BM25 over the postings of the query's lexemes in the user's search scopes only (ADR 0094): the segments are read in
 * one statement (the access rule decides the scopes in it) and scored here. Scopes hold exactly the documents the user
 * may view (the access agreement test proves it), but a chunk deleted since its segment was written is still there,
 * so `read` fetches the best chunks' rows and keeps only those whose document is now in one of those scopes (moved
 * or deleted since: gone) and passes the filters; when some fail, the next best are ranked and read, in growing
 * batches, until `limit` passed or no chunk is left. The ranking is exact to the depth asked and skips the postings
 * that cannot reach it (`rankSegments`).
 */
async function rankSearchable<Row extends { chunkId: number }>(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  options: RankingOptions,
  read: (ranked: ScoredChunk[], scopeIds: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  const parameters = options.parameters ?? { k1: BM25_K1, b: BM25_B };
  const weights = weightTerms(analysis);
  if (weights.size === 0 || analysis.chunkCount === 0) return [];
  const { segments, tombstones, scopeIds } = await readSegments(
    db,
    [...weights.keys()],
    filter.userId,
    filter.area ?? null,
  );
  if (segments.length === 0) return [];
  const allowedChunkIds = filter.documentIds ? await findChunkIdsOfDocuments(db, filter.documentIds) : undefined;
  const input = {
    segments,
    tombstones,
    weights,
    k1: parameters.k1,
    b: parameters.b,
    averageLength: analysis.averageLength,
    allowedChunkIds,
  };
  const rows: Row[] = [];
  let checked = 0;
  // A MIME or platform filter is not in the scopes: expect more of the best chunks to fail it.
  let batch = filter.mimeType || filter.sources ? limit * 4 : limit;
  for (;;) {
    // Ranked to this depth exactly; when chunks fail the check, ranked again deeper (the pruning's threshold came
    // from chunks that are not shown, so the next best are not known without it).
    const ranked = rankSegments(input, checked + batch);
    const candidates = ranked.top.slice(checked);
    checked = ranked.top.length;
    const found = new Map((await read(candidates, scopeIds)).map((row) => [row.chunkId, row]));
    for (const { chunkId } of candidates) {
      const row = found.get(chunkId);
      if (row && rows.length < limit) rows.push(row);
    }
    if (rows.length >= limit || ranked.isComplete || candidates.length === 0) break;
    batch *= 4;
  }
  return rows;
}

/** The best chunks by BM25 among searchable documents (to fuse with another ranking). */
export async function rankChunksLexically(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  options: RankingOptions = {},
): Promise<ScoredChunk[]> {
  return rankSearchable<ScoredChunk>(db, analysis, filter, limit, options, async (ranked, scopeIds) => {
    const scores = new Map(ranked.map(({ chunkId, score }) => [chunkId, score]));
    const result = await db.execute(sql`
      SELECT ${chunks.id} AS "chunkId"
      FROM ${chunks} JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
      WHERE ${chunks.id} = ANY(${sql.param([...scores.keys()])}::bigint[]) AND ${searchableCondition(filter, scopeIds)}`);
    return rowsOf<{ chunkId: number | string }>(result).map((row) => {
      const chunkId = Number(row.chunkId);
      return { chunkId, score: scores.get(chunkId) ?? 0 };
    });
  });
}

/**
 * The best passages by BM25 with their documents: the best chunks' passages are read by key, their documents checked
 * with the rule in the same statement (no pass over every visible document).
 */
export async function rankPassagesLexically(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  options: RankingOptions = {},
): Promise<Array<PassageRow & ScoredChunk>> {
  return rankSearchable<PassageRow & ScoredChunk>(db, analysis, filter, limit, options, async (ranked, scopeIds) => {
    const scores = new Map(ranked.map(({ chunkId, score }) => [chunkId, score]));
    return (await findPassages(db, [...scores.keys()], filter, scopeIds)).map((passage) => ({
      ...passage,
      score: scores.get(passage.chunkId) ?? 0,
    }));
  });
}

/** Nearest chunks by cosine distance among searchable documents (exact scan; only with pgvector and embeddings). */
export async function rankChunksByVector(
  db: Database,
  embedding: number[],
  model: string,
  filter: PassageFilter,
  limit: number,
): Promise<ScoredChunk[]> {
  const vector = `[${embedding.join(',')}]`;
  const result = await db.execute(sql`
    SELECT ${chunkEmbeddings.chunkId} AS "chunkId", 1 - (${chunkEmbeddings.embedding} <=> ${vector}::vector) AS score
    FROM ${chunkEmbeddings}
    JOIN ${chunks} ON ${chunks.id} = ${chunkEmbeddings.chunkId}
    WHERE ${chunkEmbeddings.model} = ${model} AND vector_dims(${chunkEmbeddings.embedding}) = ${embedding.length}
      AND ${chunks.documentId} IN (${searchableDocuments(filter)})
    ORDER BY ${chunkEmbeddings.embedding} <=> ${vector}::vector, ${chunkEmbeddings.chunkId}
    LIMIT ${limit}`);
  return rowsOf<{ chunkId: number | string; score: number | string }>(result).map((row) => ({
    chunkId: Number(row.chunkId),
    score: Number(row.score),
  }));
}

/**
 * The passages behind ranked chunk ids; visibility is checked again here, by the rule or, given the scopes the rule
 * gave the same search, by the documents' current scope.
 */
export async function findPassages(
  db: Database,
  chunkIds: number[],
  filter: PassageFilter,
  scopeIds?: number[],
): Promise<PassageRow[]> {
  if (chunkIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT ${chunks.id} AS "chunkId", ${documents.id} AS "documentId", ${documents.title} AS title,
           ${documents.source} AS source, ${documents.mimeType} AS "mimeType", ${chunks.page} AS page,
           ${chunks.text} AS text
    FROM ${chunks}
    JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
    WHERE ${chunks.id} = ANY(${sql.param(chunkIds)}::bigint[])
      AND ${searchableCondition(filter, scopeIds)}`);
  return rowsOf<PassageRow & { chunkId: number | string }>(result).map((row) => ({
    ...row,
    chunkId: Number(row.chunkId),
    page: row.page === null ? null : Number(row.page),
  }));
}

/** The lexemes PostgreSQL's english configuration makes of each word (to highlight exactly what search matched). */
export async function lexemesOfWords(db: Database, words: string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT w AS word, tsvector_to_array(to_tsvector('english', w)) AS lexemes
    FROM unnest(${sql.param(words)}::text[]) AS w`);
  return new Map(
    rowsOf<{ word: string; lexemes: string[] | string }>(result).map((row) => [row.word, textArrayOf(row.lexemes)]),
  );
}

export interface DocumentChunk {
  id: number;
  ordinal: number;
  page: number | null;
  text: string;
}

/**
 * A visible document's chunks in reading order, in one statement (the document left-joined to its chunks, so a
 * visible document without chunks is told apart from one the user may not view); null when the user may not view it.
 */
export async function findDocumentChunks(
  db: Database,
  userId: string,
  documentId: string,
): Promise<DocumentChunk[] | null> {
  const rows = await db
    .select({ id: chunks.id, ordinal: chunks.ordinal, page: chunks.page, text: chunks.text })
    .from(documents)
    .leftJoin(chunks, eq(chunks.documentId, documents.id))
    .where(and(eq(documents.id, documentId), visibleDocumentsCondition(userId)))
    .orderBy(asc(chunks.ordinal));
  if (rows.length === 0) return null;
  return rows.flatMap(({ id, ordinal, page, text }) =>
    id === null || ordinal === null || text === null ? [] : [{ id, ordinal, page, text }],
  );
}

/** Chunks of a document that have no embedding for `model` yet. */
export async function findChunksWithoutEmbedding(
  db: Database,
  documentId: string,
  model: string,
): Promise<Array<{ id: number; text: string; title: string }>> {
  const result = await db.execute(sql`
    SELECT ${chunks.id} AS id, ${chunks.text} AS text, ${documents.title} AS title
    FROM ${chunks}
    JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
    WHERE ${chunks.documentId} = ${documentId}::uuid
      AND NOT EXISTS (
        SELECT 1 FROM ${chunkEmbeddings}
        WHERE ${chunkEmbeddings.chunkId} = ${chunks.id} AND ${chunkEmbeddings.model} = ${model}
      )
    ORDER BY ${chunks.ordinal}`);
  return rowsOf<{ id: number | string; text: string; title: string }>(result).map((row) => ({
    ...row,
    id: Number(row.id),
  }));
}

export async function insertEmbeddings(
  db: Database,
  model: string,
  rows: Array<{ chunkId: number; embedding: number[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.chunkId}, ${model}, ${`[${row.embedding.join(',')}]`}::vector)`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO ${chunkEmbeddings} (${columnNames(chunkEmbeddings.chunkId, chunkEmbeddings.model, chunkEmbeddings.embedding)})
    VALUES ${values}
    ON CONFLICT (${columnNames(chunkEmbeddings.chunkId, chunkEmbeddings.model)})
    DO UPDATE SET ${columnNames(chunkEmbeddings.embedding)} = excluded.${columnNames(chunkEmbeddings.embedding)}`);
}
