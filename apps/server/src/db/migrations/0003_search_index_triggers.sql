-- The search index's covering index, and the triggers that keep it and its statistics true (ADR 0010).
--
-- Search reads the postings of a few lexemes: with every column it needs in the index, that is an index-only scan.
CREATE INDEX IF NOT EXISTS "chunk_postings_lexeme_idx" ON "chunk_postings" USING btree ("lexeme") INCLUDE ("chunk_id", "document_id", "tf", "chunk_length");
--> statement-breakpoint
INSERT INTO "search_stats" ("id", "chunk_count", "total_length") VALUES (1, 0, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- search_stats (indexed chunks, total length) follows chunk_postings, once per statement. Document frequencies are not
-- stored: search counts them from the covering index (keeping a per-lexeme table in step made every indexer lock the
-- rows of common words).
CREATE OR REPLACE FUNCTION "search_postings_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_stats" s
    SET "chunk_count" = s."chunk_count" + c.n, "total_length" = s."total_length" + c.len
    FROM (
      SELECT count(*) AS n, coalesce(sum("chunk_length"), 0) AS len
      FROM (SELECT DISTINCT "chunk_id", "chunk_length" FROM new_postings) AS per_chunk
    ) AS c
    WHERE s."id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_postings_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_stats" s
    SET "chunk_count" = s."chunk_count" - c.n, "total_length" = s."total_length" - c.len
    FROM (
      SELECT count(*) AS n, coalesce(sum("chunk_length"), 0) AS len
      FROM (SELECT DISTINCT "chunk_id", "chunk_length" FROM old_postings) AS per_chunk
    ) AS c
    WHERE s."id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chunk_postings_added" AFTER INSERT ON "chunk_postings"
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_added"();
--> statement-breakpoint
CREATE TRIGGER "chunk_postings_removed" AFTER DELETE ON "chunk_postings"
  REFERENCING OLD TABLE AS old_postings FOR EACH STATEMENT EXECUTE FUNCTION "search_postings_removed"();
--> statement-breakpoint
-- Postings have no foreign key (one check per posting cost a third of the ingestion time): deleting chunks, directly or by the
-- cascade from a document or a user, removes their postings here, once per statement.
CREATE OR REPLACE FUNCTION "search_chunks_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "chunk_postings" p
    USING (SELECT DISTINCT "document_id" FROM old_chunks) AS d
    WHERE p."document_id" = d."document_id" AND p."chunk_id" IN (SELECT "id" FROM old_chunks);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chunks_removed" AFTER DELETE ON "chunks"
  REFERENCING OLD TABLE AS old_chunks FOR EACH STATEMENT EXECUTE FUNCTION "search_chunks_removed"();
