CREATE TABLE "notes" (
	"office_id" uuid DEFAULT current_office_id() NOT NULL,
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_user_id" uuid,
	"client_link_id" uuid,
	"client_viewer_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"visibility" text NOT NULL,
	"media_id" uuid,
	"offset_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_visibility_check" CHECK ("notes"."visibility" in ('ONLY_ME', 'TEAM', 'CLIENT_LINKS')),
	CONSTRAINT "notes_time_code_check" CHECK (("notes"."media_id" is null and "notes"."offset_ms" is null) or ("notes"."media_id" is not null and "notes"."offset_ms" >= 0)),
	CONSTRAINT "notes_author_check" CHECK ("notes"."client_link_id" is null or "notes"."visibility" = 'CLIENT_LINKS')
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_link_id_client_links_id_fk" FOREIGN KEY ("client_link_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_viewer_id_client_link_viewers_id_fk" FOREIGN KEY ("client_viewer_id") REFERENCES "public"."client_link_viewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_media_id_media_items_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_applicant_newest_idx" ON "notes" USING btree ("office_id","applicant_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "notes_media_newest_idx" ON "notes" USING btree ("office_id","media_id","created_at" desc,"id" desc) WHERE "notes"."media_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_submission_newest_idx" ON "notes" USING btree ("office_id","submission_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "notes_body_trgm_idx" ON "notes" USING gin (lower("body") gin_trgm_ops);--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------------
-- Hand-written below: row-level security of the notes, as every table with an office key has.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE "notes" ENABLE ROW LEVEL SECURITY
--> statement-breakpoint
CREATE POLICY "notes_office" ON "notes" USING ("office_id" = current_office_id()) WITH CHECK ("office_id" = current_office_id())
