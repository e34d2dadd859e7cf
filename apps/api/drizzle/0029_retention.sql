CREATE TABLE "project_retention" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"project_id" uuid PRIMARY KEY NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_retention" ADD CONSTRAINT "project_retention_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_retention" ADD CONSTRAINT "project_retention_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_retention_due_idx" ON "project_retention" USING btree ("office_id","archived_at","project_id") WHERE "project_retention"."purged_at" is null;--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security, the trigger that keeps project_retention, the backfill, the new floor of
-- the retention setting.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "project_retention" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "project_retention_office" ON "project_retention" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
-- A project's retention follows its archive: archiving (or archiving again) starts a fresh row, so the notice and the
-- purge refer to the archive they follow; un-archiving deletes the row, so a reopened project is never purged.
CREATE FUNCTION projects_track_retention() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.archived_at IS NULL THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM project_retention WHERE project_id = NEW.id;
    END IF;
  ELSIF TG_OP = 'INSERT' OR OLD.archived_at IS DISTINCT FROM NEW.archived_at THEN
    INSERT INTO project_retention (office_id, project_id, archived_at)
      VALUES (NEW.office_id, NEW.id, NEW.archived_at)
      ON CONFLICT (project_id) DO UPDATE
        SET archived_at = excluded.archived_at, notice_sent_at = NULL, purged_at = NULL;
  END IF;
  RETURN NULL;
END $$
--> statement-breakpoint
CREATE TRIGGER projects_track_retention AFTER INSERT OR UPDATE OF archived_at ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_track_retention()
--> statement-breakpoint
INSERT INTO project_retention (office_id, project_id, archived_at)
  SELECT office_id, id, archived_at FROM projects WHERE archived_at IS NOT NULL
  ON CONFLICT (project_id) DO NOTHING
--> statement-breakpoint
-- The setting's floor rose to 30 days (an office that chose fewer keeps its candidates' data a little longer).
UPDATE offices SET retention_days = 30 WHERE retention_days < 30
