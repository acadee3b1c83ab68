import type { SearchResult } from '@lumen/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  chunkEmbeddings,
  chunkPostings,
  chunks,
  documents,
  searchLexemes,
  searchScopes,
  searchStats,
} from '../../db/schema/index.ts';
import { columnNames, type Database, rowsOf } from '../../platform/db.ts';
import { searchScopeIds, visibleDocumentsCondition } from '../access/index.ts';

/** BM25 parameters, tuned on the SciFact train split (ADR 0010). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export interface Bm25Parameters {
  k1: number;
  b: number;
}

export interface PassageFilter {
  userId: string;
  /** Only this space's documents (a space's chat). */
  spaceId?: string;
  mimeType?: string;
  documentIds?: string[];
}

export interface ScoredChunk {
  chunkId: number;
  score: number;
}

export type PassageRow = Omit<SearchResult, 'snippet' | 'score'>;

/** Which documents a search may read, as a condition on `documents`: visible to the user, narrowed by the filters. */
function searchableCondition(filter: PassageFilter): SQL | undefined {
  const conditions: SQL[] = [visibleDocumentsCondition(filter.userId, filter.spaceId ?? null)];
  if (filter.mimeType) conditions.push(eq(documents.mimeType, filter.mimeType));
  if (filter.documentIds) conditions.push(inArray(documents.id, filter.documentIds));
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
}

/**
 * Stores the passages of many documents and indexes them, in one statement: the chunks, then the lexemes of
 * `indexed title + text` of each with their frequency and the chunk's length (the title is indexed with every chunk of
 * its document). Statement triggers keep search_stats (once per statement, from the transition table of the inserted
 * postings, however many documents the statement holds) and remove postings with their chunks (ADR 0010).
 */
export async function insertIndexedChunks(
  db: Database,
  passages: ChunkInput[],
  indexedTitles: ReadonlyMap<string, string>,
): Promise<void> {
  if (passages.length === 0) return;
  await db.execute(sql`
    WITH inserted AS (
      INSERT INTO ${chunks} (${columnNames(chunks.documentId, chunks.ordinal, chunks.page, chunks.text)})
      SELECT c.document_id, c.ordinal, c.page, c.text
      FROM unnest(
        ${sql.param(passages.map((passage) => passage.documentId))}::uuid[],
        ${sql.param(passages.map((passage) => passage.ordinal))}::int[],
        ${sql.param(passages.map((passage) => passage.page))}::int[],
        ${sql.param(passages.map((passage) => passage.text))}::text[]
      ) AS c (document_id, ordinal, page, text)
      RETURNING ${chunks.id} AS id, ${chunks.documentId} AS document_id, ${chunks.text} AS text
    ),
    titles AS (
      -- Each document's postings go under its search scope (ADR 0017), set on the row by a trigger when it was stored.
      SELECT t.document_id, t.title, ${documents.searchScopeId} AS scope_id
      FROM unnest(
        ${sql.param([...indexedTitles.keys()])}::uuid[],
        ${sql.param([...indexedTitles.values()])}::text[]
      ) AS t (document_id, title)
      JOIN ${documents} ON ${documents.id} = t.document_id
    )
    INSERT INTO ${chunkPostings} (${columnNames(
      chunkPostings.lexeme,
      chunkPostings.chunkId,
      chunkPostings.documentId,
      chunkPostings.tf,
      chunkPostings.chunkLength,
      chunkPostings.scopeId,
    )})
    SELECT v.lexeme, v.chunk_id, v.document_id, v.tf, sum(v.tf) OVER (PARTITION BY v.chunk_id), v.scope_id
    FROM (
      SELECT i.id AS chunk_id, i.document_id, l.lexeme, coalesce(array_length(l.positions, 1), 1) AS tf,
             titles.scope_id
      FROM inserted i
      JOIN titles ON titles.document_id = i.document_id,
      unnest(to_tsvector('english', titles.title || ' ' || i.text)) AS l
    ) AS v`);
}

/**
 * Keeps the index fast: VACUUM marks postings all-visible so search reads them from the covering index alone, and
 * ANALYZE gives the planner row counts. PostgreSQL's autovacuum does this on a server; PGlite has none, so a job runs
 * it after indexing.
 */
export async function maintainSearchIndex(db: Database): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) ${chunkPostings}`);
  // Every indexing statement updates the rows of its lexemes: without a vacuum their dead versions slow the lookups.
  await db.execute(sql`VACUUM (ANALYZE) ${searchLexemes}`);
  await db.execute(sql`ANALYZE ${searchScopes}`);
  await db.execute(sql`ANALYZE ${documents}`);
  await db.execute(sql`ANALYZE ${chunks}`);
}

export interface QueryAnalysis {
  /** The query's lexemes and how often each occurs, analysed like the indexed text (stemmed, stop words gone). */
  terms: Array<{ lexeme: string; count: number }>;
  chunkCount: number;
  averageLength: number;
}

export async function analyzeQuery(db: Database, query: string): Promise<QueryAnalysis> {
  const result = await db.execute(sql`
    SELECT ${searchStats.chunkCount} AS "chunkCount", ${searchStats.totalLength} AS "totalLength", q.lexeme,
           coalesce(array_length(q.positions, 1), 1) AS count
    FROM ${searchStats}
    LEFT JOIN LATERAL unnest(to_tsvector('english', ${query})) AS q ON true
    WHERE ${searchStats.id} = 1`);
  const rows = rowsOf<{
    chunkCount: number | string;
    totalLength: number | string;
    lexeme: string | null;
    count: number | string;
  }>(result);
  const chunkCount = Number(rows[0]?.chunkCount ?? 0);
  return {
    terms: rows.flatMap((row) => (row.lexeme ? [{ lexeme: row.lexeme, count: Number(row.count) }] : [])),
    chunkCount,
    averageLength: chunkCount > 0 ? Number(rows[0]?.totalLength ?? 0) / chunkCount : 1,
  };
}

function float(value: number): SQL {
  return sql.raw(`${Number.isFinite(value) ? value : 0}::float8`);
}

/**
 * How a ranking keeps to searchable documents. `scopes`: it reads only the postings of the user's search scopes
 * (ADR 0017), which hold exactly the documents the user may view (the access agreement test proves it), so its cost
 * follows what the user may see; the caller checks the returned rows' documents with the rule. `documents`: it also
 * checks every candidate's document against the rule and the filters, exact whatever the scopes hold; for the filters
 * scopes do not know (MIME type, document ids) and as the fallback when a returned row fails the check.
 */
type CandidateCheck = 'scopes' | 'documents';

function firstCandidateCheck(filter: PassageFilter): CandidateCheck {
  return filter.mimeType !== undefined || filter.documentIds !== undefined ? 'documents' : 'scopes';
}

/**
 * BM25 over the postings of the query's lexemes in the user's search scopes only (an index-only scan, one range per
 * lexeme and scope). Document frequencies come from search_lexemes; the corpus size and average length from
 * search_stats. Rows ("chunkId", score), best first; null when nothing can match.
 */
function lexicalRankingSql(
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  parameters: Bm25Parameters,
  check: CandidateCheck,
): SQL | null {
  const { terms } = analysis;
  if (terms.length === 0 || analysis.chunkCount === 0) return null;
  const lexemes = sql.join(
    terms.map((term) => sql`${term.lexeme}`),
    sql`, `,
  );
  // A word repeated in the query weighs more. (A CASE, not a join: a join to a VALUES list misleads the planner.)
  const repeated = terms.filter((term) => term.count > 1);
  const queryWeight =
    repeated.length === 0
      ? sql`1::float8`
      : sql`CASE cp.lexeme ${sql.join(
          repeated.map((term) => sql`WHEN ${term.lexeme} THEN ${float(term.count)}`),
          sql` `,
        )} ELSE 1::float8 END`;
  const n = float(analysis.chunkCount);
  const K1 = float(parameters.k1);
  const B = float(parameters.b);
  const lengthFactor = float(parameters.b / analysis.averageLength);
  const documentCheck =
    check === 'documents'
      ? sql`WHERE EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.id} = p.document_id AND ${searchableCondition(filter)})`
      : sql``;
  // Document frequencies come from search_lexemes, kept by the postings triggers (ADR 0017); the term's weight is
  // computed before the per-posting part so the arithmetic is the same as when they were counted here. The lexemes are
  // repeated on search_lexemes, else the planner hashes the whole table. The postings are read per scope, in a lateral
  // subquery the planner may not flatten (OFFSET 0), so every read is one index range per (lexeme, scope): given the
  // scopes as an array instead, PostgreSQL 15 reads every posting of the lexemes and filters them.
  return sql`
    SELECT p.chunk_id AS "chunkId",
           sum(
             p.weight * p.tf * (${K1} + 1) / (p.tf + ${K1} * (1 - ${B} + ${lengthFactor} * p.chunk_length))
           ) AS score
    FROM (
      SELECT cp.chunk_id, cp.document_id, cp.tf, cp.chunk_length,
             ${queryWeight} * ln(1 + (${n} - ${searchLexemes.chunkCount} + 0.5::float8) / (${searchLexemes.chunkCount} + 0.5::float8)) AS weight
      FROM ${searchScopeIds(filter.userId, filter.spaceId ?? null)} AS scope
      CROSS JOIN LATERAL (
        SELECT ${chunkPostings.lexeme} AS lexeme, ${chunkPostings.chunkId} AS chunk_id,
               ${chunkPostings.documentId} AS document_id, ${chunkPostings.tf} AS tf,
               ${chunkPostings.chunkLength} AS chunk_length
        FROM ${chunkPostings}
        WHERE ${chunkPostings.lexeme} IN (${lexemes}) AND ${chunkPostings.scopeId} = scope.id
        OFFSET 0
      ) AS cp
      JOIN ${searchLexemes} ON ${searchLexemes.lexeme} = cp.lexeme
      WHERE ${searchLexemes.lexeme} IN (${lexemes})
    ) AS p
    ${documentCheck}
    GROUP BY p.chunk_id
    ORDER BY score DESC, p.chunk_id
    LIMIT ${limit}`;
}

/**
 * Runs a ranking statement (`read` wraps the ranking and tells, per row, whether its document passes the rule and the
 * filters) with the cheapest exact check: within the user's scopes, and again checking every candidate if a returned
 * row failed (which the scopes' agreement test says does not happen).
 */
async function rankExactly<Row>(
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  parameters: Bm25Parameters,
  read: (ranking: SQL) => Promise<Array<{ row: Row; isSearchable: boolean }>>,
): Promise<Row[]> {
  let check = firstCandidateCheck(filter);
  for (;;) {
    const ranking = lexicalRankingSql(analysis, filter, limit, parameters, check);
    if (!ranking) return [];
    const rows = await read(ranking);
    if (check === 'documents' || rows.every((ranked) => ranked.isSearchable)) return rows.map((ranked) => ranked.row);
    check = 'documents';
  }
}

/** Whether a driver's boolean (true, or 't' from drivers that return text) is true. */
function isTrue(value: boolean | string): boolean {
  return value === true || value === 't' || value === 'true';
}

/** The best chunks by BM25 among searchable documents (to fuse with another ranking). */
export async function rankChunksLexically(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  parameters: Bm25Parameters = { k1: BM25_K1, b: BM25_B },
): Promise<ScoredChunk[]> {
  return rankExactly<ScoredChunk>(analysis, filter, limit, parameters, async (ranking) => {
    const result = await db.execute(sql`
      WITH ranked AS (${ranking})
      SELECT r."chunkId", r.score,
             EXISTS (
               SELECT 1 FROM ${chunks} JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
               WHERE ${chunks.id} = r."chunkId" AND ${searchableCondition(filter)}
             ) AS "isSearchable"
      FROM ranked r
      ORDER BY r.score DESC, r."chunkId"`);
    return rowsOf<{ chunkId: number | string; score: number | string; isSearchable: boolean | string }>(result).map(
      ({ isSearchable, ...row }) => ({
        row: { chunkId: Number(row.chunkId), score: Number(row.score) },
        isSearchable: isTrue(isSearchable),
      }),
    );
  });
}

/**
 * The best passages by BM25 with their documents, in one statement: the ranking keeps to the user's scopes, so the
 * passages are read by key for exactly the chunks it returned, and their documents checked with the rule there (no
 * pass over every visible document).
 */
export async function rankPassagesLexically(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  parameters: Bm25Parameters = { k1: BM25_K1, b: BM25_B },
): Promise<Array<PassageRow & ScoredChunk>> {
  return rankExactly<PassageRow & ScoredChunk>(analysis, filter, limit, parameters, async (ranking) => {
    const result = await db.execute(sql`
      WITH ranked AS (${ranking})
      SELECT r."chunkId", r.score, ${documents.id} AS "documentId", ${documents.title} AS title,
             ${documents.source} AS source, ${documents.mimeType} AS "mimeType", ${chunks.page} AS page,
             ${chunks.text} AS text, (${searchableCondition(filter)}) AS "isSearchable"
      FROM ranked r
      JOIN ${chunks} ON ${chunks.id} = r."chunkId"
      JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
      ORDER BY r.score DESC, r."chunkId"`);
    return rowsOf<PassageRow & { chunkId: number | string; score: number | string; isSearchable: boolean | string }>(
      result,
    ).map(({ isSearchable, ...row }) => ({
      row: {
        ...row,
        chunkId: Number(row.chunkId),
        score: Number(row.score),
        page: row.page === null ? null : Number(row.page),
      },
      isSearchable: isTrue(isSearchable),
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

/** The passages behind ranked chunk ids; visibility is checked again here. */
export async function findPassages(db: Database, chunkIds: number[], filter: PassageFilter): Promise<PassageRow[]> {
  if (chunkIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT ${chunks.id} AS "chunkId", ${documents.id} AS "documentId", ${documents.title} AS title,
           ${documents.source} AS source, ${documents.mimeType} AS "mimeType", ${chunks.page} AS page,
           ${chunks.text} AS text
    FROM ${chunks}
    JOIN ${documents} ON ${documents.id} = ${chunks.documentId}
    WHERE ${chunks.id} IN (${sql.join(
      chunkIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND ${searchableCondition(filter)}`);
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
    rowsOf<{ word: string; lexemes: string[] | string }>(result).map((row) => [
      row.word,
      Array.isArray(row.lexemes) ? row.lexemes : parseTextArray(row.lexemes),
    ]),
  );
}

/** A PostgreSQL text[] literal such as {a,"b c"}, for drivers that return arrays as text. */
function parseTextArray(literal: string): string[] {
  const body = literal.replace(/^\{|\}$/g, '');
  if (!body) return [];
  return [...body.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((match) =>
    match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? ''),
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
