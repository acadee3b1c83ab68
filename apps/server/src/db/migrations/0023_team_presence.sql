CREATE TABLE "team_presence" (
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"team_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_presence_instance_id_user_id_team_id_pk" PRIMARY KEY("instance_id","user_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "team_presence" ADD CONSTRAINT "team_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_presence" ADD CONSTRAINT "team_presence_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_presence_team_id_seen_at_idx" ON "team_presence" USING btree ("team_id","seen_at");