ALTER TABLE "documents" ADD COLUMN "last_listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "listing_started_at" timestamp with time zone;