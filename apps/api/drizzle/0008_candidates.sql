CREATE TABLE "applicant_tags" (
	"applicant_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_tags_applicant_id_tag_id_pk" PRIMARY KEY("applicant_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"date_of_birth" date,
	"playing_age_min" integer,
	"playing_age_max" integer,
	"gender_id" uuid,
	"ethnic_appearance_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sizes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"union_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"location" text,
	"address" jsonb,
	"social_profiles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bio" text,
	"resume" text,
	"search_text" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_email_lower_check" CHECK ("applicants"."email" = lower("applicants"."email")),
	CONSTRAINT "applicants_playing_age_check" CHECK ("applicants"."playing_age_min" is null or "applicants"."playing_age_max" is null or "applicants"."playing_age_min" <= "applicants"."playing_age_max")
);
--> statement-breakpoint
CREATE TABLE "folder_memberships" (
	"folder_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_memberships_folder_id_submission_id_pk" PRIMARY KEY("folder_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"referring_agent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_source_check" CHECK ("submissions"."source" in ('SUBMISSION_LINK', 'STANDALONE', 'ADMIN', 'IMPORT', 'COPY'))
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"submission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_submission_id_user_id_pk" PRIMARY KEY("submission_id","user_id"),
	CONSTRAINT "votes_vote_check" CHECK ("votes"."vote" in ('UP_VOTE', 'DOWN_VOTE', 'MAYBE'))
);
--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_tags" ADD CONSTRAINT "applicant_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_gender_id_lookup_values_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."lookup_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_memberships" ADD CONSTRAINT "folder_memberships_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_memberships" ADD CONSTRAINT "folder_memberships_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_memberships" ADD CONSTRAINT "folder_memberships_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_tags_tag_idx" ON "applicant_tags" USING btree ("tag_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_project_email_key" ON "applicants" USING btree ("project_id","email") WHERE "applicants"."email" is not null;--> statement-breakpoint
CREATE INDEX "applicants_search_trgm_idx" ON "applicants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_project_idx" ON "applicants" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "folder_memberships_submission_idx" ON "folder_memberships" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "folder_memberships_folder_position_idx" ON "folder_memberships" USING btree ("folder_id","position","submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_role_applicant_key" ON "submissions" USING btree ("role_id","applicant_id");--> statement-breakpoint
CREATE INDEX "submissions_applicant_idx" ON "submissions" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "submissions_project_newest_idx" ON "submissions" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "submissions_role_newest_idx" ON "submissions" USING btree ("role_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "votes_vote_submission_idx" ON "votes" USING btree ("vote","submission_id");--> statement-breakpoint
CREATE INDEX "votes_user_idx" ON "votes" USING btree ("user_id");