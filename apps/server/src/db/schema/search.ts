import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { chunks } from './documents.ts';

/**
 * The lexical index (ADR 0010): one row per (lexeme, chunk) with the term frequency and the chunk's length, built in
 * bulk from `to_tsvector('english', title || ' ' || text)`. Search reads only the postings of the query's lexemes,
 * through a covering index on lexeme created in migration 0003_search_index_triggers (drizzle cannot declare INCLUDE).
 * Triggers there keep `search_stats` in step and remove the postings of deleted chunks, so every way a chunk
 * disappears (re-indexing, document or user deleted) updates them. Document frequencies are counted at query time from
 * the covering index. No foreign key on purpose: checking one per posting cost a third of the ingestion time; the chunk trigger
 * does the cleanup instead.
 */
export const chunkPostings = pgTable(
  'chunk_postings',
  {
    lexeme: text('lexeme').notNull(),
    chunkId: bigint('chunk_id', { mode: 'number' }).notNull(),
    /** Denormalised from the chunk so the visibility filter needs no join to chunks. */
    documentId: uuid('document_id').notNull(),
    /** Occurrences of the lexeme in the chunk (title included). */
    tf: integer('tf').notNull(),
    /** The chunk's length in indexed tokens (stop words excluded), for BM25 length normalisation. */
    chunkLength: integer('chunk_length').notNull(),
  },
  (table) => [index('chunk_postings_document_idx').on(table.documentId)],
);

/**
 * Each lexeme's document frequency for BM25's idf: how many postings (indexed chunks) carry it, over the whole index.
 * Kept by the statement triggers on `chunk_postings` (migration 0014_search_term_statistics), in the transaction that
 * adds or removes the postings, so search reads a query's few rows instead of counting postings (issue #17). A lexeme
 * whose postings are all gone keeps its row at 0 (a re-index adds it back at once).
 */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: text('lexeme').primaryKey(),
  chunkCount: bigint('chunk_count', { mode: 'number' }).notNull(),
});

/** One row (id 1): the number of indexed chunks and their total length, for idf and the average chunk length. */
export const searchStats = pgTable('search_stats', {
  id: smallint('id').primaryKey(),
  chunkCount: bigint('chunk_count', { mode: 'number' }).notNull(),
  totalLength: bigint('total_length', { mode: 'number' }).notNull(),
});

/**
 * A pgvector `vector` of any dimension: each embeddings model has its own, and search only compares vectors of the
 * configured model (drizzle's own `vector` column needs a fixed dimension). Written and read as '[1,2,3]'.
 */
const anyDimensionVector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => `[${value.join(',')}]`,
  fromDriver: (value) => JSON.parse(value) as number[],
});

/**
 * One embedding per chunk and model (ADR 0014). pgvector is optional (a PostgreSQL server may lack it), so migration
 * 0009 creates the table only where the extension is enabled; search reads it only when embeddings are on.
 */
export const chunkEmbeddings = pgTable(
  'chunk_embeddings',
  {
    chunkId: bigint('chunk_id', { mode: 'number' }).notNull(),
    model: text('model').notNull(),
    embedding: anyDimensionVector('embedding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The constraint names PostgreSQL gave the table earlier versions created at start, so the schema describes both.
  (table) => [
    primaryKey({ name: 'chunk_embeddings_pkey', columns: [table.chunkId, table.model] }),
    foreignKey({
      name: 'chunk_embeddings_chunk_id_fkey',
      columns: [table.chunkId],
      foreignColumns: [chunks.id],
    }).onDelete('cascade'),
  ],
);
