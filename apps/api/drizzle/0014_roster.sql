CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"date_of_birth" date,
	"gender_id" uuid,
	"location" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"union_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"sort_last_name" text DEFAULT '' NOT NULL,
	"sort_first_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_email_lower_check" CHECK ("people"."email" = lower("people"."email"))
);
--> statement-breakpoint
CREATE TABLE "office_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_duplicate_dismissals" (
	"person_a_id" uuid NOT NULL,
	"person_b_id" uuid NOT NULL,
	"decided_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_duplicate_dismissals_person_a_id_person_b_id_pk" PRIMARY KEY("person_a_id","person_b_id"),
	CONSTRAINT "person_duplicate_dismissals_order_check" CHECK ("person_duplicate_dismissals"."person_a_id" < "person_duplicate_dismissals"."person_b_id")
);
--> statement-breakpoint
CREATE TABLE "person_merges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kept_person_id" uuid NOT NULL,
	"merged_person_id" uuid NOT NULL,
	"merged_person" jsonb NOT NULL,
	"merged_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_tags" (
	"person_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_tags_person_id_tag_id_pk" PRIMARY KEY("person_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "roster_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"status" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"rate" text,
	"booked_as" text,
	"note" text,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_entries_status_check" CHECK ("roster_entries"."status" in ('AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED', 'RELEASED')),
	CONSTRAINT "roster_entries_dates_check" CHECK ("roster_entries"."start_date" is null or "roster_entries"."end_date" is null or "roster_entries"."start_date" <= "roster_entries"."end_date")
);
--> statement-breakpoint
CREATE TABLE "roster_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"rate" text,
	"booked_as" text,
	"note" text,
	"actor_id" uuid,
	"notify" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_events_status_check" CHECK ("roster_events"."status" in ('AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED', 'RELEASED'))
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "person_id" uuid;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_gender_id_lookup_values_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ADD CONSTRAINT "person_duplicate_dismissals_person_a_id_people_id_fk" FOREIGN KEY ("person_a_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ADD CONSTRAINT "person_duplicate_dismissals_person_b_id_people_id_fk" FOREIGN KEY ("person_b_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_duplicate_dismissals" ADD CONSTRAINT "person_duplicate_dismissals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_kept_person_id_people_id_fk" FOREIGN KEY ("kept_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_merges" ADD CONSTRAINT "person_merges_merged_by_id_users_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_notes" ADD CONSTRAINT "person_notes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_notes" ADD CONSTRAINT "person_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_tags" ADD CONSTRAINT "person_tags_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_tags" ADD CONSTRAINT "person_tags_tag_id_office_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."office_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_entry_id_roster_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."roster_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_events" ADD CONSTRAINT "roster_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree ("email") WHERE "people"."email" is not null;--> statement-breakpoint
CREATE INDEX "people_search_trgm_idx" ON "people" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree ("sort_last_name","sort_first_name","id");--> statement-breakpoint
CREATE INDEX "people_newest_idx" ON "people" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "people_identity_idx" ON "people" USING btree ("sort_last_name","sort_first_name","date_of_birth") WHERE "people"."date_of_birth" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "office_tags_name_key" ON "office_tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "person_duplicate_dismissals_b_idx" ON "person_duplicate_dismissals" USING btree ("person_b_id");--> statement-breakpoint
CREATE INDEX "person_merges_kept_idx" ON "person_merges" USING btree ("kept_person_id");--> statement-breakpoint
CREATE INDEX "person_merges_merged_idx" ON "person_merges" USING btree ("merged_person_id");--> statement-breakpoint
CREATE INDEX "person_notes_person_idx" ON "person_notes" USING btree ("person_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "person_tags_tag_idx" ON "person_tags" USING btree ("tag_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_entries_submission_key" ON "roster_entries" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "roster_entries_project_newest_idx" ON "roster_entries" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "roster_entries_project_status_idx" ON "roster_entries" USING btree ("project_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "roster_entries_applicant_idx" ON "roster_entries" USING btree ("applicant_id","start_date");--> statement-breakpoint
CREATE INDEX "roster_events_entry_idx" ON "roster_events" USING btree ("entry_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_person_idx" ON "applicants" USING btree ("person_id");--> statement-breakpoint
-- ===== Hand-written below (roster, decision 0038): drizzle-kit does not generate functions, triggers or backfills.
-- The office's people: one row per person across projects. Sort names (and, when a writer left it empty, the search
-- text) are kept by trigger with the same folding as the candidates list's `candidate_sort_fold` (migration 0009).
CREATE OR REPLACE FUNCTION people_fold_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_last_name := candidate_sort_fold(NEW.last_name);
  NEW.sort_first_name := candidate_sort_fold(NEW.first_name);
  IF NEW.search_text IS NULL OR NEW.search_text = '' THEN
    NEW.search_text := trim(candidate_sort_fold(NEW.first_name || ' ' || NEW.last_name || ' ' || coalesce(NEW.email, '')));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_fold_names BEFORE INSERT OR UPDATE OF first_name, last_name, email, search_text ON people
  FOR EACH ROW EXECUTE FUNCTION people_fold_names();
--> statement-breakpoint
-- Backfill: one person per distinct e-mail (details of the earliest applicant), and one per applicant without an
-- e-mail (the person takes the applicant's id, which is free in this table).
INSERT INTO people (first_name, last_name, email, phone, date_of_birth, gender_id, location, skills, union_ids,
    languages, search_text, created_at)
  SELECT DISTINCT ON (a.email) a.first_name, a.last_name, a.email, a.phone, a.date_of_birth, a.gender_id, a.location,
    a.skills, a.union_ids, a.languages, a.search_text, a.created_at
  FROM applicants a WHERE a.email IS NOT NULL ORDER BY a.email, a.created_at, a.id;
--> statement-breakpoint
UPDATE applicants a SET person_id = p.id FROM people p WHERE a.email IS NOT NULL AND p.email = a.email;
--> statement-breakpoint
INSERT INTO people (id, first_name, last_name, phone, date_of_birth, gender_id, location, skills, union_ids,
    languages, search_text, created_at)
  SELECT a.id, a.first_name, a.last_name, a.phone, a.date_of_birth, a.gender_id, a.location, a.skills, a.union_ids,
    a.languages, a.search_text, a.created_at
  FROM applicants a WHERE a.email IS NULL;
--> statement-breakpoint
UPDATE applicants SET person_id = id WHERE email IS NULL;
--> statement-breakpoint
ALTER TABLE applicants ALTER COLUMN person_id SET NOT NULL;
--> statement-breakpoint
-- Every applicant inserted without a person is linked here, whoever writes it: by e-mail to the office's person with
-- that address (blank details of the person are filled from the application, nothing is overwritten), else to a new
-- person. Names and date of birth alone never link: that is a likely duplicate for a human to confirm.
-- ON CONFLICT makes two concurrent first applications of one address end on one person.
CREATE OR REPLACE FUNCTION applicants_link_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO people (first_name, last_name, email, phone, date_of_birth, gender_id, location, skills, union_ids,
      languages, search_text)
    VALUES (NEW.first_name, NEW.last_name, NEW.email, NEW.phone, NEW.date_of_birth, NEW.gender_id, NEW.location,
      NEW.skills, NEW.union_ids, NEW.languages, NEW.search_text)
    ON CONFLICT (email) WHERE email IS NOT NULL DO NOTHING
    RETURNING id INTO NEW.person_id;
  IF NEW.person_id IS NULL THEN
    SELECT id INTO NEW.person_id FROM people WHERE email = NEW.email;
    UPDATE people SET
        phone = coalesce(phone, NEW.phone),
        date_of_birth = coalesce(date_of_birth, NEW.date_of_birth),
        gender_id = coalesce(gender_id, NEW.gender_id),
        location = coalesce(location, NEW.location),
        updated_at = now()
      WHERE id = NEW.person_id
        AND ((phone IS NULL AND NEW.phone IS NOT NULL) OR (date_of_birth IS NULL AND NEW.date_of_birth IS NOT NULL)
          OR (gender_id IS NULL AND NEW.gender_id IS NOT NULL) OR (location IS NULL AND NEW.location IS NOT NULL));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER applicants_link_person BEFORE INSERT ON applicants
  FOR EACH ROW EXECUTE FUNCTION applicants_link_person();
