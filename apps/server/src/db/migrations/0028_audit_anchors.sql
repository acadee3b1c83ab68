CREATE TABLE "audit_anchors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_anchors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_anchors_team_id_seq_idx" ON "audit_anchors" USING btree ("team_id","seq");--> statement-breakpoint
-- Anchors are written once, never changed or removed, like the entries they vouch for.
CREATE TRIGGER "audit_anchors_append_only" BEFORE UPDATE OR DELETE ON "audit_anchors"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_change"();
