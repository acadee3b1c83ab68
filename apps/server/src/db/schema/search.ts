import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { chunks } from './documents.ts';
import { spaces } from './spaces.ts';
import { teams } from './teams.ts';

/**
 * A search scope (ADR 0017): a set of documents that the same users may view, because they agree on every fact the
 * viewing rule reads. Its key columns carry the names and meaning of those `documents` columns, reduced to what
 * matters: a space file -> (space); a synced document its source shares with someone, in a team -> (owner, team,
 * sorted shared-with emails); anything else -> (owner). The function `search_scope_for` (migration 0015_search_scopes)
 * is the one place that reduces a document to its key, and a trigger keeps `documents.search_scope_id` and the
 * postings' `scope_id` in step whenever those facts change. `modules/access` reads a user's scopes with the document
 * rule itself, so search reads only postings of scopes the user may view.
 */
export const searchScopes = pgTable(
  'search_scopes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    sharedWith: text('shared_with').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    unique('search_scopes_key').on(table.ownerId, table.teamId, table.spaceId, table.sharedWith).nullsNotDistinct(),
    index('search_scopes_team_idx').on(table.teamId),
    index('search_scopes_space_idx').on(table.spaceId),
  ],
);

/**
 * The lexical index (ADR 0010): one row per (lexeme, chunk) with the term frequency and the chunk's length, built in
 * bulk from `to_tsvector('english', title || ' ' || text)`, under its document's search scope (ADR 0017). Search reads
 * only the postings of the query's lexemes in the user's scopes, one range per (lexeme, scope) of a covering index
 * created in migration 0015_search_scopes (drizzle cannot declare INCLUDE). Triggers (migrations 0003 and 0014) keep
 * `search_stats` and each lexeme's document frequency (`search_lexemes`) in step and remove the postings of deleted
 * chunks, so every way a chunk disappears (re-indexing, document or user deleted) updates them. No foreign key on
 * purpose: checking one per posting cost a third of the ingestion time; the chunk trigger does the cleanup instead.
 */
export const chunkPostings = pgTable(
  'chunk_postings',
  {
    lexeme: text('lexeme').notNull(),
    chunkId: bigint('chunk_id', { mode: 'number' }).notNull(),
    /** Denormalised from the chunk so the visibility filter needs no join to chunks. */
    documentId: uuid('document_id').notNull(),
    /** The document's search scope (`documents.search_scope_id`), re-keyed by trigger when it changes. */
    scopeId: bigint('scope_id', { mode: 'number' }).notNull(),
    /** Occurrences of the lexeme in the chunk (title included). */
    tf: integer('tf').notNull(),
    /** The chunk's length in indexed tokens (stop words excluded), for BM25 length normalisation. */
    chunkLength: integer('chunk_length').notNull(),
  },
  // Postings by chunk: the pruned ranking's lookups of one chunk's remaining terms (ADR 0092) and the removal of deleted
  // chunks' postings. Chunk ids grow, so new entries land at the index's right edge (a random document id did not).
  (table) => [index('chunk_postings_chunk_idx').on(table.chunkId, table.lexeme)],
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
