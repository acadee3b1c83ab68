-- Chunk vectors for hybrid search. pgvector is optional on a PostgreSQL server (PGlite always has it), so the table is
-- created only where the extension is enabled (openDatabase enables it before migrating, where available). Servers
-- that created it at start before this migration keep theirs (IF NOT EXISTS; same columns and constraint names).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    CREATE TABLE IF NOT EXISTS "chunk_embeddings" (
      "chunk_id" bigint NOT NULL,
      "model" text NOT NULL,
      "embedding" vector NOT NULL,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "chunk_embeddings_pkey" PRIMARY KEY("chunk_id","model"),
      CONSTRAINT "chunk_embeddings_chunk_id_fkey" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunks"("id") ON DELETE cascade ON UPDATE no action
    );
  END IF;
END $$;
