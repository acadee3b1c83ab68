CREATE TABLE "analytics_goals" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL,
	"organisation_percent" integer NOT NULL,
	"accuracy_percent" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_goals" ADD CONSTRAINT "analytics_goals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_goals" ADD CONSTRAINT "analytics_goals_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_team_id_action_created_at_idx" ON "audit_logs" USING btree ("team_id","action","created_at");