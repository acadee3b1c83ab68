-- Pruned ranking (issue #17, ADR 0092): the postings are reached by chunk as well as by (lexeme, scope), to score a
-- candidate chunk's remaining terms by key. Chunk ids grow with every insert, so this index grows at its right edge,
-- where the document-id index it replaces took a random leaf for every posting.
DROP INDEX "chunk_postings_document_idx";--> statement-breakpoint
CREATE INDEX "chunk_postings_chunk_idx" ON "chunk_postings" USING btree ("chunk_id","lexeme") INCLUDE ("tf", "chunk_length");--> statement-breakpoint
-- Deleted chunks take their postings along, by chunk id (an array of the statement's chunks, so the plan is one index
-- range per chunk whatever the planner guesses of the transition table's size).
CREATE OR REPLACE FUNCTION "search_chunks_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "chunk_postings" WHERE "chunk_id" = ANY(ARRAY(SELECT "id" FROM old_chunks));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_document_rescoped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chunk_postings" SET "scope_id" = NEW."search_scope_id"
    WHERE "chunk_id" = ANY(ARRAY(SELECT "id" FROM "chunks" WHERE "document_id" = NEW."id"));
  RETURN NULL;
END
$$;
