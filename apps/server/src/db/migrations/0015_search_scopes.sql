CREATE TABLE "search_scopes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text,
	"team_id" uuid,
	"space_id" uuid,
	"shared_with" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "search_scopes_key" UNIQUE NULLS NOT DISTINCT("owner_id","team_id","space_id","shared_with")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_scope_id" bigint;--> statement-breakpoint
ALTER TABLE "chunk_postings" ADD COLUMN "scope_id" bigint;--> statement-breakpoint
ALTER TABLE "search_scopes" ADD CONSTRAINT "search_scopes_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_scopes" ADD CONSTRAINT "search_scopes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_scopes" ADD CONSTRAINT "search_scopes_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_scopes_team_idx" ON "search_scopes" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "search_scopes_space_idx" ON "search_scopes" USING btree ("space_id");--> statement-breakpoint
-- Search scopes (issue #17, ADR 0017). A document's scope is the part of its row that the viewing rule of
-- modules/access reads, reduced to what matters, so every document of a scope is seen by the same users:
--   a space file                                              -> (space)
--   shared at its source with someone, and it has a team      -> (owner, team, the sorted distinct shared-with emails)
--   anything else (an upload, a synced item shared with nobody) -> (owner)
-- This function is the one place that reduces a document to its scope; it returns the scope's id, creating it once.
CREATE OR REPLACE FUNCTION "search_scope_for"(owner text, team uuid, space uuid, shared text[]) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  key_owner text;
  key_team uuid;
  key_space uuid;
  key_shared text[] := '{}';
  scope bigint;
BEGIN
  IF space IS NOT NULL THEN
    key_space := space;
    SELECT "id" INTO scope FROM "search_scopes" WHERE "space_id" = key_space AND "owner_id" IS NULL AND "team_id" IS NULL;
  ELSIF team IS NOT NULL AND cardinality(shared) > 0 THEN
    key_owner := owner;
    key_team := team;
    key_shared := ARRAY(SELECT DISTINCT email FROM unnest(shared) AS email ORDER BY email);
    SELECT "id" INTO scope FROM "search_scopes"
      WHERE "owner_id" = key_owner AND "team_id" = key_team AND "space_id" IS NULL AND "shared_with" = key_shared;
  ELSE
    key_owner := owner;
    SELECT "id" INTO scope FROM "search_scopes"
      WHERE "owner_id" = key_owner AND "team_id" IS NULL AND "space_id" IS NULL AND "shared_with" = '{}';
  END IF;
  IF scope IS NULL THEN
    INSERT INTO "search_scopes" ("owner_id", "team_id", "space_id", "shared_with")
      VALUES (key_owner, key_team, key_space, key_shared)
      ON CONFLICT ON CONSTRAINT "search_scopes_key" DO NOTHING
      RETURNING "id" INTO scope;
  END IF;
  IF scope IS NULL THEN
    -- Another transaction created it at the same moment.
    SELECT "id" INTO scope FROM "search_scopes"
      WHERE "owner_id" IS NOT DISTINCT FROM key_owner AND "team_id" IS NOT DISTINCT FROM key_team
        AND "space_id" IS NOT DISTINCT FROM key_space AND "shared_with" = key_shared;
  END IF;
  RETURN scope;
END
$$;
--> statement-breakpoint
UPDATE "documents" SET "search_scope_id" = "search_scope_for"("owner_id", "team_id", "space_id", "shared_with");
--> statement-breakpoint
UPDATE "chunk_postings" p SET "scope_id" = d."search_scope_id" FROM "documents" d WHERE d."id" = p."document_id";
--> statement-breakpoint
DELETE FROM "chunk_postings" WHERE "scope_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "chunk_postings" ALTER COLUMN "scope_id" SET NOT NULL;
--> statement-breakpoint
-- A search reads one index range per (lexeme, scope the user may view), from the index alone once vacuumed.
DROP INDEX IF EXISTS "chunk_postings_lexeme_idx";
--> statement-breakpoint
CREATE INDEX "chunk_postings_lexeme_scope_idx" ON "chunk_postings" USING btree ("lexeme", "scope_id")
  INCLUDE ("chunk_id", "document_id", "tf", "chunk_length");
--> statement-breakpoint
-- Every write of a document's owner, team, space or sharing (ingestion, a sync that only updates sharing, a move)
-- decides its scope again; unchanged facts cost nothing.
CREATE OR REPLACE FUNCTION "search_document_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."search_scope_id" IS NOT NULL
     AND NEW."owner_id" = OLD."owner_id" AND NEW."team_id" IS NOT DISTINCT FROM OLD."team_id"
     AND NEW."space_id" IS NOT DISTINCT FROM OLD."space_id" AND NEW."shared_with" = OLD."shared_with" THEN
    RETURN NEW;
  END IF;
  NEW."search_scope_id" := "search_scope_for"(NEW."owner_id", NEW."team_id", NEW."space_id", NEW."shared_with");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_search_scope" BEFORE INSERT OR UPDATE OF "owner_id", "team_id", "space_id", "shared_with"
  ON "documents" FOR EACH ROW EXECUTE FUNCTION "search_document_scope"();
--> statement-breakpoint
-- A document whose scope changed takes its postings along, in the same transaction: search never reads them under
-- the old scope once the change is committed.
CREATE OR REPLACE FUNCTION "search_document_rescoped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chunk_postings" SET "scope_id" = NEW."search_scope_id" WHERE "document_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_search_rescoped" AFTER UPDATE ON "documents" FOR EACH ROW
  WHEN (OLD."search_scope_id" IS DISTINCT FROM NEW."search_scope_id") EXECUTE FUNCTION "search_document_rescoped"();
