-- A presentation's PDF and a session's printed schedule (with candidates' contact details in one of its copies) are
-- stored objects named by their rows: when a row goes, by its own delete or a project's cascading, its files are
-- queued for the storage purge in the deleting transaction, as every other stored file is.
CREATE OR REPLACE FUNCTION presentations_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key) SELECT o.pdf_key FROM old_presentations o WHERE o.pdf_key IS NOT NULL;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER presentations_purge_files AFTER DELETE ON presentations REFERENCING OLD TABLE AS old_presentations
  FOR EACH STATEMENT EXECUTE FUNCTION presentations_purge_files()
--> statement-breakpoint
-- The schedule's two copies (with and without contact details) and the status file beside each; the keys are those
-- the schedule job writes (apps/api/src/modules/auditions/schedule-pdf.ts). A key never written costs one no-op delete.
CREATE OR REPLACE FUNCTION audition_sessions_purge_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_purges (object_key)
  SELECT 'auditions/' || o.project_id || '/' || o.id || '/schedule-' || copy || '.' || ext
  FROM old_sessions o, unnest(ARRAY['contacts', 'names']) AS copy, unnest(ARRAY['pdf', 'json']) AS ext;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER audition_sessions_purge_files AFTER DELETE ON audition_sessions REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION audition_sessions_purge_files()
