ALTER TABLE "submissions" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: `hidden` is true while a submission is in its opportunity's Hidden folder (HIDDEN; system folders
-- keep their alias for life), kept the way `review_held` is (0023): statement-level triggers with transition tables,
-- so a bulk hide updates each submission once; an insert only looks at rows placed in a Hidden folder, a delete only
-- at submissions hidden now, a membership moved to another folder or row rechecks both sides.
CREATE OR REPLACE FUNCTION submission_hidden(submission uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM folder_memberships m JOIN folders f ON f.id = m.folder_id
    WHERE m.submission_id = submission AND f.system_alias = 'HIDDEN') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_hidden_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET hidden = true
  FROM (SELECT DISTINCT n.submission_id FROM new_memberships n JOIN folders f ON f.id = n.folder_id
    WHERE f.system_alias = 'HIDDEN') d
  WHERE s.id = d.submission_id AND NOT s.hidden;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_hidden_inserted AFTER INSERT ON folder_memberships
  REFERENCING NEW TABLE AS new_memberships FOR EACH STATEMENT EXECUTE FUNCTION folder_memberships_hidden_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_hidden_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET hidden = false
  FROM (SELECT DISTINCT submission_id FROM old_memberships) d
  WHERE s.id = d.submission_id AND s.hidden AND NOT submission_hidden(s.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_hidden_deleted AFTER DELETE ON folder_memberships
  REFERENCING OLD TABLE AS old_memberships FOR EACH STATEMENT EXECUTE FUNCTION folder_memberships_hidden_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_hidden_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET hidden = submission_hidden(s.id)
  WHERE s.id IN (OLD.submission_id, NEW.submission_id)
    AND s.hidden IS DISTINCT FROM submission_hidden(s.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_hidden_moved AFTER UPDATE OF folder_id, submission_id ON folder_memberships
  FOR EACH ROW
  WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.submission_id IS DISTINCT FROM NEW.submission_id)
  EXECUTE FUNCTION folder_memberships_hidden_moved();
--> statement-breakpoint
UPDATE submissions s SET hidden = true
WHERE EXISTS (SELECT 1 FROM folder_memberships m JOIN folders f ON f.id = m.folder_id
  WHERE m.submission_id = s.id AND f.system_alias = 'HIDDEN');
