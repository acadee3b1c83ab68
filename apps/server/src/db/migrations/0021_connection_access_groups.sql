CREATE TABLE "connection_access_groups" (
	"connection_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"group_key" text NOT NULL,
	CONSTRAINT "connection_access_groups_connection_id_group_key_pk" PRIMARY KEY("connection_id","group_key")
);
--> statement-breakpoint
ALTER TABLE "connection_access_groups" ADD CONSTRAINT "connection_access_groups_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_access_groups" ADD CONSTRAINT "connection_access_groups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_access_groups_user_id_group_key_idx" ON "connection_access_groups" USING btree ("user_id","group_key");