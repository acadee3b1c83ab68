-- Data change notices (ADR 0117): every write to what the cached list routes read names the scopes it touches on the
-- channel lumen_data ('user:<id>', 'team:<id>', 'global'); each instance forgets the cached answers of those scopes.
-- NOTIFY is sent at commit (never for a rolled-back write), and the same payload once per transaction.
CREATE FUNCTION lumen_notify_scope(scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF scope IS NOT NULL THEN
    PERFORM pg_notify('lumen_data', scope);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION lumen_notify_space_team(space uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF space IS NOT NULL THEN
    PERFORM lumen_notify_scope('team:' || (SELECT team_id FROM spaces WHERE id = space));
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION lumen_notify_user_team(account text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lumen_notify_scope('team:' || (SELECT team_id FROM user_roles WHERE user_id = account));
END $$;
--> statement-breakpoint
-- documents and files: their owner, the team they are shared in, the team of their space.
CREATE FUNCTION lumen_owned_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT * FROM (VALUES (NEW.owner_id, NEW.team_id, NEW.space_id), (OLD.owner_id, OLD.team_id, OLD.space_id)) AS v(owner_id, team_id, space_id) LOOP
    PERFORM lumen_notify_scope('user:' || r.owner_id);
    PERFORM lumen_notify_scope('team:' || r.team_id);
    PERFORM lumen_notify_space_team(r.space_id);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_change_notice AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION lumen_owned_row_changed();
--> statement-breakpoint
CREATE TRIGGER files_change_notice AFTER INSERT OR UPDATE OR DELETE ON files
  FOR EACH ROW EXECUTE FUNCTION lumen_owned_row_changed();
--> statement-breakpoint
-- A team's own rows: spaces, departments.
CREATE FUNCTION lumen_team_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM lumen_notify_scope('team:' || NEW.team_id); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM lumen_notify_scope('team:' || OLD.team_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER spaces_change_notice AFTER INSERT OR UPDATE OR DELETE ON spaces
  FOR EACH ROW EXECUTE FUNCTION lumen_team_row_changed();
--> statement-breakpoint
CREATE TRIGGER departments_change_notice AFTER INSERT OR UPDATE OR DELETE ON departments
  FOR EACH ROW EXECUTE FUNCTION lumen_team_row_changed();
--> statement-breakpoint
-- A member's rows in a team: roles and member records name the member and the team.
CREATE FUNCTION lumen_member_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM lumen_notify_scope('team:' || NEW.team_id);
    PERFORM lumen_notify_scope('user:' || NEW.user_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM lumen_notify_scope('team:' || OLD.team_id);
    PERFORM lumen_notify_scope('user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_roles_change_notice AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION lumen_member_row_changed();
--> statement-breakpoint
CREATE TRIGGER team_employees_change_notice AFTER INSERT OR UPDATE OR DELETE ON team_employees
  FOR EACH ROW EXECUTE FUNCTION lumen_member_row_changed();
--> statement-breakpoint
-- A space's members: the space's team, and the member.
CREATE FUNCTION lumen_space_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM lumen_notify_space_team(NEW.space_id);
    PERFORM lumen_notify_scope('user:' || NEW.user_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM lumen_notify_space_team(OLD.space_id);
    PERFORM lumen_notify_scope('user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER space_members_change_notice AFTER INSERT OR UPDATE OR DELETE ON space_members
  FOR EACH ROW EXECUTE FUNCTION lumen_space_member_changed();
--> statement-breakpoint
-- A user's profile (names in member lists, the email a source shares documents with) and their access groups.
CREATE FUNCTION lumen_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM lumen_notify_scope('user:' || NEW.id);
    PERFORM lumen_notify_user_team(NEW.id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM lumen_notify_scope('user:' || OLD.id);
    PERFORM lumen_notify_user_team(OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_change_notice AFTER INSERT OR UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION lumen_user_row_changed();
--> statement-breakpoint
CREATE FUNCTION lumen_user_owned_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM lumen_notify_scope('user:' || NEW.user_id); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM lumen_notify_scope('user:' || OLD.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER connection_access_groups_change_notice AFTER INSERT OR UPDATE OR DELETE ON connection_access_groups
  FOR EACH ROW EXECUTE FUNCTION lumen_user_owned_row_changed();
--> statement-breakpoint
-- Passages and their vectors: search ranks with statistics over every passage, so any change is 'global'.
CREATE FUNCTION lumen_passages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lumen_notify_scope('global');
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
