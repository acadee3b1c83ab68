import { type DocumentSource, isUuid, type SearchResult } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import type { Embedder } from '../../platform/embeddings.ts';
import { AppError } from '../../platform/errors.ts';
import type { DocumentArea } from '../access/index.ts';
import {
  analyzeQuery,
  type Bm25Parameters,
  type DocumentChunk,
  findChunksWithoutEmbedding,
  findDocumentChunks,
  findPassages,
  insertEmbeddings,
  type PassageFilter,
  type PassageRow,
  rankChunksByVector,
  rankChunksLexically,
  rankPassagesLexically,
  type ScoredChunk,
} from './search.repository.ts';
import { buildSnippet, candidateWords, wordsOf } from './snippet.ts';
import { analyseWords } from './word-analysis.ts';

export type { DocumentChunk } from './search.repository.ts';

export interface SearchPassagesInput {
  userId: string;
  query: string;
  limit: number;
  /** Only documents of this MIME type (e.g. application/pdf for "PDF only"). */
  mimeType?: string;
  /** Only these documents (still only those the user may view). */
  documentIds?: string[];
  /** Only documents from these platforms (still only those the user may view). */
  sources?: DocumentSource[];
  /** Only this area's documents (a space's chat, the team room; still only those the user may view). */
  area?: DocumentArea;
  /** With an embedder (app.embeddings), search is hybrid: lexical and vector rankings fused. */
  embedder?: Embedder | null;
  /** Called when the vector half fails; the search then answers from the lexical half. */
  onVectorError?: (error: unknown) => void;
  /** BM25 parameters other than the tuned defaults (the benchmark's tuning runs). */
  bm25?: Bm25Parameters;
  /** False when nobody shows the highlighted snippets (the assistant reads whole passages): saves their analysis. */
  snippets?: boolean;
}

const MAX_LIMIT = 1000;

/** How many candidates each ranking contributes to the fusion. */
const FUSION_DEPTH = 50;
/** The k of reciprocal rank fusion: 1 / (k + rank). */
const RRF_K = 60;

/** Reciprocal rank fusion of several rankings. */
export function fuseRankings(rankings: ScoredChunk[][], limit: number): ScoredChunk[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      scores.set(item.chunkId, (scores.get(item.chunkId) ?? 0) + 1 / (RRF_K + index + 1));
    });
  }
  return [...scores]
    .map(([chunkId, score]) => ({ chunkId, score }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
    .slice(0, limit);
}

/**
 * Ranked passages for a natural-language query, only from documents the user may view. Lexical ranking is BM25 over
 * any of the query's words; with an embedder it is fused with vector similarity (RRF). The service the search route
 * and the assistant's tools call.
 */
export async function searchPassages(db: Database, input: SearchPassagesInput): Promise<SearchResult[]> {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(input.limit) || 1));
  const documentIds = input.documentIds?.filter((id) => isUuid(id));
  if (documentIds && documentIds.length === 0) return [];
  const filter: PassageFilter = {
    userId: input.userId,
    ...(input.mimeType ? { mimeType: input.mimeType } : {}),
    ...(documentIds ? { documentIds } : {}),
    ...(input.sources && input.sources.length > 0 ? { sources: input.sources } : {}),
    ...(input.area ? { area: input.area } : {}),
  };
  const analysis = await analyzeQuery(db, input.query);
  let passages: Array<PassageRow & ScoredChunk>;
  if (input.embedder) {
    const lexical = await rankChunksLexically(db, analysis, filter, Math.max(limit, FUSION_DEPTH), {
      parameters: input.bm25,
    });
    let semantic: ScoredChunk[] = [];
    try {
      const [embedding] = await input.embedder.embed([input.query]);
      if (embedding) {
        semantic = await rankChunksByVector(db, embedding, input.embedder.model, filter, Math.max(limit, FUSION_DEPTH));
      }
    } catch (error) {
      input.onVectorError?.(error);
    }
    const ranked = semantic.length > 0 ? fuseRankings([lexical, semantic], limit) : lexical.slice(0, limit);
    if (ranked.length === 0) return [];
    const found = new Map(
      (
        await findPassages(
          db,
          ranked.map((item) => item.chunkId),
          filter,
        )
      ).map((passage) => [passage.chunkId, passage]),
    );
    passages = ranked.flatMap(({ chunkId, score }) => {
      const passage = found.get(chunkId);
      return passage ? [{ ...passage, score }] : [];
    });
  } else {
    // Lexical only: ranking and passages in one statement.
    passages = await rankPassagesLexically(db, analysis, filter, limit, {
      parameters: input.bm25,
    });
  }
  if (passages.length === 0) return [];

  const isMatch =
    input.snippets === false
      ? null
      : await matcherFor(
          db,
          analysis.terms.map((term) => term.lexeme),
          passages.map((passage) => passage.text),
        );
  return passages.map((passage) => ({
    chunkId: passage.chunkId,
    documentId: passage.documentId,
    title: passage.title,
    source: passage.source,
    mimeType: passage.mimeType,
    page: passage.page,
    text: passage.text,
    snippet: isMatch ? buildSnippet(passage.text, isMatch) : '',
    score: passage.score,
  }));
}

/** Which words of the passages stem to one of the query's lexemes, decided by PostgreSQL's own analysis. */
async function matcherFor(db: Database, lexemes: string[], texts: string[]): Promise<(word: string) => boolean> {
  if (lexemes.length === 0) return () => false;
  const words = new Set<string>();
  for (const text of texts) for (const word of wordsOf(text)) words.add(word);
  const analysed = await analyseWords(db, candidateWords(words, lexemes));
  const wanted = new Set(lexemes);
  const matched = new Set(
    [...analysed].filter(([, found]) => found.some((lexeme) => wanted.has(lexeme))).map(([word]) => word),
  );
  return (word) => matched.has(word);
}

/** A document's passages in reading order (for summaries); NOT_FOUND unless the user may view the document. */
export async function getDocumentChunks(db: Database, userId: string, documentId: string): Promise<DocumentChunk[]> {
  const found = isUuid(documentId) ? await findDocumentChunks(db, userId, documentId) : null;
  if (!found) throw AppError.of('DOCUMENT_NOT_FOUND');
  return found;
}

/** Gives every chunk of a document a vector from the embedder (the chunks that have none yet). */
export async function embedDocumentChunks(db: Database, embedder: Embedder, documentId: string): Promise<number> {
  const pending = await findChunksWithoutEmbedding(db, documentId, embedder.model);
  if (pending.length === 0) return 0;
  const vectors = await embedder.embed(pending.map((chunk) => `${chunk.title}\n\n${chunk.text}`));
  await insertEmbeddings(
    db,
    embedder.model,
    pending.map((chunk, index) => ({ chunkId: chunk.id, embedding: vectors[index] ?? [] })),
  );
  return pending.length;
}
