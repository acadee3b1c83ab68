-- Data change notices (ADR 0117): every write to what the cached list routes read names the scopes it touches on the
-- channel lumen_data ('user:<id>', 'team:<id>', 'global'); each instance forgets the cached answers of those scopes.
-- NOTIFY is sent at commit (never for a rolled-back write), and the same payload once per transaction.
--
-- One row trigger for every table: its arguments say which columns name which scope, as '<kind>:<column>', the kind
-- one of user (the column is a user id), team (a team id), space (a space id: its team) or user_team (a user id: the
-- team they are in). Both the old and the new row are read, so a row that moves notifies where it was and where it is.
CREATE FUNCTION lumen_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  argument text;
  kind text;
  value text;
  scope text;
BEGIN
  FOREACH changed IN ARRAY ARRAY[to_jsonb(NEW), to_jsonb(OLD)] LOOP
    CONTINUE WHEN changed IS NULL;
    FOREACH argument IN ARRAY TG_ARGV LOOP
      kind := split_part(argument, ':', 1);
      value := changed ->> split_part(argument, ':', 2);
      CONTINUE WHEN value IS NULL;
      scope := CASE kind
        WHEN 'user' THEN 'user:' || value
        WHEN 'team' THEN 'team:' || value
        WHEN 'space' THEN 'team:' || (SELECT team_id FROM spaces WHERE spaces.id = value::uuid)
        WHEN 'user_team' THEN 'team:' || (SELECT team_id FROM user_roles WHERE user_roles.user_id = value)
      END;
      IF scope IS NOT NULL THEN
        PERFORM pg_notify('lumen_data', scope);
      END IF;
    END LOOP;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Documents and files: their owner, the team they are shared in, the team of their space.
CREATE TRIGGER documents_change_notice AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('user:owner_id', 'team:team_id', 'space:space_id');
--> statement-breakpoint
CREATE TRIGGER files_change_notice AFTER INSERT OR UPDATE OR DELETE ON files
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('user:owner_id', 'team:team_id', 'space:space_id');
--> statement-breakpoint
-- A team's own rows.
CREATE TRIGGER spaces_change_notice AFTER INSERT OR UPDATE OR DELETE ON spaces
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('team:team_id');
--> statement-breakpoint
CREATE TRIGGER departments_change_notice AFTER INSERT OR UPDATE OR DELETE ON departments
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('team:team_id');
--> statement-breakpoint
-- A member's rows in a team: roles and member records name the member and the team.
CREATE TRIGGER user_roles_change_notice AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('team:team_id', 'user:user_id');
--> statement-breakpoint
CREATE TRIGGER team_employees_change_notice AFTER INSERT OR UPDATE OR DELETE ON team_employees
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('team:team_id', 'user:user_id');
--> statement-breakpoint
-- A space's members: the space's team, and the member.
CREATE TRIGGER space_members_change_notice AFTER INSERT OR UPDATE OR DELETE ON space_members
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('space:space_id', 'user:user_id');
--> statement-breakpoint
-- A user's profile (names in member lists, the email a source shares documents with) and their access groups.
CREATE TRIGGER user_change_notice AFTER INSERT OR UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('user:id', 'user_team:id');
--> statement-breakpoint
CREATE TRIGGER connection_access_groups_change_notice AFTER INSERT OR UPDATE OR DELETE ON connection_access_groups
  FOR EACH ROW EXECUTE FUNCTION lumen_row_changed('user:user_id');
--> statement-breakpoint
-- Passages and their vectors: search ranks with statistics over every passage, so any change is 'global'.
CREATE FUNCTION lumen_passages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lumen_data', 'global');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chunks_change_notice AFTER INSERT OR UPDATE OR DELETE ON chunks
  FOR EACH STATEMENT EXECUTE FUNCTION lumen_passages_changed();
--> statement-breakpoint
-- chunk_embeddings exists only where pgvector was available (migration 0009).
DO $$
BEGIN
  IF to_regclass('chunk_embeddings') IS NOT NULL THEN
    CREATE TRIGGER chunk_embeddings_change_notice AFTER INSERT OR UPDATE OR DELETE ON chunk_embeddings
      FOR EACH STATEMENT EXECUTE FUNCTION lumen_passages_changed();
  END IF;
END $$;
