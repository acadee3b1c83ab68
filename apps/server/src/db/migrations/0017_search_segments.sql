-- Packed posting segments (issue #17, ADR 0094): one row per (lexeme, search scope, up to 16,384 chunks) instead of
-- one per (lexeme, chunk); search reads a query's few segments and scores them in the server.
CREATE TABLE "search_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL,
	"scope_id" bigint NOT NULL,
	"posting_count" integer NOT NULL,
	"max_tf" integer NOT NULL,
	"min_length" integer NOT NULL,
	"first_chunk_id" bigint NOT NULL,
	"last_chunk_id" bigint NOT NULL,
	"postings" "bytea" NOT NULL
);
--> statement-breakpoint
-- Packed integers hardly compress, and decompressing would cost every read of a segment that is not in memory.
ALTER TABLE "search_segments" ALTER COLUMN "postings" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "search_tombstones" (
	"scope_id" bigint NOT NULL,
	"chunk_id" bigint NOT NULL,
	"segment_floor" bigint NOT NULL,
	CONSTRAINT "search_tombstones_scope_id_chunk_id_segment_floor_pk" PRIMARY KEY("scope_id","chunk_id","segment_floor")
);
--> statement-breakpoint
CREATE TABLE "search_compaction" (
	"id" smallint PRIMARY KEY NOT NULL,
	"segment_watermark" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_compaction" ("id", "segment_watermark") VALUES (1, 0);--> statement-breakpoint
CREATE TABLE "search_removed_chunks" (
	"chunk_id" bigint PRIMARY KEY NOT NULL,
	"lexemes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "lexemes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "term_frequencies" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chunks" ADD COLUMN "indexed_length" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A posting holds the chunk id in 4 bytes: chunk ids stop at the int4 maximum, loudly, rather than wrap.
ALTER SEQUENCE "chunks_id_seq" MAXVALUE 2147483647;--> statement-breakpoint
-- Each chunk's terms, from its postings (the same lexemes, frequencies and length the index held).
UPDATE "chunks" c
  SET "lexemes" = t."lexemes", "term_frequencies" = t."tfs", "indexed_length" = t."length"
  FROM (
    SELECT "chunk_id", array_agg("lexeme" ORDER BY "lexeme") AS "lexemes",
           array_agg(least("tf", 32767)::smallint ORDER BY "lexeme") AS "tfs", max("chunk_length") AS "length"
    FROM "chunk_postings" GROUP BY "chunk_id"
  ) AS t
  WHERE t."chunk_id" = c."id";
--> statement-breakpoint
INSERT INTO "search_segments" ("lexeme", "scope_id", "posting_count", "max_tf", "min_length", "first_chunk_id",
                               "last_chunk_id", "postings")
  SELECT p."lexeme", p."scope_id", count(*), max(p."tf"), min(p."length"), min(p."chunk_id"), max(p."chunk_id"),
         string_agg(int4send(p."chunk_id"::int4) || int2send(p."tf"::int2) || int2send(p."length"::int2), ''::bytea
                    ORDER BY p."chunk_id")
  FROM (
    SELECT "lexeme", "scope_id", "chunk_id", least("tf", 32767) AS "tf", least("chunk_length", 32767) AS "length",
           (row_number() OVER (PARTITION BY "lexeme", "scope_id" ORDER BY "chunk_id") - 1) / 16384 AS "part"
    FROM "chunk_postings"
  ) AS p
  GROUP BY p."lexeme", p."scope_id", p."part";
--> statement-breakpoint
DROP TABLE "chunk_postings" CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_added"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "search_postings_removed"();--> statement-breakpoint
-- A search reads a query's lexemes in the user's scopes: one range of this index per (lexeme, scope). No INCLUDE
-- columns: the rows are read for their postings anyway.
CREATE INDEX "search_segments_lexeme_scope_idx" ON "search_segments" USING btree ("lexeme","scope_id");--> statement-breakpoint
-- Term statistics follow the chunks, once per statement (ADR 0094): the chunks' count and length in search_stats, each
-- lexeme's chunk count in search_lexemes, upserted in sorted order (concurrent indexers lock rows in the same order).
CREATE OR REPLACE FUNCTION "search_chunks_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_stats" s
    SET "chunk_count" = s."chunk_count" + c.n, "total_length" = s."total_length" + c.len
    FROM (
      SELECT count(*) AS n, coalesce(sum("indexed_length"), 0) AS len FROM new_chunks WHERE "indexed_length" > 0
    ) AS c
    WHERE s."id" = 1;
  INSERT INTO "search_lexemes" AS l ("lexeme", "chunk_count")
    SELECT t."lexeme", count(*) FROM new_chunks, unnest(new_chunks."lexemes") AS t ("lexeme")
    GROUP BY t."lexeme" ORDER BY t."lexeme"
    ON CONFLICT ("lexeme") DO UPDATE SET "chunk_count" = l."chunk_count" + excluded."chunk_count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted chunk's postings stay in their segments until the compaction job rewrites them (search checks every chunk
-- it returns, so they are never shown): the statistics change here, and the chunk is listed for the job.
CREATE OR REPLACE FUNCTION "search_chunks_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_stats" s
    SET "chunk_count" = s."chunk_count" - c.n, "total_length" = s."total_length" - c.len
    FROM (
      SELECT count(*) AS n, coalesce(sum("indexed_length"), 0) AS len FROM old_chunks WHERE "indexed_length" > 0
    ) AS c
    WHERE s."id" = 1;
  INSERT INTO "search_lexemes" AS l ("lexeme", "chunk_count")
    SELECT t."lexeme", -count(*) FROM old_chunks, unnest(old_chunks."lexemes") AS t ("lexeme")
    GROUP BY t."lexeme" ORDER BY t."lexeme"
    ON CONFLICT ("lexeme") DO UPDATE SET "chunk_count" = l."chunk_count" + excluded."chunk_count";
  INSERT INTO "search_removed_chunks" ("chunk_id", "lexemes")
    SELECT "id", "lexemes" FROM old_chunks WHERE "indexed_length" > 0
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chunks_added" AFTER INSERT ON "chunks"
  REFERENCING NEW TABLE AS new_chunks FOR EACH STATEMENT EXECUTE FUNCTION "search_chunks_added"();
--> statement-breakpoint
-- A document whose scope changed takes its postings along, in the same transaction: new segments under the new scope,
-- and tombstones for the old scope's segments written so far (search skips those postings until compaction).
CREATE OR REPLACE FUNCTION "search_document_rescoped"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  floor bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "chunks" WHERE "document_id" = NEW."id" AND "indexed_length" > 0) THEN
    RETURN NULL;
  END IF;
  floor := nextval(pg_get_serial_sequence('search_segments', 'id'));
  IF OLD."search_scope_id" IS NOT NULL THEN
    INSERT INTO "search_tombstones" ("scope_id", "chunk_id", "segment_floor")
      SELECT OLD."search_scope_id", "id", floor FROM "chunks" WHERE "document_id" = NEW."id" AND "indexed_length" > 0
      ON CONFLICT DO NOTHING;
  END IF;
  IF NEW."search_scope_id" IS NOT NULL THEN
    INSERT INTO "search_segments" ("lexeme", "scope_id", "posting_count", "max_tf", "min_length", "first_chunk_id",
                                   "last_chunk_id", "postings")
      SELECT p."lexeme", NEW."search_scope_id", count(*), max(p."tf"), min(p."length"), min(p."chunk_id"),
             max(p."chunk_id"),
             string_agg(int4send(p."chunk_id"::int4) || int2send(p."tf") || int2send(p."length"), ''::bytea
                        ORDER BY p."chunk_id")
      FROM (
        SELECT c."id" AS "chunk_id", t."lexeme", t."tf", least(c."indexed_length", 32767)::int2 AS "length"
        FROM "chunks" c, unnest(c."lexemes", c."term_frequencies") AS t ("lexeme", "tf")
        WHERE c."document_id" = NEW."id"
      ) AS p
      GROUP BY p."lexeme";
  END IF;
  RETURN NULL;
END
$$;
