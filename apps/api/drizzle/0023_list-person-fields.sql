ALTER TABLE "submissions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "gender_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "playing_age_min" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "playing_age_max" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "review_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_search_trgm_idx" ON "submissions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- hand-written: the person's fields the candidates list filters on live on `submissions` too, the list's driving
-- table, so its index walk tests each row without a join to `applicants` (decision 0059). The trigger that copied the
-- sort names on insert now copies these as well, and the applicant's trigger keeps every field in step.
DROP TRIGGER IF EXISTS submissions_sort_names ON submissions;--> statement-breakpoint
DROP FUNCTION IF EXISTS submissions_sort_names();--> statement-breakpoint
CREATE OR REPLACE FUNCTION submissions_person_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT candidate_sort_fold(a.last_name), candidate_sort_fold(a.first_name), a.search_text, a.gender_id,
      a.date_of_birth, a.playing_age_min, a.playing_age_max
    INTO NEW.sort_last_name, NEW.sort_first_name, NEW.search_text, NEW.gender_id,
      NEW.date_of_birth, NEW.playing_age_min, NEW.playing_age_max
    FROM applicants a WHERE a.id = NEW.applicant_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER submissions_person_fields BEFORE INSERT OR UPDATE OF applicant_id ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_person_fields();
--> statement-breakpoint
DROP TRIGGER IF EXISTS applicants_sort_names ON applicants;--> statement-breakpoint
DROP FUNCTION IF EXISTS applicants_sort_names();--> statement-breakpoint
CREATE OR REPLACE FUNCTION applicants_person_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions SET sort_last_name = candidate_sort_fold(NEW.last_name),
    sort_first_name = candidate_sort_fold(NEW.first_name), search_text = NEW.search_text,
    gender_id = NEW.gender_id, date_of_birth = NEW.date_of_birth, playing_age_min = NEW.playing_age_min,
    playing_age_max = NEW.playing_age_max
  WHERE applicant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applicants_person_fields
  AFTER UPDATE OF first_name, last_name, search_text, gender_id, date_of_birth, playing_age_min, playing_age_max
  ON applicants FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.search_text, OLD.gender_id, OLD.date_of_birth, OLD.playing_age_min,
      OLD.playing_age_max)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.search_text, NEW.gender_id, NEW.date_of_birth,
      NEW.playing_age_min, NEW.playing_age_max))
  EXECUTE FUNCTION applicants_person_fields();
--> statement-breakpoint
-- hand-written: `review_held` is true while a submission is in a For Review or Invited folder (system folders keep
-- their alias for life). Statement-level triggers with transition tables, so a bulk move updates each submission once;
-- an insert only looks at rows placed in those two folders, a delete only at submissions held now. A membership moved
-- to another folder or row (an update of its key, not of its position) rechecks both sides.
CREATE OR REPLACE FUNCTION submission_review_held(submission uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM folder_memberships m JOIN folders f ON f.id = m.folder_id
    WHERE m.submission_id = submission AND f.system_alias IN ('TS_FOR_REVIEW', 'TS_INVITED')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_held_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET review_held = true
  FROM (SELECT DISTINCT n.submission_id FROM new_memberships n JOIN folders f ON f.id = n.folder_id
    WHERE f.system_alias IN ('TS_FOR_REVIEW', 'TS_INVITED')) d
  WHERE s.id = d.submission_id AND NOT s.review_held;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_held_inserted AFTER INSERT ON folder_memberships
  REFERENCING NEW TABLE AS new_memberships FOR EACH STATEMENT EXECUTE FUNCTION folder_memberships_held_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_held_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET review_held = false
  FROM (SELECT DISTINCT submission_id FROM old_memberships) d
  WHERE s.id = d.submission_id AND s.review_held AND NOT submission_review_held(s.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_held_deleted AFTER DELETE ON folder_memberships
  REFERENCING OLD TABLE AS old_memberships FOR EACH STATEMENT EXECUTE FUNCTION folder_memberships_held_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folder_memberships_held_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET review_held = submission_review_held(s.id)
  WHERE s.id IN (OLD.submission_id, NEW.submission_id)
    AND s.review_held IS DISTINCT FROM submission_review_held(s.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folder_memberships_held_moved AFTER UPDATE OF folder_id, submission_id ON folder_memberships
  FOR EACH ROW
  WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.submission_id IS DISTINCT FROM NEW.submission_id)
  EXECUTE FUNCTION folder_memberships_held_moved();
--> statement-breakpoint
UPDATE submissions s SET search_text = a.search_text, gender_id = a.gender_id, date_of_birth = a.date_of_birth,
  playing_age_min = a.playing_age_min, playing_age_max = a.playing_age_max
FROM applicants a WHERE a.id = s.applicant_id;--> statement-breakpoint
UPDATE submissions s SET review_held = true
WHERE EXISTS (SELECT 1 FROM folder_memberships m JOIN folders f ON f.id = m.folder_id
  WHERE m.submission_id = s.id AND f.system_alias IN ('TS_FOR_REVIEW', 'TS_INVITED'));
