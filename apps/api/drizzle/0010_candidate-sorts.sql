ALTER TABLE "submissions" ADD COLUMN "sort_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "sort_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "up_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_project_name_idx" ON "submissions" USING btree ("project_id","sort_last_name","sort_first_name","id");--> statement-breakpoint
CREATE INDEX "submissions_role_name_idx" ON "submissions" USING btree ("role_id","sort_last_name","sort_first_name","id");--> statement-breakpoint
CREATE INDEX "submissions_project_votes_idx" ON "submissions" USING btree ("project_id","up_votes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_role_votes_idx" ON "submissions" USING btree ("role_id","up_votes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written below (drizzle-kit does not generate functions or triggers). The sort keys live on `submissions`, the
-- list's driving table, so that each sort walks one index; triggers keep them true whoever writes the rows.
-- Names are folded like the API's search text (lower case, accents of Latin letters removed; PGlite has no unaccent).
CREATE OR REPLACE FUNCTION candidate_sort_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(lower(coalesce(value, '')),
    'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž',
    'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION submissions_sort_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT candidate_sort_fold(a.last_name), candidate_sort_fold(a.first_name)
    INTO NEW.sort_last_name, NEW.sort_first_name
    FROM applicants a WHERE a.id = NEW.applicant_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER submissions_sort_names BEFORE INSERT OR UPDATE OF applicant_id ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_sort_names();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION applicants_sort_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions SET sort_last_name = candidate_sort_fold(NEW.last_name),
    sort_first_name = candidate_sort_fold(NEW.first_name)
  WHERE applicant_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applicants_sort_names AFTER UPDATE OF first_name, last_name ON applicants
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION applicants_sort_names();
--> statement-breakpoint
-- Up-vote counts: statement-level triggers with transition tables, so a bulk vote (or a million generated ones)
-- updates each submission once. A vote deleted with its submission updates nothing (the row is gone).
CREATE OR REPLACE FUNCTION votes_up_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET up_votes = s.up_votes + d.n
  FROM (SELECT submission_id, count(*)::int AS n FROM new_votes WHERE vote = 'UP_VOTE' GROUP BY submission_id) d
  WHERE s.id = d.submission_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER votes_up_inserted AFTER INSERT ON votes REFERENCING NEW TABLE AS new_votes
  FOR EACH STATEMENT EXECUTE FUNCTION votes_up_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION votes_up_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET up_votes = greatest(s.up_votes - d.n, 0)
  FROM (SELECT submission_id, count(*)::int AS n FROM old_votes WHERE vote = 'UP_VOTE' GROUP BY submission_id) d
  WHERE s.id = d.submission_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER votes_up_deleted AFTER DELETE ON votes REFERENCING OLD TABLE AS old_votes
  FOR EACH STATEMENT EXECUTE FUNCTION votes_up_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION votes_up_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s SET up_votes = greatest(s.up_votes + d.n, 0)
  FROM (
    SELECT submission_id, sum(delta)::int AS n FROM (
      SELECT submission_id, 1 AS delta FROM new_votes WHERE vote = 'UP_VOTE'
      UNION ALL
      SELECT submission_id, -1 AS delta FROM old_votes WHERE vote = 'UP_VOTE'
    ) changes GROUP BY submission_id
  ) d
  WHERE s.id = d.submission_id AND d.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER votes_up_updated AFTER UPDATE ON votes REFERENCING OLD TABLE AS old_votes NEW TABLE AS new_votes
  FOR EACH STATEMENT EXECUTE FUNCTION votes_up_updated();
--> statement-breakpoint
UPDATE submissions s SET
  sort_last_name = candidate_sort_fold(a.last_name),
  sort_first_name = candidate_sort_fold(a.first_name),
  up_votes = (SELECT count(*)::int FROM votes v WHERE v.submission_id = s.id AND v.vote = 'UP_VOTE')
FROM applicants a WHERE a.id = s.applicant_id;
