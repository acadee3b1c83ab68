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

/** Binary data (search reads it as base64 text instead: faster through PGlite than its bytea parser). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

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
 * The lexical index (ADR 0094): for each (lexeme, search scope), segments of packed postings. A segment's `postings`
 * holds 8 bytes per chunk carrying the lexeme, big-endian: the chunk id (int4), the lexeme's frequency in the chunk
 * (int2) and the chunk's indexed length (int2), sorted by chunk id. One indexing statement adds one segment per
 * (lexeme, scope) it touches; the compaction job merges a pair's small segments into segments of at most
 * `MAX_SEGMENT_POSTINGS` and drops the postings of deleted chunks. Segments are never updated, only added and
 * replaced, so a server may keep their bodies in memory by id. Search reads the segments of the query's lexemes in the
 * user's scopes only (ADR 0017), and scores them in the server.
 */
export const searchSegments = pgTable(
  'search_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    lexeme: text('lexeme').notNull(),
    scopeId: bigint('scope_id', { mode: 'number' }).notNull(),
    postingCount: integer('posting_count').notNull(),
    /** The highest frequency and the shortest chunk in the segment: with them, a bound on what a posting can score. */
    maxTf: integer('max_tf').notNull(),
    minLength: integer('min_length').notNull(),
    firstChunkId: bigint('first_chunk_id', { mode: 'number' }).notNull(),
    lastChunkId: bigint('last_chunk_id', { mode: 'number' }).notNull(),
    postings: bytea('postings').notNull(),
  },
  (table) => [index('search_segments_lexeme_scope_idx').on(table.lexeme, table.scopeId)],
);

/**
 * Postings that no longer count: when a document moves to another search scope, its chunks' postings are added under
 * the new scope and the old scope's segments older than `segment_floor` keep theirs until the compaction job rewrites
 * them; search skips a posting of `chunk_id` in a segment of `scope_id` whose id is below the floor.
 */
export const searchTombstones = pgTable(
  'search_tombstones',
  {
    scopeId: bigint('scope_id', { mode: 'number' }).notNull(),
    chunkId: bigint('chunk_id', { mode: 'number' }).notNull(),
    segmentFloor: bigint('segment_floor', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scopeId, table.chunkId, table.segmentFloor] })],
);

/**
 * One row (id 1): the highest segment id the compaction job has looked at. Only (lexeme, scope) pairs with segments
 * above it can have gained enough small segments to merge, so each run reads the new segments, not the whole index.
 */
export const searchCompaction = pgTable('search_compaction', {
  id: smallint('id').primaryKey(),
  segmentWatermark: bigint('segment_watermark', { mode: 'number' }).notNull(),
});

/**
 * Chunks deleted since the compaction job last ran, with their lexemes: their postings stay in the segments (search
 * drops them when it checks what it returns) until the job rewrites the segments of those lexemes that span them.
 * Written by the chunks' delete trigger (migration 0017_search_segments).
 */
export const searchRemovedChunks = pgTable('search_removed_chunks', {
  chunkId: bigint('chunk_id', { mode: 'number' }).primaryKey(),
  lexemes: text('lexemes').array().notNull(),
});

/**
 * Each lexeme's document frequency for BM25's idf: how many indexed chunks carry it, over the whole index. Added by the
 * indexing statement (`insertIndexedChunks`, from the segments it writes) and lowered by the delete trigger on `chunks`
 * (migrations 0017 and 0018), in the transaction that adds or removes the chunks, so search reads a query's few rows
 * instead of counting postings (issue #17). A lexeme
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
