-- Every statement that writes chunks locks the statistics row before anything else (ADR 0096). The indexing statement
-- upserts its lexemes and then, in its trigger, the statistics; the removal trigger did the statistics first: two
-- transactions, one removing a document's chunks while the other indexed, could each wait on the other. With the row
-- taken first, writers of the index queue on it instead (they already did, from their first update to commit).
CREATE OR REPLACE FUNCTION "search_statistics_locked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "search_stats" WHERE "id" = 1 FOR UPDATE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chunks_lock_statistics" BEFORE INSERT OR DELETE ON "chunks"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_statistics_locked"();
