ALTER TABLE "email_template_seeds" ADD COLUMN "starter_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "people_location_trgm_idx" ON "people" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_feedback_submission_idx" ON "client_feedback" USING btree ("submission_id");--> statement-breakpoint
-- hand-written: projects seeded before starters were tracked by key had the first four (decision 0052); the roster
-- notice starters are added to them on their next read.
UPDATE "email_template_seeds" SET "starter_keys" = ARRAY['INVITATION','SELF_TAPE','CALLBACK','RELEASE']::text[];--> statement-breakpoint
-- hand-written: the roster's skill filter matches a skill in any case ("Singing" finds "singing"); the people's skills
-- lower-cased, as an immutable function so a GIN index can hold them and `@>` can use it (decision 0053).
CREATE OR REPLACE FUNCTION text_array_lower(items text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(item)), '{}'::text[]) FROM unnest(items) AS item
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "people_skills_lower_idx" ON "people" USING gin (text_array_lower("skills"));
