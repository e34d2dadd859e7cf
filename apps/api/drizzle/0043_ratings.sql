CREATE TABLE "rating_settings" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"project_id" uuid NOT NULL,
	"blind_review" boolean DEFAULT false NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_settings_office_id_project_id_pk" PRIMARY KEY("office_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_office_id_submission_id_user_id_pk" PRIMARY KEY("office_id","submission_id","user_id"),
	CONSTRAINT "ratings_score_check" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "candidate_traits" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"amount" integer,
	CONSTRAINT "candidate_traits_office_id_applicant_id_kind_value_pk" PRIMARY KEY("office_id","applicant_id","kind","value"),
	CONSTRAINT "candidate_traits_kind_check" CHECK ("candidate_traits"."kind" in ('UNION', 'ETHNICITY', 'SKILL', 'LANGUAGE', 'HEIGHT'))
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "rating_average" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_settings" ADD CONSTRAINT "rating_settings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_settings" ADD CONSTRAINT "rating_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_settings" ADD CONSTRAINT "rating_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_traits" ADD CONSTRAINT "candidate_traits_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_traits" ADD CONSTRAINT "candidate_traits_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_traits" ADD CONSTRAINT "candidate_traits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_user_idx" ON "ratings" USING btree ("office_id","user_id","project_id");--> statement-breakpoint
CREATE INDEX "candidate_traits_project_value_idx" ON "candidate_traits" USING btree ("office_id","project_id","kind","value","applicant_id");--> statement-breakpoint
CREATE INDEX "candidate_traits_project_amount_idx" ON "candidate_traits" USING btree ("office_id","project_id","kind","amount","applicant_id") WHERE "candidate_traits"."amount" is not null;--> statement-breakpoint
CREATE INDEX "applicants_project_coordinates_idx" ON "applicants" USING btree ("office_id","project_id","latitude","longitude") WHERE "applicants"."latitude" is not null;--> statement-breakpoint
CREATE INDEX "submissions_project_rating_idx" ON "submissions" USING btree ("office_id","project_id","rating_average" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_role_rating_idx" ON "submissions" USING btree ("office_id","role_id","rating_average" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: the rating aggregate on submissions, the candidate traits the filters read, and row-level
-- security of the new tables, as every table with an office key has.
-- ---------------------------------------------------------------------------------------------------------------
-- Each rating written, changed or removed moves its submission's count, sum and average (in thousandths) in the same
-- transaction, so the "rating" sort and the minimum-average filter read one index of submissions at any size.
CREATE OR REPLACE FUNCTION ratings_aggregate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := coalesce(NEW.submission_id, OLD.submission_id);
  count_delta int := (CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE 1 END) - (CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE 1 END);
  sum_delta int := (CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.score END) - (CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.score END);
BEGIN
  UPDATE submissions s SET rating_count = s.rating_count + count_delta, rating_sum = s.rating_sum + sum_delta,
    rating_average = CASE WHEN s.rating_count + count_delta > 0
      THEN round((s.rating_sum + sum_delta) * 1000.0 / (s.rating_count + count_delta))::int ELSE 0 END
  WHERE s.id = target;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ratings_aggregate AFTER INSERT OR DELETE OR UPDATE OF score ON ratings
  FOR EACH ROW EXECUTE FUNCTION ratings_aggregate();
--> statement-breakpoint
-- A height as talent writes it ("178 cm", "1.78 m", "5'10\"", "5 ft 10 in", "70 in", a bare 178 or 70) in whole
-- centimetres; a bare number under 100 is read as inches. Null when it cannot be read or is no person's height.
CREATE OR REPLACE FUNCTION candidate_height_cm(value text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t text := lower(btrim(coalesce(value, '')));
  m text[];
  cm numeric;
BEGIN
  IF t = '' THEN RETURN NULL; END IF;
  m := regexp_match(t, '^(\d+(?:[.,]\d+)?)\s*(?:cm|centimet(?:er|re)s?)$');
  IF m IS NOT NULL THEN cm := replace(m[1], ',', '.')::numeric;
  END IF;
  IF cm IS NULL THEN
    m := regexp_match(t, '^(\d(?:[.,]\d+)?)\s*(?:m|met(?:er|re)s?)$');
    IF m IS NOT NULL THEN cm := replace(m[1], ',', '.')::numeric * 100; END IF;
  END IF;
  IF cm IS NULL THEN
    m := regexp_match(t, '^(\d)\s*(?:''|’|ft|feet|foot)\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|''''|”|in|inch|inches)?)?$');
    IF m IS NOT NULL THEN cm := m[1]::numeric * 30.48 + coalesce(m[2], '0')::numeric * 2.54; END IF;
  END IF;
  IF cm IS NULL THEN
    m := regexp_match(t, '^(\d+(?:\.\d+)?)\s*(?:"|''''|”|in|inch|inches)$');
    IF m IS NOT NULL THEN cm := m[1]::numeric * 2.54; END IF;
  END IF;
  IF cm IS NULL THEN
    m := regexp_match(t, '^(\d+(?:\.\d+)?)$');
    IF m IS NOT NULL THEN
      cm := m[1]::numeric;
      IF cm < 100 THEN cm := cm * 2.54; END IF;
    END IF;
  END IF;
  IF cm IS NULL OR cm < 30 OR cm > 275 THEN RETURN NULL; END IF;
  RETURN round(cm)::int;
END $$;
--> statement-breakpoint
-- The applicant's unions, ethnic appearances, skills, languages and height as rows of candidate_traits, rewritten
-- whenever one of them changes, so the list's filters probe an index instead of reading arrays row by row.
CREATE OR REPLACE FUNCTION applicants_traits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM candidate_traits WHERE office_id = OLD.office_id AND applicant_id = OLD.id;
  END IF;
  INSERT INTO candidate_traits (office_id, applicant_id, project_id, kind, value, amount)
  SELECT NEW.office_id, NEW.id, NEW.project_id, t.kind, t.value, t.amount FROM (
    SELECT 'UNION' AS kind, u::text AS value, NULL::int AS amount FROM unnest(NEW.union_ids) u
    UNION SELECT 'ETHNICITY', e::text, NULL FROM unnest(NEW.ethnic_appearance_ids) e
    UNION SELECT 'SKILL', lower(btrim(k)), NULL FROM unnest(NEW.skills) k WHERE btrim(k) <> ''
    UNION SELECT 'LANGUAGE', lower(btrim(l)), NULL FROM unnest(NEW.languages) l WHERE btrim(l) <> ''
    UNION SELECT 'HEIGHT', '', h.cm FROM (SELECT candidate_height_cm(NEW.sizes->>'height') AS cm) h
      WHERE h.cm IS NOT NULL
  ) t;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER applicants_traits AFTER INSERT OR UPDATE OF union_ids, ethnic_appearance_ids, skills, languages, sizes
  ON applicants FOR EACH ROW EXECUTE FUNCTION applicants_traits();
--> statement-breakpoint
INSERT INTO candidate_traits (office_id, applicant_id, project_id, kind, value, amount)
SELECT a.office_id, a.id, a.project_id, t.kind, t.value, t.amount FROM applicants a CROSS JOIN LATERAL (
  SELECT 'UNION' AS kind, u::text AS value, NULL::int AS amount FROM unnest(a.union_ids) u
  UNION SELECT 'ETHNICITY', e::text, NULL FROM unnest(a.ethnic_appearance_ids) e
  UNION SELECT 'SKILL', lower(btrim(k)), NULL FROM unnest(a.skills) k WHERE btrim(k) <> ''
  UNION SELECT 'LANGUAGE', lower(btrim(l)), NULL FROM unnest(a.languages) l WHERE btrim(l) <> ''
  UNION SELECT 'HEIGHT', '', h.cm FROM (SELECT candidate_height_cm(a.sizes->>'height') AS cm) h WHERE h.cm IS NOT NULL
) t
--> statement-breakpoint
ALTER TABLE "ratings" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "ratings_office" ON "ratings" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "rating_settings" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "rating_settings_office" ON "rating_settings" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
--> statement-breakpoint
ALTER TABLE "candidate_traits" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "candidate_traits_office" ON "candidate_traits" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
