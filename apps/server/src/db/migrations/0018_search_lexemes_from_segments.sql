-- Each lexeme's chunk count is added by the indexing statement itself, from the segments it writes (one row per lexeme
-- and scope, a tenth of the chunks' lexemes): the insert trigger keeps only the chunks' count and length (ADR 0094).
-- The indexing statement is the only writer of chunks.
CREATE OR REPLACE FUNCTION "search_chunks_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_stats" s
    SET "chunk_count" = s."chunk_count" + c.n, "total_length" = s."total_length" + c.len
    FROM (
      SELECT count(*) AS n, coalesce(sum("indexed_length"), 0) AS len FROM new_chunks WHERE "indexed_length" > 0
    ) AS c
    WHERE s."id" = 1;
  RETURN NULL;
END
$$;
