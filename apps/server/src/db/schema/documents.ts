import { DOCUMENT_SOURCE_IDS, DOCUMENT_STATUS_IDS } from '@lumen/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { spaces } from './spaces.ts';
import { teams } from './teams.ts';

export const documentSourceEnum = pgEnum('document_source', DOCUMENT_SOURCE_IDS);
export const documentStatusEnum = pgEnum('document_status', DOCUMENT_STATUS_IDS);

/** A stored file: uploads in chat now, space files later. The storage key never contains the user's file name. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Set for space files. */
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('files_owner_idx').on(table.ownerId, table.createdAt), index('files_sha256_idx').on(table.sha256)],
);

/** One indexed item, whatever its source. Retrieval only reads documents the asking user may view. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    source: documentSourceEnum('source').notNull(),
    externalId: text('external_id'),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    mimeType: text('mime_type'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
    contentHash: text('content_hash'),
    /** The source's version of a synced item (revision, eTag, content hash): an equal version is not fetched again. */
    sourceVersion: text('source_version'),
    /**
     * Lower-cased emails the source shares a synced item with; members of the document's team among them may view it
     * (modules/access). Replaced at every sync, so access lost at the source is lost here.
     */
    sharedWith: text('shared_with').array().notNull().default(sql`'{}'::text[]`),
    /** A synced item: the start of the latest full listing of its connection that reported it (the sweep's mark). */
    lastListedAt: timestamp('last_listed_at', { withTimezone: true }),
    /** The search scope of the document's postings (ADR 0017); set by trigger from owner, team, space and sharing. */
    searchScopeId: bigint('search_scope_id', { mode: 'number' }),
    status: documentStatusEnum('status').notNull().default('pending'),
    error: text('error'),
    pageCount: integer('page_count'),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** Labels such as 'AI-processed' (the document hub's "process" action). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_space_idx').on(table.spaceId),
    index('documents_owner_idx').on(table.ownerId, table.createdAt),
    index('documents_content_hash_idx').on(table.contentHash),
    uniqueIndex('documents_external_idx').on(table.ownerId, table.source, table.externalId),
  ],
);

/** A passage of a document: what search ranks and the assistant cites. */
export const chunks = pgTable(
  'chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    /** 1-based page (PDF page, slide, sheet) where the passage starts; null when the format has none. */
    page: integer('page'),
    /**
     * The chunk's index terms (ADR 0094): the lexemes of `to_tsvector('english', indexed title || ' ' || text)` in
     * sorted order, with each one's frequency at the same position, and their total (BM25's length). Search reads
     * the packed posting segments; these let the triggers keep the term statistics and move a chunk to another
     * search scope without analysing its text again.
     */
    lexemes: text('lexemes').array().notNull().default(sql`'{}'::text[]`),
    termFrequencies: smallint('term_frequencies').array().notNull().default(sql`'{}'::smallint[]`),
    indexedLength: integer('indexed_length').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chunks_document_idx').on(table.documentId, table.ordinal)],
);
