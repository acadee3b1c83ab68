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

/** A query term with its BM25 weight (query count x idf) and the most one posting of it can add to a score. */
interface WeightedTerm {
  lexeme: string;
  documentFrequency: number;
  weight: number;
  upperBound: number;
}

/** The query's terms that some chunk holds, weighted. A word repeated in the query weighs more. */
function weightTerms(analysis: QueryAnalysis, parameters: Bm25Parameters): WeightedTerm[] {
  const n = analysis.chunkCount;
  return analysis.terms
    .filter((term) => term.documentFrequency > 0)
    .map((term) => {
      const df = term.documentFrequency;
      const weight = term.count * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // tf (k1 + 1) / (tf + k1 (...)) stays below k1 + 1 whatever the chunk: the loose bound, nearly as tight as each
      // lexeme's stored maximum on SciFact (ADR 0092) and nothing to keep up to date.
      return { lexeme: term.lexeme, documentFrequency: df, weight, upperBound: weight * (parameters.k1 + 1) };
    });
}

/** The SQL pieces of one ranking: BM25 of a posting `alias` (lexeme, tf, chunk_length) under the query's weights. */
function bm25Sql(terms: WeightedTerm[], analysis: QueryAnalysis, parameters: Bm25Parameters, alias: string): SQL {
  const p = sql.raw(alias);
  // A CASE, not a join: a join to a VALUES list misleads the planner.
  const weight = sql`CASE ${p}.lexeme ${sql.join(
    terms.map((term) => sql`WHEN ${term.lexeme} THEN ${float(term.weight)}`),
    sql` `,
  )} ELSE 0::float8 END`;
  const K1 = float(parameters.k1);
  const B = float(parameters.b);
  const lengthFactor = float(parameters.b / analysis.averageLength);
  return sql`${weight} * ${p}.tf * (${K1} + 1) / (${p}.tf + ${K1} * (1 - ${B} + ${lengthFactor} * ${p}.chunk_length))`;
}

function lexemeList(terms: WeightedTerm[]): SQL {
  return sql.join(
    terms.map((term) => sql`${term.lexeme}`),
    sql`, `,
  );
}

/** The search scopes (ADR 0017) holding the documents the user may view (with a space id, only that space's). */
async function findSearchScopeIds(db: Database, filter: PassageFilter): Promise<number[]> {
  const result = await db.execute(
    sql`SELECT id FROM ${searchScopeIds(filter.userId, filter.spaceId ?? null)} AS scope`,
  );
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/**
 * The postings of `terms` in the given search scopes only, as rows (lexeme, chunk_id, document_id, tf, chunk_length).
 * The scope ids are read once per search (the access rule is planned once, not in every statement); each scope's
 * postings are read in a lateral subquery the planner may not flatten (OFFSET 0), so every read is one
 * index range per (lexeme, scope); given the scopes as an array instead, PostgreSQL 15 reads every posting of the
 * lexemes and filters them. With the `documents` check, every posting's document is checked too.
 */
function scopedPostingsSql(
  terms: WeightedTerm[],
  scopeIds: number[],
  filter: PassageFilter,
  check: CandidateCheck,
): SQL {
  const documentCheck =
    check === 'documents'
      ? sql`WHERE EXISTS (SELECT 1 FROM ${documents} WHERE ${documents.id} = cp.document_id AND ${searchableCondition(filter)})`
      : sql``;
  return sql`
    SELECT cp.lexeme, cp.chunk_id, cp.document_id, cp.tf, cp.chunk_length
    FROM unnest(${sql.param(scopeIds)}::bigint[]) AS scope (id)
    CROSS JOIN LATERAL (
      SELECT ${chunkPostings.lexeme} AS lexeme, ${chunkPostings.chunkId} AS chunk_id,
             ${chunkPostings.documentId} AS document_id, ${chunkPostings.tf} AS tf,
             ${chunkPostings.chunkLength} AS chunk_length
      FROM ${chunkPostings}
      WHERE ${chunkPostings.lexeme} IN (${lexemeList(terms)}) AND ${chunkPostings.scopeId} = scope.id
      OFFSET 0
    ) AS cp
    ${documentCheck}`;
}

/** One ranking's inputs: the weighted terms, where to read (scopes, filters, check), how many and how to score. */
interface RankingRequest {
  terms: WeightedTerm[];
  scopeIds: number[];
  analysis: QueryAnalysis;
  filter: PassageFilter;
  limit: number;
  parameters: Bm25Parameters;
  check: CandidateCheck;
}

/**
 * What the pruned ranking needs (ADR 0092, MaxScore): a score that the limit-th best searchable chunk reaches at least
 * (`threshold`), and the query's terms split by it. Non-essential terms are the most common ones whose upper bounds
 * add up to less than (half) the threshold: a chunk holding none of the essential terms scores less than the threshold
 * and cannot be in the result, so only the essential terms' postings are read, and the non-essential ones are looked
 * up by key for the chunks that may still reach the threshold.
 */
interface PruningPlan {
  threshold: number;
  essential: WeightedTerm[];
  nonEssential: WeightedTerm[];
}

/** Chunks scored in full to find the threshold: a few more than the limit, since some may not be searchable. */
function seedCount(limit: number): number {
  return Math.max(30, limit * 2);
}

/**
 * Below this many postings of the query's words in the whole index (an upper bound of what the user's scopes hold),
 * ranking every posting costs less than the seed statement: on search-scale's 5k stage (about 4,000 postings a query)
 * pruning added 5 ms at p50, on the 50k stage (about 41,000) it saved half.
 */
const MIN_POSTINGS_TO_PRUNE = 10_000;
/** The seed terms' share of the query's postings: reading them finds the threshold's candidates cheaply. */
const SEED_POSTINGS_SHARE = 0.05;
/**
 * The part of the threshold the essential terms must make up by themselves. Classic MaxScore moves terms out of the
 * read set until their bounds reach the whole threshold, but the bound of a common word (k1 + 1 times its weight, which
 * some chunk with many occurrences reaches) is far above what most chunks get from it: nearly every chunk holding an
 * essential term then stays a candidate and is looked up by key, which costs more than reading the common words'
 * postings. Keeping half the threshold for the essential terms was the fastest of 0 to 0.75 on search-scale's 50k
 * stage (ADR 0092).
 */
const ESSENTIAL_SHARE = 0.5;
/** Keeps float rounding from moving a chunk across the threshold. */
const THRESHOLD_MARGIN = 1e-9;

/**
 * Finds a threshold for the pruned ranking in one statement: ranks chunks by the rarest terms (the highest upper
 * bounds, up to a share of the query's postings), scores the best of them in full by key, and takes the limit-th best
 * score. The seeds come from the same postings as the ranking (the user's scopes, and with the `documents` check only
 * searchable documents), so the limit-th best ranked chunk scores at least the threshold, and the pruned ranking
 * returns exactly what ranking every posting of those scopes returns; the caller's check of the returned rows then
 * works as for the exhaustive ranking. Null when pruning cannot help.
 */
async function planPruning(
  db: Database,
  request: RankingRequest,
  minimumPostings: number,
): Promise<PruningPlan | null> {
  const { terms, scopeIds, analysis, filter, limit, parameters, check } = request;
  if (terms.length < 2) return null;
  const postings = terms.reduce((total, term) => total + term.documentFrequency, 0);
  if (postings < minimumPostings) return null;
  const byBound = [...terms].sort((a, b) => b.upperBound - a.upperBound);
  const postingsBudget = SEED_POSTINGS_SHARE * postings;
  const seed: WeightedTerm[] = [];
  let seedPostings = 0;
  for (const term of byBound) {
    if (seed.length > 0 && seedPostings + term.documentFrequency > postingsBudget) break;
    seed.push(term);
    seedPostings += term.documentFrequency;
  }
  const result = await db.execute(sql`
    WITH seed AS (
      SELECT p.chunk_id
      FROM (${scopedPostingsSql(seed, scopeIds, filter, check)}) AS p
      GROUP BY p.chunk_id
      ORDER BY sum(${bm25Sql(seed, analysis, parameters, 'p')}) DESC, p.chunk_id
      LIMIT ${seedCount(limit)}
    ),
    scored AS (
      -- Each seed chunk's terms by key (a lateral read: joined, the planner hashes every posting of the terms).
      SELECT s.chunk_id, full_score.score
      FROM seed s
      CROSS JOIN LATERAL (
        SELECT sum(${bm25Sql(terms, analysis, parameters, 'q')}) AS score
        FROM ${chunkPostings} q
        WHERE q.chunk_id = s.chunk_id AND q.lexeme IN (${lexemeList(terms)})
      ) AS full_score
    )
    SELECT f.score FROM scored f
    ORDER BY f.score DESC
    OFFSET ${limit - 1} LIMIT 1`);
  const threshold = Number(rowsOf<{ score: number | string }>(result)[0]?.score ?? 0);
  if (!(threshold > 0)) return null;
  const nonEssential: WeightedTerm[] = [];
  let bound = 0;
  for (const term of [...terms].sort((a, b) => a.upperBound - b.upperBound)) {
    if ((bound + term.upperBound) * (1 + THRESHOLD_MARGIN) >= threshold * (1 - ESSENTIAL_SHARE)) break;
    nonEssential.push(term);
    bound += term.upperBound;
  }
  if (nonEssential.length === 0) return null;
  return { threshold, essential: terms.filter((term) => !nonEssential.includes(term)), nonEssential };
}

/** The pruning a lexical ranking would use (the tests check that it prunes): null when it ranks every posting. */
export async function planLexicalPruning(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  options: Pick<RankingOptions, 'minimumPostingsToPrune'> = {},
): Promise<{ threshold: number; essential: string[]; nonEssential: string[] } | null> {
  const parameters = { k1: BM25_K1, b: BM25_B };
  const request: RankingRequest = {
    terms: weightTerms(analysis, parameters),
    scopeIds: await findSearchScopeIds(db, filter),
    analysis,
    filter,
    limit,
    parameters,
    check: firstCandidateCheck(filter),
  };
  const plan = await planPruning(db, request, options.minimumPostingsToPrune ?? MIN_POSTINGS_TO_PRUNE);
  return (
    plan && {
      threshold: plan.threshold,
      essential: plan.essential.map((term) => term.lexeme),
      nonEssential: plan.nonEssential.map((term) => term.lexeme),
    }
  );
}

/**
 * BM25 over the postings of the query's lexemes in the user's search scopes only. Document frequencies come from
 * search_lexemes (in the analysis); the corpus size and average length from search_stats. With a pruning plan, only
 * the essential terms' postings are read; chunks whose essential part plus every non-essential bound stays below the
 * threshold are dropped, and the others get their non-essential terms by key. Rows ("chunkId", score), best first;
 * null when nothing can match.
 */
function lexicalRankingSql(request: RankingRequest, plan: PruningPlan | null): SQL | null {
  const { terms, scopeIds, analysis, filter, limit, parameters, check } = request;
  if (terms.length === 0 || analysis.chunkCount === 0) return null;
  if (!plan) {
    return sql`
      SELECT p.chunk_id AS "chunkId", sum(${bm25Sql(terms, analysis, parameters, 'p')}) AS score
      FROM (${scopedPostingsSql(terms, scopeIds, filter, check)}) AS p
      GROUP BY p.chunk_id
      ORDER BY score DESC, p.chunk_id
      LIMIT ${limit}`;
  }
  const nonEssentialBound = plan.nonEssential.reduce((total, term) => total + term.upperBound, 0);
  const minimumPartial = (plan.threshold - nonEssentialBound) * (1 - THRESHOLD_MARGIN);
  return sql`
    SELECT c.chunk_id AS "chunkId", c.partial + coalesce(rest.score, 0::float8) AS score
    FROM (
      SELECT p.chunk_id, sum(${bm25Sql(plan.essential, analysis, parameters, 'p')}) AS partial
      FROM (${scopedPostingsSql(plan.essential, scopeIds, filter, check)}) AS p
      GROUP BY p.chunk_id
      HAVING sum(${bm25Sql(plan.essential, analysis, parameters, 'p')}) >= ${float(minimumPartial)}
    ) AS c
    LEFT JOIN LATERAL (
      SELECT sum(${bm25Sql(plan.nonEssential, analysis, parameters, 'q')}) AS score
      FROM ${chunkPostings} q
      WHERE q.chunk_id = c.chunk_id AND q.lexeme IN (${lexemeList(plan.nonEssential)})
    ) AS rest ON true
    ORDER BY score DESC, c.chunk_id
    LIMIT ${limit}`;
}

/**
 * Runs a ranking statement (`read` wraps the ranking and tells, per row, whether its document passes the rule and the
 * filters) with the cheapest exact check: within the user's scopes, and again checking every candidate if a returned
 * row failed (which the scopes' agreement test says does not happen). `pruning: false` ranks every posting (the
 * reference the pruned ranking is tested against).
 */
async function rankExactly<Row>(
  db: Database,
  analysis: QueryAnalysis,
  filter: PassageFilter,
  limit: number,
  options: RankingOptions,
  read: (ranking: SQL) => Promise<Array<{ row: Row; isSearchable: boolean }>>,
): Promise<Row[]> {
  const parameters = options.parameters ?? { k1: BM25_K1, b: BM25_B };
  const terms = weightTerms(analysis, parameters);
  if (terms.length === 0 || analysis.chunkCount === 0) return [];
  const scopeIds = await findSearchScopeIds(db, filter);
  if (scopeIds.length === 0) return [];
  const minimumPostings = options.minimumPostingsToPrune ?? MIN_POSTINGS_TO_PRUNE;
  let check = firstCandidateCheck(filter);
  for (;;) {
    const request: RankingRequest = { terms, scopeIds, analysis, filter, limit, parameters, check };
    const plan = options.pruning === false ? null : await planPruning(db, request, minimumPostings);
    const ranking = lexicalRankingSql(request, plan);
    if (!ranking) return [];
    const rows = await read(ranking);
    if (check === 'documents' || rows.every((ranked) => ranked.isSearchable)) return rows.map((ranked) => ranked.row);
    check = 'documents';
  }
}

export interface RankingOptions {
  parameters?: Bm25Parameters;
  /** Default true: MaxScore pruning (exact). False ranks every posting. */
  pruning?: boolean;
  /** Prune only queries whose words have at least this many postings in the index (tests set 0 on a small corpus). */
  minimumPostingsToPrune?: number;
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
  options: RankingOptions = {},
): Promise<ScoredChunk[]> {
  return rankExactly<ScoredChunk>(db, analysis, filter, limit, options, async (ranking) => {
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
  options: RankingOptions = {},
): Promise<Array<PassageRow & ScoredChunk>> {
  return rankExactly<PassageRow & ScoredChunk>(db, analysis, filter, limit, options, async (ranking) => {
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
