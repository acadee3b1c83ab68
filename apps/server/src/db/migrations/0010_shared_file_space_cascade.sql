ALTER TABLE "shared_files" DROP CONSTRAINT "shared_files_space_id_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "shared_files" ADD CONSTRAINT "shared_files_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;