ALTER TABLE "documents" ADD COLUMN "source_version" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "shared_with" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_runs_one_running_per_connection" ON "sync_runs" USING btree ("connection_id") WHERE "sync_runs"."status" = 'running';