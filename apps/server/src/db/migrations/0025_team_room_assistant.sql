ALTER TABLE "team_messages" ADD COLUMN "kind" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_messages" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_messages" ADD COLUMN "reply_to_id" uuid;--> statement-breakpoint
ALTER TABLE "team_messages" ADD COLUMN "citations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_messages" ADD CONSTRAINT "team_messages_reply_to_id_team_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."team_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_messages_answering_idx" ON "team_messages" USING btree ("team_id") WHERE "team_messages"."status" = 'answering';--> statement-breakpoint
ALTER TABLE "team_messages" ADD CONSTRAINT "team_messages_kind_check" CHECK ("team_messages"."kind" in ('member', 'assistant'));--> statement-breakpoint
ALTER TABLE "team_messages" ADD CONSTRAINT "team_messages_status_check" CHECK ("team_messages"."status" in ('answering', 'done', 'failed'));